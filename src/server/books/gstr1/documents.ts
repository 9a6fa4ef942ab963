/**
 * The documents a GSTR-1 is built from (docs/product.md#the-books-credit-notes-and-gstr-1): the tax
 * invoices dated in the period and the credit notes issued in it, read in pages of PAGE rows by keyset
 * (date, id), so a year of 100,000 invoices never sits in memory at once. Each document's amounts are
 * computed line by line exactly as its PDF prints them (common/gst.ts), from the facts frozen on the
 * order at dispatch. Receipts (no GSTIN when issued) are not tax invoices and are left out.
 */
import { invoiceTaxes, type TaxAmounts, taxKindFor } from '../../../common/gst.ts';
import type { Db } from '../../db/tables.ts';
import { ORDER_BUYER_NAME } from '../../orders/buyer-name.ts';
import { orderLinesOf } from '../../orders/queries.ts';
import type { Period } from './period.ts';

const PAGE = 500;

export interface Gstr1Line {
  hsn: string;
  uqc: string;
  quantity: number;
  taxes: TaxAmounts;
}

export interface Gstr1Document {
  type: 'invoice' | 'credit-note';
  /** The document's own number and date (ISO). */
  number: string;
  date: string;
  /** The invoice's number and date (for a credit note, the invoice it credits). */
  invoiceNumber: string;
  invoiceDate: string;
  /** The order's own number and the name it was placed under (the sales register prints them). */
  orderNumber: string;
  buyerName: string;
  /** The buyer's GSTIN for a business sale (B2B; given at checkout), else null. */
  buyerGstin: string | null;
  /** The business name given with it (GSTR-1's optional "Receiver Name"), else null. */
  businessName: string | null;
  /** Place of supply: the two-digit state code. */
  supplyCode: string;
  rateBp: number;
  kind: 'intra' | 'inter';
  lines: Gstr1Line[];
  totals: TaxAmounts;
}

interface HeadRow {
  id: string;
  at: string;
  number: string;
  invoice_number: string | null;
  invoice_date: string | null;
  invoice_gstin: string | null;
  invoice_rate_bp: number | null;
  invoice_supply_code: string | null;
  order_number: string;
  buyer_name: string;
  buyer_gstin: string | null;
  buyer_business_name: string | null;
  /** The discount for paying in full, out of the taxed value (common/gst.ts invoiceTaxes). */
  full_pay_discount: number | string;
}

async function withLines(db: Db, type: Gstr1Document['type'], heads: HeadRow[]): Promise<Gstr1Document[]> {
  if (heads.length === 0) return [];
  const lines = await orderLinesOf(
    db,
    heads.map((h) => h.id),
  );
  const byOrder = new Map<string, typeof lines>();
  for (const line of lines) {
    const list = byOrder.get(line.order_id) ?? [];
    list.push(line);
    byOrder.set(line.order_id, list);
  }
  return heads.map((h) => {
    const rateBp = Number(h.invoice_rate_bp ?? 0);
    const kind = taxKindFor(h.invoice_gstin, h.invoice_supply_code) === 'intra' ? 'intra' : 'inter';
    const own = (byOrder.get(h.id) ?? []).map((l) => ({
      hsn: l.hsn_code,
      uqc: l.uqc,
      quantity: Number(l.quantity),
      unitPrice: Number(l.discount_price),
    }));
    const taxes = invoiceTaxes(own, rateBp, kind, Number(h.full_pay_discount));
    return {
      type,
      number: h.number,
      date: h.at,
      invoiceNumber: h.invoice_number!,
      invoiceDate: h.invoice_date!,
      orderNumber: h.order_number,
      buyerName: h.buyer_name,
      buyerGstin: h.buyer_gstin,
      businessName: h.buyer_gstin ? h.buyer_business_name : null,
      supplyCode: h.invoice_supply_code ?? '',
      rateBp,
      kind,
      lines: own.map((l, i) => ({ hsn: l.hsn, uqc: l.uqc, quantity: l.quantity, taxes: taxes.lines[i]! })),
      totals: taxes.totals,
    };
  });
}

/** What an invoice and its credit notes both carry, from `orders` joined to `users`. */
const INVOICE_HEAD = [
  'orders.invoice_number',
  'orders.invoice_date',
  'orders.invoice_gstin',
  'orders.invoice_rate_bp',
  'orders.invoice_supply_code',
  'orders.number as order_number',
  ORDER_BUYER_NAME.as('buyer_name'),
  'orders.buyer_gstin',
  'orders.buyer_business_name',
  'orders.full_pay_discount',
] as const;

/** The period's tax invoices, oldest first, a page at a time. */
export async function* periodInvoices(db: Db, period: Period): AsyncGenerator<Gstr1Document[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select(['orders.id as id', 'orders.invoice_date as at', 'orders.invoice_number as number', ...INVOICE_HEAD])
      .where('orders.invoice_gstin', 'is not', null)
      .where('orders.invoice_date', '>=', period.from)
      .where('orders.invoice_date', '<', period.to);
    if (after) {
      const { at, id } = after;
      // The plain `>=` lets the index on invoice_date start the page where the last one ended.
      query = query
        .where('orders.invoice_date', '>=', at)
        .where((eb) => eb.or([eb('orders.invoice_date', '>', at), eb('orders.id', '>', id)]));
    }
    const rows = await query.orderBy('orders.invoice_date').orderBy('orders.id').limit(PAGE).execute();
    if (rows.length === 0) return;
    yield await withLines(db, 'invoice', rows as HeadRow[]);
    const last = rows[rows.length - 1]!;
    after = { at: last.at!, id: last.id };
    if (rows.length < PAGE) return;
  }
}

/** The credit notes issued in the period against tax invoices, oldest first, a page at a time. */
export async function* periodCreditNotes(db: Db, period: Period): AsyncGenerator<Gstr1Document[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('credit_notes')
      .innerJoin('orders', 'orders.id', 'credit_notes.order_id')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select([
        'orders.id as id',
        'credit_notes.id as note_id',
        'credit_notes.issued_at as at',
        'credit_notes.number as number',
        ...INVOICE_HEAD,
      ])
      .where('orders.invoice_gstin', 'is not', null)
      .where('credit_notes.issued_at', '>=', period.from)
      .where('credit_notes.issued_at', '<', period.to);
    if (after) {
      const { at, id } = after;
      query = query
        .where('credit_notes.issued_at', '>=', at)
        .where((eb) => eb.or([eb('credit_notes.issued_at', '>', at), eb('credit_notes.id', '>', id)]));
    }
    const rows = await query.orderBy('credit_notes.issued_at').orderBy('credit_notes.id').limit(PAGE).execute();
    if (rows.length === 0) return;
    yield await withLines(db, 'credit-note', rows);
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.note_id };
    if (rows.length < PAGE) return;
  }
}
