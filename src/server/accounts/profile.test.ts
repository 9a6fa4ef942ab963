import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/schemas/account.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { ADDRESS, signUp, testPhone } from '../test-support/shoppers.ts';
import { PHONE_TAKEN } from './users.ts';

describe.each(TEST_DIALECTS)('profile on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t.close());

  const put = (cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', payload, ...(cookie ? { headers: { cookie } } : {}) });
  const valid = (number: string) => ({
    name: 'Asha R',
    number,
    email: 'asha.r@example.com',
    addresses: [ADDRESS, '7, Rose Villa, near Lake Park, Kolkata - 700029, West Bengal'],
  });

  it('reads and edits the shopper’s own profile', async () => {
    const { cookie } = await signUp(t.app);
    const number = testPhone();
    const res = await put(cookie, valid(number));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Asha R', number, email: 'asha.r@example.com' });
    const read = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(read.json().user.addresses).toHaveLength(2);
    expect(read.body).not.toMatch(/password/i);
  });

  it('checks the edit rules with the messages of docs/product.md#validation', async () => {
    const shopper = await signUp(t.app);
    const base = valid(shopper.number);
    const cases: Array<[object, string]> = [
      [{ ...base, name: 'A' }, MESSAGES.name],
      [{ ...base, number: '99' }, MESSAGES.phone],
      [{ ...base, email: 'nope' }, MESSAGES.email],
      [{ ...base, addresses: [ADDRESS, ''] }, MESSAGES.address],
      [{ ...base, addresses: ['short'] }, MESSAGES.address],
      [{ ...base, addresses: [] }, 'Keep at least one address'],
    ];
    for (const [body, message] of cases) {
      const res = await put(shopper.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('refuses a number another shopper holds, and accepts keeping one’s own', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const taken = await put(a.cookie, valid(b.number));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(PHONE_TAKEN);
    expect((await put(a.cookie, valid(a.number))).statusCode).toBe(200);
  });

  it('adds a checkout address to the list once', async () => {
    const { cookie } = await signUp(t.app);
    const address = '3, Palm Court, near Bus Stand, Jaipur - 302001, Rajasthan';
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/profile/addresses',
        headers: { cookie },
        payload: { address },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.addresses).toEqual([ADDRESS, address]);
    }
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/profile/addresses',
      headers: { cookie },
      payload: { address: 'short' },
    });
    expect(short.json().error.message).toBe(MESSAGES.address);
  });

  it('answers nobody with 401 and ignores any user id sent', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    expect((await put(undefined, valid(testPhone()))).statusCode).toBe(401);
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const res = await put(a.cookie, { ...valid(a.number), id: b.id, userId: b.id });
    expect(res.json().user.id).toBe(a.id);
    const bRead = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: b.cookie } });
    expect(bRead.json().user.name).toBe('Asha Rao');
  });
});
