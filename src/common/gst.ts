/**
 * The tax arithmetic of a GST invoice (docs/product.md#invoice; CGST Rule 46). Prices are tax-inclusive
 * whole rupees; the invoice works in paise. For each line:
 * - taxable value = line total ÷ (1 + rate), rounded half up to the paisa;
 * - tax = line total − taxable value, so taxable value plus tax is the line total exactly;
 * - delivery in the shop's own state: CGST and SGST, half each. They must be equal, so when the tax
 *   comes to an odd number of paise the taxable value moves one paisa (to the neighbour nearer the
 *   exact quotient: never more than a paisa from it) and the tax becomes even;
 * - elsewhere IGST, all of the tax.
 * The lines' totals add up to the order total because each line's total is its price × quantity,
 * as the order's total is (common/money.ts).
 */
import { groupIndian } from './money.ts';

/** intra: CGST + SGST (delivery in the shop's state); inter: IGST; none: a receipt without tax lines (no GSTIN). */
export type TaxKind = 'intra' | 'inter' | 'none';

export interface TaxAmounts {
  /** What the line or invoice costs, tax included, in paise. */
  total: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface TaxLineInput {
  /** Whole rupees, tax included (the selling price). */
  unitPrice: number;
  quantity: number;
}

/** x ÷ y rounded half up, exactly (BigInt: a line of 10 watches at ₹10 crore is 10^11 paise). */
function divideRounded(x: bigint, y: bigint): bigint {
  return (2n * x + y) / (2n * y);
}

/** The taxable value and taxes inside a tax-inclusive amount of `total` paise at `rateBp` basis points. */
export function splitTax(total: number, rateBp: number, kind: TaxKind): TaxAmounts {
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`not an amount in paise: ${total}`);
  if (kind === 'none') return { total, taxable: total, cgst: 0, sgst: 0, igst: 0 };
  if (!Number.isInteger(rateBp) || rateBp < 0) throw new Error(`not a rate in basis points: ${rateBp}`);
  const scaled = BigInt(total) * 10_000n;
  const divisor = BigInt(10_000 + rateBp);
  const nearest = Number(divideRounded(scaled, divisor));
  if (kind === 'inter') return { total, taxable: nearest, cgst: 0, sgst: 0, igst: total - nearest };
  // CGST and SGST are equal halves: an odd tax moves the taxable value one paisa, to whichever
  // neighbour is nearer the exact quotient (so it stays within a paisa of it).
  let taxable = nearest;
  if ((total - nearest) % 2 !== 0) {
    const off = (t: number) => {
      const d = BigInt(t) * divisor - scaled;
      return d < 0n ? -d : d;
    };
    taxable = off(nearest - 1) <= off(nearest + 1) ? nearest - 1 : nearest + 1;
  }
  const half = (total - taxable) / 2;
  return { total, taxable, cgst: half, sgst: half, igst: 0 };
}

export interface InvoiceTaxes {
  lines: TaxAmounts[];
  totals: TaxAmounts;
}

/**
 * Every line's amounts, and the invoice's totals as the sums of its lines' (never taxed again as a whole).
 * `discount` (whole rupees; the discount for paying in full, common/pay-in-full.ts) is given at the
 * sale and shown on the invoice, so it is out of the value taxed (CGST Act section 15(3)(a)): it is
 * spread over the lines in proportion to their amounts (discountShares), and each line is taxed on
 * what is left, so the lines still add up to the order's total.
 */
export function invoiceTaxes(
  lines: readonly TaxLineInput[],
  rateBp: number,
  kind: TaxKind,
  discount = 0,
): InvoiceTaxes {
  const amounts = lines.map((l) => l.unitPrice * l.quantity * 100);
  const shares = discountShares(amounts, discount * 100);
  const taxed = amounts.map((amount, i) => splitTax(amount - shares[i]!, rateBp, kind));
  const totals = { total: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  for (const line of taxed) {
    totals.total += line.total;
    totals.taxable += line.taxable;
    totals.cgst += line.cgst;
    totals.sgst += line.sgst;
    totals.igst += line.igst;
  }
  return { lines: taxed, totals };
}

/**
 * `discount` paise spread over line amounts in proportion to them, each share rounded down to the
 * paisa and what rounding leaves given to the largest line; never more than a line's amount, and
 * the shares add up to the discount exactly (at most the lines' sum).
 */
export function discountShares(amounts: readonly number[], discount: number): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  const wanted = Math.max(0, Math.min(discount, sum));
  if (wanted === 0 || sum === 0) return amounts.map(() => 0);
  const shares = amounts.map((a) => Number((BigInt(a) * BigInt(wanted)) / BigInt(sum)));
  let left = wanted - shares.reduce((a, b) => a + b, 0);
  // Largest lines first take the paise rounding left (each at most its own amount).
  const order = amounts.map((a, i) => [a, i] as const).sort((x, y) => y[0] - x[0]);
  for (const [amount, i] of order) {
    if (left === 0) break;
    const room = Math.min(left, amount - shares[i]!);
    shares[i] = shares[i]! + room;
    left -= room;
  }
  return shares;
}

/** Which taxes apply: none without a GSTIN; CGST + SGST when the place of supply is the shop's own state. */
export function taxKindFor(shopGstin: string | null, supplyCode: string | null): TaxKind {
  if (!shopGstin) return 'none';
  return supplyCode === shopGstin.slice(0, 2) ? 'intra' : 'inter';
}

/** 1800 → "18%", 900 → "9%", 250 → "2.5%". */
export function formatRate(rateBp: number): string {
  return `${Number((rateBp / 100).toFixed(2))}%`;
}

/** 12345678 paise → "₹1,23,456.78" (Indian digit grouping, always two decimals, as invoices print money). */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '−' : '';
  const abs = Math.abs(paise);
  return `${sign}₹${groupIndian(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}
