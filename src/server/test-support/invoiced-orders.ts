/**
 * Invoiced orders written straight into the database, for the books' tests and benchmark
 * (books/gstr1/): a year of them takes seconds this way, where dispatching each through the app
 * would take hours. Each row holds what dispatch would have frozen on it (orders/order-changes.ts).
 */
import { newId } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';

export interface InvoicedOrder {
  /** e.g. TSW/26-27/000001. */
  invoiceNumber: string;
  invoiceDate: string;
  supplyCode: string;
  rateBp: number;
  lines: Array<{ unitPrice: number; quantity: number; hsn?: string; uqc?: string }>;
  /** A business buyer's GSTIN and name (B2B); its place of supply is then the GSTIN's state. */
  buyer?: { gstin: string; name: string };
  /** Rupees off for paying in full (orders.full_pay_discount): the total is after it. */
  inFullDiscount?: number;
  /** A credit note, when the order was cancelled after its invoice. */
  creditNote?: { number: string; date: string };
  /** The ₹300 advance marked received (Money at a glance's advances; settlements/). */
  advanceReceived?: boolean;
  /** Refunds recorded (settlements/): paise and the India date paid. */
  refunds?: Array<{ amountPaise: number; paidOn: string }>;
  /** The advance kept under a case of the policy (paise). */
  keptPaise?: number;
}

export const BOOKS_SHOP_GSTIN = '27AAPFU0939F1ZV';

/** One shopper for all the rows (orders need an account). */
export async function booksShopper(db: Db): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      name: 'Books Shopper',
      phone: `9${String(Date.now()).slice(-9)}`,
      email: '',
      addresses: '[]',
      password_hash: 'x',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  return id;
}

/** Writes the orders, their lines and credit notes in batches of `batch` orders per transaction. */
export async function insertInvoicedOrders(
  db: Db,
  userId: string,
  orders: InvoicedOrder[],
  batch = 500,
): Promise<void> {
  for (let start = 0; start < orders.length; start += batch) {
    const slice = orders.slice(start, start + batch);
    await db.transaction().execute(async (trx) => {
      const rows = slice.map((o) => {
        const id = newId();
        const total = o.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0) - (o.inFullDiscount ?? 0);
        return { o, id, total };
      });
      await trx
        .insertInto('orders')
        .values(
          rows.map(({ o, id, total }) => ({
            id,
            number: `B-${id}`,
            user_id: userId,
            user_phone: '9000000001',
            address: 'Somewhere',
            status: o.creditNote ? 'cancelled' : 'dispatched',
            total_mrp: total,
            total,
            full_pay_discount: o.inFullDiscount ?? 0,
            created_at: o.invoiceDate,
            updated_at: o.invoiceDate,
            advance_amount: 300,
            ...(o.advanceReceived ? { advance_state: 'received' } : {}),
            invoice_number: o.invoiceNumber,
            invoice_date: o.invoiceDate,
            invoice_gstin: BOOKS_SHOP_GSTIN,
            invoice_rate_bp: o.rateBp,
            invoice_supply_code: o.supplyCode,
            invoice_supply_state: o.supplyCode,
            buyer_gstin: o.buyer?.gstin ?? null,
            buyer_business_name: o.buyer?.name ?? null,
          })),
        )
        .execute();
      await trx
        .insertInto('order_lines')
        .values(
          rows.flatMap(({ o, id }) =>
            o.lines.map((l, i) => ({
              order_id: id,
              line_no: i + 1,
              product_id: 'p',
              product_name: 'Watch',
              image: '',
              price: l.unitPrice,
              discount_price: l.unitPrice,
              quantity: l.quantity,
              hsn_code: l.hsn ?? '9102',
              uqc: l.uqc ?? 'NOS',
            })),
          ),
        )
        .execute();
      const settled = rows.flatMap(({ o, id }) => [
        ...(o.refunds ?? []).map((r, i) => ({
          id: newId(),
          order_id: id,
          kind: 'refund',
          amount_paise: r.amountPaise,
          reference: `R${i}${id.slice(0, 10)}`,
          paid_on: r.paidOn,
          reason: 'cancelled',
          admin_id: null,
          created_at: o.invoiceDate,
        })),
        ...(o.keptPaise
          ? [
              {
                id: newId(),
                order_id: id,
                kind: 'kept',
                amount_paise: o.keptPaise,
                reference: null,
                paid_on: null,
                reason: 'refused-at-door',
                admin_id: null,
                created_at: o.invoiceDate,
              },
            ]
          : []),
      ]);
      if (settled.length > 0) await trx.insertInto('settlements').values(settled).execute();
      const notes = rows.filter((r) => r.o.creditNote);
      if (notes.length > 0) {
        await trx
          .insertInto('credit_notes')
          .values(
            notes.map(({ o, id }) => ({
              id: newId(),
              order_id: id,
              number: o.creditNote!.number,
              issued_at: o.creditNote!.date,
              reason: 'cancelled',
            })),
          )
          .execute();
      }
    });
  }
}
