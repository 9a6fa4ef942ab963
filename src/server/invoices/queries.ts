/** Reading orders for their paperwork: the invoice and the packing slip with its shipping label. */

import { codPaid } from '../../common/advance.ts';
import type { Settlement } from '../../common/settlement.ts';
import type { Db } from '../db/tables.ts';
import { orderCodMoney } from '../money/cod-money.ts';
import { orderLinesOf } from '../orders/queries.ts';
import { settlementsOf } from '../orders/settlement-read.ts';

export interface PaperLine {
  name: string;
  hsn: string;
  /** Unit of quantity (NOS), frozen on the line when the order was placed. */
  uqc: string;
  quantity: number;
  /** Whole rupees, tax included: the selling price when the order was placed. */
  unitPrice: number;
}

export interface PaperOrder {
  number: string;
  createdAt: string;
  status: string;
  buyerName: string;
  /** A business buyer's GSTIN and registered name (given at checkout), else null: a B2B invoice. */
  buyerGstin: string | null;
  businessName: string | null;
  phone: string;
  address: string;
  /** Whole rupees, after the discount for paying in full. */
  total: number;
  /** Rupees taken off for paying in full (0: none): spread over the lines before tax (common/gst.ts). */
  inFullDiscount: number;
  advanceState: string;
  /** The advance this order asks (its own stored amount, at most its total; 0 once waived). */
  advanceAmount: number;
  /** What the shop holds already: the advance when the owner marked it received, else 0 (waived: paid on delivery). */
  advanceReceived: number;
  /** What the courier collects (common/advance.ts codMoney). */
  balance: number;
  /** What the buyer really paid, in its present state (common/advance.ts codPaid): the credit note prints it. */
  paid: { advance: number; onDelivery: number };
  /** Refunds recorded and the advance kept (common/settlement.ts), or null. */
  settlement: Settlement | null;
  invoice: {
    number: string;
    date: string;
    gstin: string | null;
    rateBp: number | null;
    supplyState: string | null;
    supplyCode: string | null;
  } | null;
  /** The credit note that cancels the invoice (invoices/credit-notes.ts), or null. */
  creditNote: { number: string; date: string; reason: string } | null;
  lines: PaperLine[];
  /** The parcel's tracking number once the courier is booked (or typed): its barcode joins the label. */
  awb?: string | null;
}

/**
 * These orders, in the order asked (unknown numbers left out); only this shopper's when `userId` is
 * given. The name is the one the order was placed under, or the account's for orders older than that.
 */
export async function paperOrders(db: Db, numbers: readonly string[], userId?: string): Promise<PaperOrder[]> {
  if (numbers.length === 0) return [];
  let query = db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('credit_notes', 'credit_notes.order_id', 'orders.id')
    .leftJoin('shipments', 'shipments.order_id', 'orders.id')
    .selectAll('orders')
    .select([
      'shipments.awb as shipment_awb',
      'users.name as user_name',
      'credit_notes.number as credit_note_number',
      'credit_notes.issued_at as credit_note_date',
      'credit_notes.reason as credit_note_reason',
    ])
    .where('orders.number', 'in', [...numbers]);
  if (userId) query = query.where('orders.user_id', '=', userId);
  const rows = await query.execute();
  // `in ()` is no SQL PostgreSQL reads.
  if (rows.length === 0) return [];
  const [lines, settlements] = await Promise.all([
    orderLinesOf(
      db,
      rows.map((r) => r.id),
    ),
    settlementsOf(db, rows),
  ]);
  const byNumber = new Map(
    rows.map((row) => {
      const total = Number(row.total);
      // The one rule on the order's own advance, never today's setting (docs/product.md#invoice), for the
      // order as its watches left: a reprint after a cancel or return says what was agreed then, and
      // the credit note says what changed.
      const money = orderCodMoney({ ...row, status: 'dispatched' });
      const order: PaperOrder = {
        number: row.number,
        createdAt: row.created_at,
        status: row.status,
        buyerName: row.buyer_name || row.user_name || '',
        buyerGstin: row.buyer_gstin,
        businessName: row.buyer_business_name,
        phone: row.user_phone,
        address: row.address,
        total,
        inFullDiscount: Number(row.full_pay_discount),
        advanceState: row.advance_state,
        advanceAmount: money.advance,
        advanceReceived: money.received,
        balance: money.onDelivery,
        paid: codPaid({
          total,
          advanceAmount: Number(row.advance_amount),
          advanceState: row.advance_state,
          status: row.status,
        }),
        settlement: settlements.get(row.id) ?? null,
        invoice: row.invoice_number
          ? {
              number: row.invoice_number,
              date: row.invoice_date ?? row.updated_at,
              gstin: row.invoice_gstin,
              rateBp: row.invoice_rate_bp === null ? null : Number(row.invoice_rate_bp),
              supplyState: row.invoice_supply_state,
              supplyCode: row.invoice_supply_code,
            }
          : null,
        awb: row.shipment_awb ?? null,
        creditNote: row.credit_note_number
          ? { number: row.credit_note_number, date: row.credit_note_date!, reason: row.credit_note_reason! }
          : null,
        lines: lines
          .filter((l) => l.order_id === row.id)
          .map((l) => ({
            name: l.product_name,
            hsn: l.hsn_code,
            uqc: l.uqc,
            quantity: Number(l.quantity),
            unitPrice: Number(l.discount_price),
          })),
      };
      return [row.number, order] as const;
    }),
  );
  return numbers.flatMap((n) => byNumber.get(n) ?? []);
}
