/**
 * A whole number in Indian digit grouping: 1234567 → "12,34,567" (the last three digits, then
 * pairs), rounded as Intl's en-IN format would. Written out rather than Intl's: a listing formats
 * a hundred numbers while a slow phone starts the page, and each en-IN formatter costs more to
 * make than this costs to run (toLocaleString makes one per call).
 */
export function groupIndian(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
  return value < 0 && grouped !== '0' ? `-${grouped}` : grouped;
}

/** Prices are whole rupees. Indian digit grouping: ₹1,23,456. */
export function formatRupees(amount: number): string {
  return `₹${groupIndian(amount)}`;
}

export interface PricedLine {
  price: number; // MRP
  discountPrice: number; // selling price
  quantity: number;
}

export interface Totals {
  totalMrp: number;
  subtotal: number;
  discount: number;
  total: number;
}

/**
 * docs/product.md#limits-and-constants: Total MRP and Subtotal are the sum of price × quantity; Discount is the
 * sum of (price − discountprice) × quantity; Total is MRP minus discount.
 */
export function cartTotals(lines: readonly PricedLine[]): Totals {
  let totalMrp = 0;
  let discount = 0;
  for (const line of lines) {
    totalMrp += line.price * line.quantity;
    discount += (line.price - line.discountPrice) * line.quantity;
  }
  return { totalMrp, subtotal: totalMrp, discount, total: totalMrp - discount };
}

/** Whole-number percentage off MRP, for "SALE 35% off" style labels. */
export function percentOff(price: number, discountPrice: number): number {
  if (price <= 0 || discountPrice >= price) return 0;
  return Math.round(((price - discountPrice) / price) * 100);
}
