/** The cart endpoints: the account cart on the server, and the price quote of a visitor's cart. */
import type { AddToCartResult, Cart, VisitorCartLine } from '../../../common/schemas/cart.ts';
import { api } from '../../lib/api-client.ts';

export const fetchCart = (signal?: AbortSignal) => api<Cart>('/cart', signal ? { signal } : {});

export const quoteVisitorCart = (lines: VisitorCartLine[], signal?: AbortSignal) =>
  api<Cart>('/cart/quote', { method: 'POST', body: { lines }, ...(signal ? { signal } : {}) });

export const addCartItem = (productId: string, quantity = 1) =>
  api<AddToCartResult>('/cart/items', { method: 'POST', body: { productId, quantity } });

export const setCartQuantity = (productId: string, quantity: number) =>
  api<Cart>(`/cart/items/${encodeURIComponent(productId)}`, { method: 'PUT', body: { quantity } });

export const removeCartItem = (productId: string) =>
  api<Cart>(`/cart/items/${encodeURIComponent(productId)}`, { method: 'DELETE' });
