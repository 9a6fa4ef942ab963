/**
 * The cart's endpoints (src/common/api-contract.ts): the shopper's cart on the server, and the
 * price quote of a visitor's local cart. Types only from the schemas: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint } from './api-contract.ts';
import type { AddToCartResult, addToCartSchema, Cart, mergeCartSchema, setQuantitySchema } from './schemas/cart.ts';

export const cartApi = {
  /** Prices a visitor's local cart with the server's current data; needs no session. */
  quote: endpoint<{ reply: Cart; body: z.input<typeof mergeCartSchema> }>()('POST', '/cart/quote'),
  cart: endpoint<{ reply: Cart }>()('GET', '/cart'),
  /** Adds a watch (again raises the quantity, never past 10); `added` says how many were added. */
  addItem: endpoint<{ reply: AddToCartResult; body: z.input<typeof addToCartSchema> }>()('POST', '/cart/items'),
  setQuantity: endpoint<{ reply: Cart; body: z.input<typeof setQuantitySchema> }>()('PUT', '/cart/items/:productId'),
  removeItem: endpoint<{ reply: Cart }>()('DELETE', '/cart/items/:productId'),
  merge: endpoint<{ reply: Cart; body: z.input<typeof mergeCartSchema> }>()('POST', '/cart/merge'),
} as const;
