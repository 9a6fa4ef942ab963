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
