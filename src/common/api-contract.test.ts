import { describe, expect, it } from 'vitest';
import { apiPath, endpoint } from './api-contract.ts';

describe('an endpoint contract', () => {
  it('keeps its method, path and success status as written (200 unless said)', () => {
    expect(endpoint<{ reply: string }>()('GET', '/things/:id')).toEqual({
      method: 'GET',
      path: '/things/:id',
      status: 200,
    });
    expect(endpoint()('POST', '/things', 201).status).toBe(201);
  });

  it('puts the parameters in the path, encoded, and appends the set query values in order', () => {
    expect(apiPath('/orders/:orderNumber/advance', { orderNumber: 'TSW-1' })).toBe('/orders/TSW-1/advance');
    expect(apiPath('/a/:x/b/:y', { x: 'a/b?', y: 'ü' })).toBe('/a/a%2Fb%3F/b/%C3%BC');
    expect(apiPath('/list', {}, { view: 'open', q: '', page: 2, gone: undefined, none: null })).toBe(
      '/list?view=open&page=2',
    );
    expect(apiPath('/list', {}, { q: 'a b&c' })).toBe('/list?q=a+b%26c');
  });

  it('refuses a path whose parameter is missing', () => {
    expect(() => apiPath('/things/:id', {} as { id: string })).toThrow('needs its parameter id');
  });
});
