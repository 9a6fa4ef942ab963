/**
 * A route registered from its contract: the path lands under the scope's prefix, and a route
 * whose schemas do not produce the contract's types does not compile (the @ts-expect-error
 * lines below are checked by `npm run typecheck`: each must be an error, or the check fails).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../common/api-contract.ts';
import { cartApi } from '../../common/cart-api.ts';
import { cartItemParamsSchema, cartSchema, setQuantitySchema } from '../../common/schemas/cart.ts';
import { contractRoute, noContentSchema } from './contract-route.ts';

const api = { prefix: '/api' };
const admin = { prefix: '/api/admin' };

describe('contractRoute', () => {
  it('registers the contract’s method at its path, relative to the scope it is registered in', () => {
    const route = contractRoute(api, cartApi.setQuantity, {
      params: cartItemParamsSchema,
      body: setQuantitySchema,
      response: { 200: cartSchema },
    });
    expect(route).toMatchObject({ method: 'PUT', url: '/cart/items/:productId' });
    const remove = endpoint()('DELETE', '/admin/things/:id', 204);
    const params = z.object({ id: z.string() });
    expect(contractRoute(admin, remove, { params, response: { 204: noContentSchema } }).url).toBe('/things/:id');
  });

  it('refuses a contract whose path lies outside the scope', () => {
    expect(() => contractRoute(admin, cartApi.cart, { response: { 200: cartSchema } })).toThrow(
      'GET /api/cart is registered in /api/admin, outside its path',
    );
  });

  it('does not compile when a route’s schemas and its contract disagree', () => {
    const wrongReply = z.object({ lines: z.array(z.string()) });
    // @ts-expect-error: the reply is not the contract's Cart
    contractRoute(api, cartApi.cart, { response: { 200: wrongReply } });
    // @ts-expect-error: the success status is 200, not 201
    contractRoute(api, cartApi.cart, { response: { 201: cartSchema } });
    // @ts-expect-error: the path names :productId, not :id
    contractRoute(api, cartApi.removeItem, { params: z.object({ id: z.string() }), response: { 200: cartSchema } });
    // @ts-expect-error: the contract takes a body of { quantity }
    contractRoute(api, cartApi.setQuantity, { params: cartItemParamsSchema, response: { 200: cartSchema } });
    const merge = { lines: z.array(z.string()) };
    // @ts-expect-error: the body schema reads something else than the contract's body
    contractRoute(api, cartApi.merge, { body: z.object(merge), response: { 200: cartSchema } });
    expect(true).toBe(true);
  });
});
