/**
 * Money at a glance (docs/product.md "Money at a glance"): a date range's figures for the owner and
 * the accountant. Every amount is paise, exact: sums of the orders' own rupees × 100 and of the
 * invoices' line-by-line tax (common/gst.ts), never a float.
 */
import { z } from 'zod';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const MONEY_RANGE_MESSAGE = 'Please choose a range of dates (from on or before to, at most 366 days)';
/** The longest range: a financial year, with a leap day. */
export const MONEY_RANGE_MAX_DAYS = 366;

function validDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** ?from=2026-11-01&to=2026-11-30: India days, both included. */
export const moneyQuerySchema = z
  .object({
    from: z.string().regex(DATE, MONEY_RANGE_MESSAGE),
    to: z.string().regex(DATE, MONEY_RANGE_MESSAGE),
  })
  .refine((q) => {
    if (!validDate(q.from) || !validDate(q.to)) return false;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    return days >= 0 && days < MONEY_RANGE_MAX_DAYS;
  }, MONEY_RANGE_MESSAGE);

const countSum = z.object({ count: z.number().int(), paise: z.number().int() });

export const gstByRateSchema = z.object({
  rateBp: z.number().int(),
  /** Invoices less credit notes dated in the range. */
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
});

export const registerRowSchema = z.object({
  type: z.enum(['invoice', 'credit-note']),
  number: z.string(),
  date: z.string(),
  /** For a credit note, the invoice it credits. */
  invoiceNumber: z.string(),
  order: z.string(),
  buyer: z.string(),
  supplyCode: z.string(),
  rateBp: z.number().int(),
  /** A credit note's amounts are negative: the register adds up to what is owed. */
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type RegisterRow = z.infer<typeof registerRowSchema>;

export const moneyGlanceSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Orders placed in the range: all of them, and those cancelled since. */
  orders: z.object({ placed: countSum, cancelled: countSum }),
  /** The advances of those orders: received (or proved by the statement), and sent but not yet checked. */
  advances: z.object({
    received: countSum,
    awaitingCheck: countSum,
    /**
     * What became of them once the order was cancelled or came back (common/settlement.ts): kept under a
     * case of the policy, and still to settle. Refunds: every refund recorded for those orders (an
     * advance, or all of a delivered order after a problem report), by how many orders.
     */
    kept: countSum,
    toSettle: countSum,
    refunded: countSum,
  }),
  /** Their delivered COD balances: what couriers should remit, what they did, what is still out. */
  cod: z.object({
    delivered: z.number().int(),
    expectedPaise: z.number().int(),
    receivedPaise: z.number().int(),
    outstandingPaise: z.number().int(),
  }),
  /** Their parcels returned to origin: value, and the sale lost (total less the advance kept, when kept). */
  returns: z.object({ count: z.number().int(), valuePaise: z.number().int(), lostPaise: z.number().int() }),
  /** Needs SHOP_GSTIN: a shop that prints receipts has no GST to pay. */
  gst: z.array(gstByRateSchema),
  register: z.object({ total: z.number().int(), rows: z.array(registerRowSchema) }),
});
export type MoneyGlance = z.infer<typeof moneyGlanceSchema>;
