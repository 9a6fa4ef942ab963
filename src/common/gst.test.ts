import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPaise, formatRate, invoiceTaxes, splitTax, taxKindFor } from './gst.ts';
import { cartTotals } from './money.ts';

const SHOP_GSTIN = '27AAPFU0939F1ZV';

describe('the tax inside a tax-inclusive price', () => {
  it('splits worked examples to the paisa', () => {
    // ₹1,180 at 18%: ₹1,000 taxable and ₹180 tax, half each in the shop's state.
    expect(splitTax(118_000, 1800, 'intra')).toEqual({
      total: 118_000,
      taxable: 100_000,
      cgst: 9000,
      sgst: 9000,
      igst: 0,
    });
    expect(splitTax(118_000, 1800, 'inter')).toEqual({
      total: 118_000,
      taxable: 100_000,
      cgst: 0,
      sgst: 0,
      igst: 18_000,
    });
    // ₹999 ÷ 1.18 = ₹846.6101…: ₹846.61 taxable and ₹152.39 tax between states. Within the state
    // the odd paisa of tax cannot be halved: ₹846.62 (nearer than ₹846.60) and ₹76.19 each.
    expect(splitTax(99_900, 1800, 'inter')).toEqual({ total: 99_900, taxable: 84_661, cgst: 0, sgst: 0, igst: 15_239 });
    expect(splitTax(99_900, 1800, 'intra')).toEqual({
      total: 99_900,
      taxable: 84_662,
      cgst: 7619,
      sgst: 7619,
      igst: 0,
    });
    // Exactly half a paisa rounds up: 1 paisa at 100% is 0.5 paise taxable.
    expect(splitTax(1, 10_000, 'inter')).toEqual({ total: 1, taxable: 1, cgst: 0, sgst: 0, igst: 0 });
    expect(splitTax(3, 10_000, 'inter').taxable).toBe(2);
    expect(splitTax(5, 0, 'inter')).toEqual({ total: 5, taxable: 5, cgst: 0, sgst: 0, igst: 0 });
    expect(splitTax(118_000, 1800, 'none')).toEqual({ total: 118_000, taxable: 118_000, cgst: 0, sgst: 0, igst: 0 });
  });

  it('decides the taxes from the place of supply: CGST + SGST at home, IGST elsewhere, none without a GSTIN', () => {
    expect(taxKindFor(SHOP_GSTIN, '27')).toBe('intra');
    expect(taxKindFor(SHOP_GSTIN, '29')).toBe('inter');
    expect(taxKindFor(null, '27')).toBe('none');
  });

  it('prints rates and paise as invoices do', () => {
    expect(formatRate(1800)).toBe('18%');
    expect(formatRate(900)).toBe('9%');
    expect(formatRate(250)).toBe('2.5%');
    expect(formatRate(125)).toBe('1.25%');
    expect(formatPaise(12_345_678)).toBe('₹1,23,456.78');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(100_000_000_000)).toBe('₹1,00,00,00,000.00');
  });
});

/** Random carts as the shop sells them: 1 to 50 lines, 1 to 10 of each, whole-rupee prices up to ₹10 crore. */
const cart = fc.array(
  fc.record({
    unitPrice: fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 100_000_000 })),
    quantity: fc.integer({ min: 1, max: 10 }),
  }),
  { minLength: 1, maxLength: 50 },
);
/** The GST rates in use (0.25% to 40%) and any other basis points up to 100%. */
const rate = fc.oneof(fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800, 4000), fc.integer({ min: 0, max: 10_000 }));

describe('invoice arithmetic on random carts (property tests)', () => {
  it.each(['intra', 'inter'] as const)(
    '%s: each line is taxable value plus taxes exactly, and the lines add up to the order total',
    (kind) => {
      fc.assert(
        fc.property(cart, rate, (lines, rateBp) => {
          const { lines: taxed, totals } = invoiceTaxes(lines, rateBp, kind);
          taxed.forEach((t, i) => {
            const { unitPrice, quantity } = lines[i]!;
            expect(t.total).toBe(unitPrice * quantity * 100);
            expect(t.taxable + t.cgst + t.sgst + t.igst).toBe(t.total);
            // The taxable value is price ÷ (1 + rate): to the nearest paisa (within half a paisa of exact)
            // between states; within a paisa in the state, where CGST and SGST are equal halves.
            const exactTimesDivisor = BigInt(t.total) * 10_000n;
            const divisor = BigInt(10_000 + rateBp);
            const error = BigInt(t.taxable) * divisor - exactTimesDivisor;
            const off = error < 0n ? -error : error;
            if (kind === 'intra') {
              expect(off <= divisor).toBe(true);
              expect(t.igst).toBe(0);
              expect(t.cgst).toBe(t.sgst);
            } else {
              expect(2n * off <= divisor).toBe(true);
              expect(t.cgst + t.sgst).toBe(0);
            }
            for (const amount of Object.values(t)) expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
          });
          const orderTotal = cartTotals(
            lines.map((l) => ({ price: l.unitPrice, discountPrice: l.unitPrice, quantity: l.quantity })),
          ).total;
          expect(totals.total).toBe(orderTotal * 100);
          expect(totals.taxable + totals.cgst + totals.sgst + totals.igst).toBe(totals.total);
          expect(totals.taxable).toBe(taxed.reduce((s, t) => s + t.taxable, 0));
        }),
        { numRuns: 1000 },
      );
    },
  );

  it('a receipt (no GSTIN) has no tax at all', () => {
    fc.assert(
      fc.property(cart, rate, (lines, rateBp) => {
        const { totals } = invoiceTaxes(lines, rateBp, 'none');
        expect(totals.taxable).toBe(totals.total);
        expect(totals.cgst + totals.sgst + totals.igst).toBe(0);
      }),
    );
  });
});
