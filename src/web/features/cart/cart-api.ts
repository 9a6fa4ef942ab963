/** The cart endpoints: the account cart on the server, and the price quote of a visitor's cart (src/common/cart-api.ts). */
import { cartApi } from '../../../common/cart-api.ts';
import type { VisitorCartLine } from '../../../common/schemas/cart.ts';
import { call } from '../../lib/api-client.ts';

export const fetchCart = (signal?: AbortSignal) => call(cartApi.cart, { signal });

export const quoteVisitorCart = (lines: VisitorCartLine[], signal?: AbortSignal) =>
  call(cartApi.quote, { body: { lines }, signal });

export const addCartItem = (productId: string, quantity = 1) =>
  call(cartApi.addItem, { body: { productId, quantity } });

export const setCartQuantity = (productId: string, quantity: number) =>
  call(cartApi.setQuantity, { params: { productId }, body: { quantity } });

export const removeCartItem = (productId: string) => call(cartApi.removeItem, { params: { productId } });
