/**
 * The orders' endpoints (src/common/api-contract.ts), built in one place for the server's
 * routes and the browser's calls and links: a shopper's own orders, the owner's orders, and
 * their paperwork. Orders are named by their number (TSW-10427); the internal id never leaves
 * the server. Types only from the schemas: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint, type FileReply, fileUrl } from './api-contract.ts';
import type { AddressDoubtInput } from './schemas/address-check.ts';
import type {
  AdminOrderPage,
  AdminOrderReply,
  advanceActionSchema,
  labelsQuerySchema,
  orderListQuerySchema,
  orderStateInputSchema,
} from './schemas/admin-orders.ts';
import type {
  AdvancePaymentInput,
  OrderList,
  OrderReply,
  orderViewQuerySchema,
  placeOrderSchema,
} from './schemas/order.ts';

export const orderApi = {
  /** Places a cash-on-delivery order (201); the same idempotency key answers the same order (200). */
  place: endpoint<{ reply: OrderReply; body: z.input<typeof placeOrderSchema> }>()('POST', '/orders', 201),
  list: endpoint<{ reply: OrderList; query: z.input<typeof orderViewQuerySchema> }>()('GET', '/orders'),
  order: endpoint<{ reply: OrderReply }>()('GET', '/orders/:orderNumber'),
  /** The shopper's UPI reference (UTR) of the advance. */
  sendAdvance: endpoint<{ reply: OrderReply; body: AdvancePaymentInput }>()('POST', '/orders/:orderNumber/advance'),
  /** Pay the whole order now instead of an advance (unpaid orders only; common/pay-in-full.ts). */
  payInFull: endpoint<{ reply: OrderReply }>()('POST', '/orders/:orderNumber/pay-in-full'),
  /** The QR code of the order's UPI payment link, as an SVG image. */
  advanceQr: endpoint<{ reply: FileReply }>()('GET', '/orders/:orderNumber/advance-qr.svg'),
  /** The shopper's own invoice as a PDF: dispatched or delivered orders only. */
  invoice: endpoint<{ reply: FileReply }>()('GET', '/orders/:orderNumber/invoice.pdf'),

  adminOrders: endpoint<{ reply: AdminOrderPage; query: z.input<typeof orderListQuerySchema> }>()(
    'GET',
    '/admin/orders',
  ),
  /** The orders as CSV, one row per line (the list's filters). */
  exportCsv: endpoint<{ reply: FileReply; query: Omit<z.input<typeof orderListQuerySchema>, 'page'> }>()(
    'GET',
    '/admin/orders/export.csv',
  ),
  adminOrder: endpoint<{ reply: AdminOrderReply }>()('GET', '/admin/orders/:orderNumber'),
  setState: endpoint<{ reply: AdminOrderReply; body: z.input<typeof orderStateInputSchema> }>()(
    'PATCH',
    '/admin/orders/:orderNumber/state',
  ),
  /** The owner's finding on the advance: received, refused or waived. */
  recordAdvance: endpoint<{ reply: AdminOrderReply; body: z.input<typeof advanceActionSchema> }>()(
    'POST',
    '/admin/orders/:orderNumber/advance',
  ),
  /** The owner marks the address doubtful: packing waits, the shopper gets the correction link. */
  markAddressDoubt: endpoint<{ reply: AdminOrderReply; body: AddressDoubtInput }>()(
    'POST',
    '/admin/orders/:orderNumber/address-doubt',
  ),
  /** The owner takes the mark back. */
  clearAddressDoubt: endpoint<{ reply: AdminOrderReply }>()('DELETE', '/admin/orders/:orderNumber/address-doubt'),
  adminInvoice: endpoint<{ reply: FileReply }>()('GET', '/admin/orders/:orderNumber/invoice.pdf'),
  label: endpoint<{ reply: FileReply }>()('GET', '/admin/orders/:orderNumber/label.pdf'),
  labels: endpoint<{ reply: FileReply; query: z.input<typeof labelsQuerySchema> }>()('GET', '/admin/orders/labels.pdf'),
} as const;

/** The QR code of the order's UPI payment link, as an SVG image (a full URL path, for <img src>). */
export function advanceQrUrl(orderNumber: string): string {
  return fileUrl(orderApi.advanceQr, { orderNumber });
}

/** The shopper's own invoice as a PDF (a full URL path, for a link): dispatched or delivered orders only. */
export function invoiceUrl(orderNumber: string): string {
  return fileUrl(orderApi.invoice, { orderNumber });
}

/** The owner's copy of the order's invoice, and its packing slip with the shipping label (full URL paths). */
export function adminInvoiceUrl(orderNumber: string): string {
  return fileUrl(orderApi.adminInvoice, { orderNumber });
}
export function adminLabelUrl(orderNumber: string): string {
  return fileUrl(orderApi.label, { orderNumber });
}
/** The labels of several orders as one PDF. */
export function adminLabelsUrl(orderNumbers: readonly string[]): string {
  return fileUrl(orderApi.labels, {}, { numbers: orderNumbers.join(',') });
}

/** The error code of a dispatch refused because the address names no state: the owner is asked to choose one. */
export const SUPPLY_STATE_UNKNOWN = 'supply_state_unknown';
