/** Order shapes shared by checkout, Your Orders, History and the orders API. */
import { z } from 'zod';
import { addressSchema } from './account.ts';
import { MAX_CART_LINES, productIdSchema, quantitySchema, totalsSchema } from './cart.ts';

export const placeOrderSchema = z.object({
  address: addressSchema,
  /** One per checkout attempt (crypto.randomUUID): a repeated submit returns the same order. */
  idempotencyKey: z
    .string('Please try placing the order again')
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Please try placing the order again'),
  /** Lines to order; when absent, the shopper's cart is ordered. Prices are never read from here. */
  lines: z
    .array(z.object({ productId: productIdSchema, quantity: quantitySchema }))
    .min(1, 'Your cart is empty')
    .max(MAX_CART_LINES, 'Too many watches in one order')
    .optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export const orderLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number().int(),
  discountPrice: z.number().int(),
  quantity: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  address: z.string(),
  status: z.string(),
  /** What the shopper reads: Pending until an admin sets a state. */
  statusLabel: z.string(),
  lines: z.array(orderLineSchema),
  totals: totalsSchema,
  delivery: z.object({ from: z.string(), to: z.string() }),
});
export type Order = z.infer<typeof orderSchema>;

/** Your Orders shows the undelivered ones, History the delivered ones (SPEC §4). */
export const ORDER_VIEWS = ['open', 'delivered', 'all'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];
