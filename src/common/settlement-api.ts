/**
 * The owner's settlement of an order (src/common/api-contract.ts; docs/product.md "Every advance
 * settled"): a refund recorded with its reference and date, or the advance kept under a case of the
 * policy. Each answers the order as Admin Orders shows it. Types only: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint } from './api-contract.ts';
import type { AdminOrderReply } from './schemas/admin-orders.ts';
import type { keepInputSchema, refundInputSchema } from './schemas/settlement.ts';

export const settlementApi = {
  recordRefund: endpoint<{ reply: AdminOrderReply; body: z.input<typeof refundInputSchema> }>()(
    'POST',
    '/admin/orders/:orderNumber/refunds',
  ),
  keepAdvance: endpoint<{ reply: AdminOrderReply; body: z.input<typeof keepInputSchema> }>()(
    'POST',
    '/admin/orders/:orderNumber/advance-kept',
  ),
} as const;
