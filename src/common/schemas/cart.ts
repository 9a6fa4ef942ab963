/**
 * Cart shapes shared by the cart screens and the cart API. Quantities are 1 to
 * 10 (docs/product.md#limits-and-constants); the server is the only source of names, prices and stock.
 */
import { z } from 'zod';
import { CART_QTY_MAX, CART_QTY_MIN, MAX_CART_LINES } from '../constants.ts';

export const QUANTITY_MESSAGE = `Please choose a quantity from ${CART_QTY_MIN} to ${CART_QTY_MAX}`;
export const UNKNOWN_PRODUCT = 'This watch is no longer available';

export const quantitySchema = z
  .number(QUANTITY_MESSAGE)
  .int(QUANTITY_MESSAGE)
  .min(CART_QTY_MIN, QUANTITY_MESSAGE)
  .max(CART_QTY_MAX, QUANTITY_MESSAGE);
export const productIdSchema = z.string(UNKNOWN_PRODUCT).trim().min(1, UNKNOWN_PRODUCT).max(64, UNKNOWN_PRODUCT);

export { MAX_CART_LINES };

/** A visitor's cart line as kept in local storage (docs/product.md#entities: {id, proname, quantity}). */
export const visitorCartLineSchema = z.object({
  id: productIdSchema,
  proname: z.string().max(300).optional(),
  quantity: quantitySchema,
});
export type VisitorCartLine = z.infer<typeof visitorCartLineSchema>;
export const visitorCartSchema = z.array(visitorCartLineSchema).max(MAX_CART_LINES, 'Your cart has too many watches');

export const addToCartSchema = z.object({ productId: productIdSchema, quantity: quantitySchema.default(1) });
export const setQuantitySchema = z.object({ quantity: quantitySchema });
/** The cart line a PUT or DELETE /cart/items/:productId names. */
export const cartItemParamsSchema = z.object({ productId: productIdSchema });
export const mergeCartSchema = z.object({ lines: visitorCartSchema });

export const totalsSchema = z.object({
  totalMrp: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
});

/** One cart line with the product's current name, prices and stock. */
export const cartLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  path: z.string(),
  price: z.number().int(),
  discountPrice: z.number().int(),
  quantity: z.number().int(),
  /** The most the quantity select offers: the cart's limit, or fewer when fewer are in stock. */
  maxQuantity: z.number().int(),
  /** False when the product is out of stock or deleted: shown, never ordered (docs/product.md#better-17). */
  available: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  /** Totals of the available lines only: the ones an order would contain. */
  totals: totalsSchema,
});
export type Cart = z.infer<typeof cartSchema>;

/** POST /cart/items: the cart, and how many watches the call added (0 when the line was already at the cap). */
export const addToCartResultSchema = cartSchema.extend({ added: z.number().int().min(0) });
export type AddToCartResult = z.infer<typeof addToCartResultSchema>;
