/**
 * Paths (under /api) of a shopper's order calls, built in one place for the
 * server's routes and tests and the browser's calls. Orders are named by their
 * number (TSW-10427); the internal id never leaves the server.
 */
export function orderApiPath(orderNumber: string): string {
  return `/orders/${encodeURIComponent(orderNumber)}`;
}

/** Where the shopper sends the advance's UPI reference (POST { utr }). */
export function advanceApiPath(orderNumber: string): string {
  return `${orderApiPath(orderNumber)}/advance`;
}

/** The QR code of the order's UPI payment link, as an SVG image (a full URL path, for <img src>). */
export function advanceQrUrl(orderNumber: string): string {
  return `/api${orderApiPath(orderNumber)}/advance-qr.svg`;
}

/** Admin calls on one order. */
export function adminOrderApiPath(orderNumber: string): string {
  return `/admin/orders/${encodeURIComponent(orderNumber)}`;
}

/** The shopper's own invoice as a PDF (a full URL path, for a link): dispatched or delivered orders only. */
export function invoiceUrl(orderNumber: string): string {
  return `/api${orderApiPath(orderNumber)}/invoice.pdf`;
}

/** The owner's copy of the order's invoice, and its packing slip with the shipping label (full URL paths). */
export function adminInvoiceUrl(orderNumber: string): string {
  return `/api${adminOrderApiPath(orderNumber)}/invoice.pdf`;
}
export function adminLabelUrl(orderNumber: string): string {
  return `/api${adminOrderApiPath(orderNumber)}/label.pdf`;
}
/** The labels of several orders as one PDF. */
export function adminLabelsUrl(orderNumbers: readonly string[]): string {
  return `/api/admin/orders/labels.pdf?numbers=${orderNumbers.map(encodeURIComponent).join(',')}`;
}

/** The error code of a dispatch refused because the address names no state: the owner is asked to choose one. */
export const SUPPLY_STATE_UNKNOWN = 'supply_state_unknown';
