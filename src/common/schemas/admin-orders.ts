/** Orders and stats as the admin area reads them, and the state change it sends. */
import { z } from 'zod';
import { CATEGORIES, ORDER_STATES } from '../catalog.ts';

export const orderStateInputSchema = z.object({
  state: z.enum(ORDER_STATES, 'Please choose ordered, packed, dispatched, delivered or cancelled'),
});

export const adminOrderLineSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  discountPrice: z.number().int(),
});

export const orderEventSchema = z.object({
  status: z.string(),
  admin: z.string().nullable(),
  at: z.string(),
});

export const adminOrderSchema = z.object({
  id: z.string(),
  userName: z.string(),
  userPhone: z.string(),
  address: z.string(),
  status: z.string(),
  /** False while no admin has set a state: the shopper then reads Pending. */
  setByAdmin: z.boolean(),
  quantity: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
  lines: z.array(adminOrderLineSchema),
  history: z.array(orderEventSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const ORDER_PAGE_SIZE = 40;

export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATES, 'Unknown order state').optional(),
  q: z
    .string()
    .trim()
    .max(40, 'The search is too long')
    .regex(/^[0-9A-Za-z]*$/, 'Search by an order id or a phone number (letters and digits only)')
    .optional(),
  page: z.coerce.number('The page must be a number').int().min(1).max(100_000).default(1),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const adminOrderPageSchema = z.object({
  items: z.array(adminOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

export const statsSchema = z.object({
  totalProducts: z.number().int(),
  byCategory: z.record(z.enum(CATEGORIES), z.number().int()),
  ordersByState: z.record(z.enum(ORDER_STATES), z.number().int()),
  /** The last 30 days, oldest first, each day in India time (YYYY-MM-DD). */
  ordersPerDay: z.array(z.object({ day: z.string(), orders: z.number().int() })),
  topViewed: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      category: z.string(),
      image: z.string().nullable(),
      views: z.number().int(),
    }),
  ),
});
export type AdminStats = z.infer<typeof statsSchema>;
