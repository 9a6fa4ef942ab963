/** Prices are whole rupees. Indian digit grouping: ₹1,23,456. */
const rupeeFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export function formatRupees(amount: number): string {
  return `₹${rupeeFormat.format(amount)}`;
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
