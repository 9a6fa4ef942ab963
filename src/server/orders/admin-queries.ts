/** Reading orders for the admin area: a filtered page, each with its lines and state history. */
import type { AdvanceState } from '../../common/advance.ts';
import { type OrderState, RETURNED_STATES } from '../../common/orders.ts';
import type { AdminOrder, OrderListQuery } from '../../common/schemas/admin-orders.ts';
import type { Db } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { orderCodMoney } from '../money/cod-money.ts';
import { adminRisk, type RiskColumns } from '../risk/order-risk.ts';
import { ORDER_BUYER_NAME } from './buyer-name.ts';
import { creditNoteNumbersOf } from './credit-note-numbers.ts';
import { parcels } from './hooks.ts';
import { ORDER_NOT_FOUND } from './lock.ts';
import { orderLinesOf } from './queries.ts';
import { advanceToSettleSql, settlementsOf } from './settlement-read.ts';

/** LIKE pattern for "starts with"; the query schema allows letters and digits only, so no wildcard gets in. */
function startsWith(text: string): string {
  return `${text}%`;
}

type Filter = Pick<OrderListQuery, 'status' | 'advance' | 'q' | 'settle'>;

function filtered(db: Db, query: Filter) {
  let q = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
  if (query.status) q = q.where('orders.status', '=', query.status);
  if (query.advance) q = q.where('orders.advance_state', '=', query.advance);
  if (query.settle === 'todo') q = q.where('orders.advance_state', '=', 'received').where(advanceToSettleSql('orders'));
  const search = query.q?.trim();
  if (search) {
    // The order number (or its start, or its digits alone), the shopper's phone
    // (or its start), or a UPI reference.
    const upper = search.toUpperCase();
    q = q.where((eb) =>
      eb.or([
        eb('orders.number', '=', upper),
        eb('orders.number', 'like', eb.val(startsWith(upper))),
        eb('orders.number', 'like', eb.val(`%-${search}`)),
        eb('orders.user_phone', 'like', eb.val(startsWith(search))),
        eb('orders.advance_utr', '=', search),
      ]),
    );
  }
  return q;
}

export async function countOrders(db: Db, query: Filter): Promise<number> {
  const row = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of orders, newest first, complete with lines and history. */
export async function listOrders(db: Db, query: Filter, limit: number, offset: number): Promise<AdminOrder[]> {
  const orders = await filtered(db, query)
    .select(HEAD_COLUMNS)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return withDetails(db, orders);
}

export async function getOrder(db: Db, orderNumber: string): Promise<AdminOrder | null> {
  const order = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(HEAD_COLUMNS)
    .where('orders.number', '=', orderNumber)
    .executeTakeFirst();
  if (!order) return null;
  return (await withDetails(db, [order]))[0] ?? null;
}

/** One order as Admin Orders shows it (the answer of each of the owner's changes); 404 when none. */
export async function adminOrderOrThrow(db: Db, orderNumber: string): Promise<AdminOrder> {
  const order = await getOrder(db, orderNumber);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

const HEAD_COLUMNS = [
  'orders.id',
  'orders.number',
  'orders.user_phone',
  'orders.address',
  'orders.status',
  'orders.total',
  'orders.created_at',
  'orders.advance_state',
  'orders.advance_utr',
  'orders.advance_note',
  'orders.advance_amount',
  'orders.invoice_number',
  'orders.shopper_confirmed_at',
  'orders.risk_tier',
  'orders.risk_score',
  'orders.risk_holdout',
  'orders.risk_reasons',
  'orders.address_doubt_at',
  'orders.address_doubt_note',
  'orders.address_was',
  'orders.address_corrected_at',
  ORDER_BUYER_NAME.as('user_name'),
] as const;

interface OrderHead extends RiskColumns {
  id: string;
  number: string;
  user_phone: string;
  address: string;
  status: string;
  total: number;
  created_at: string;
  advance_state: string;
  advance_utr: string | null;
  advance_note: string | null;
  advance_amount: number;
  invoice_number: string | null;
  shopper_confirmed_at: string | null;
  address_doubt_at: string | null;
  address_doubt_note: string | null;
  address_was: string | null;
  address_corrected_at: string | null;
  user_name: string;
}

async function withDetails(db: Db, orders: OrderHead[]): Promise<AdminOrder[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [lines, events, shipments] = await Promise.all([
    orderLinesOf(db, ids),
    db
      .selectFrom('order_events')
      .leftJoin('admins', 'admins.id', 'order_events.admin_id')
      .select([
        'order_events.order_id',
        'order_events.kind',
        'order_events.status',
        'order_events.note',
        'order_events.admin_id',
        'order_events.created_at',
        'admins.username',
      ])
      .where('order_events.order_id', 'in', ids)
      .orderBy('order_events.created_at')
      .orderBy('order_events.id')
      .execute(),
    parcels().parcels(db, ids),
  ]);
  const [creditNotes, returns, settlements] = await Promise.all([
    creditNoteNumbersOf(db, ids),
    earlierReturnsOf(db, ids),
    settlementsOf(db, orders),
  ]);
  return orders.map((o) => {
    const own = lines.filter((l) => l.order_id === o.id);
    const history = events.filter((e) => e.order_id === o.id);
    const total = Number(o.total);
    return {
      number: o.number,
      userName: o.user_name,
      userPhone: o.user_phone,
      address: o.address,
      status: o.status as OrderState,
      advance: {
        state: o.advance_state as AdvanceState,
        utr: o.advance_utr,
        note: o.advance_note,
        ...adminMoney(o),
      },
      shopperConfirmedAt: o.shopper_confirmed_at,
      quantity: own.reduce((sum, l) => sum + Number(l.quantity), 0),
      total,
      // The parcel: courier, AWB, step (docs/product.md#shipping); null until one is booked or typed.
      shipment: shipments.get(o.id)?.admin ?? null,
      createdAt: o.created_at,
      lines: own.map((l) => ({
        productId: l.product_id,
        productName: l.product_name,
        image: l.image,
        quantity: Number(l.quantity),
        discountPrice: Number(l.discount_price),
      })),
      history: history.map((e) => ({
        kind: e.kind === 'advance' || e.kind === 'address' ? e.kind : ('state' as const),
        status: e.status,
        note: e.note,
        // No admin: the shopper (placing the order, sending a reference), or the store itself for any
        // later state (an unpaid order expiring, orders/unpaid.ts).
        admin: e.admin_id
          ? (e.username ?? 'a removed admin')
          : e.kind === 'state' && e.status !== 'ordered'
            ? 'the store'
            : null,
        at: e.created_at,
      })),
      invoiceNumber: o.invoice_number,
      creditNoteNumber: creditNotes.get(o.id) ?? null,
      earlierReturns: returns.get(o.id) ?? 0,
      risk: adminRisk(o),
      addressCheck: {
        doubtful: o.address_doubt_at !== null,
        note: o.address_doubt_note,
        was: o.address_was,
        correctedAt: o.address_corrected_at,
      },
      settlement: settlements.get(o.id) ?? null,
    };
  });
}

/**
 * For each order, how many orders of the same shopper placed before it came back (returned), by
 * account or by phone (a shopper with a second account keeps the phone). Returned orders are few:
 * the status index finds them and the join pairs them with the page's orders.
 */
async function earlierReturnsOf(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('orders as r', (join) =>
      join
        .on('r.status', 'in', [...RETURNED_STATES])
        .onRef('r.created_at', '<', 'o.created_at')
        .on((eb) =>
          eb.or([eb('r.user_id', '=', eb.ref('o.user_id')), eb('r.user_phone', '=', eb.ref('o.user_phone'))]),
        ),
    )
    .select(['o.id', (eb) => eb.fn.count<number>('r.id').distinct().as('n')])
    .where('o.id', 'in', [...ids])
    .groupBy('o.id')
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The row's advance and cash on delivery, by the one rule (common/advance.ts codMoney). */
function adminMoney(o: OrderHead) {
  const money = orderCodMoney(o);
  return { amount: money.advance, balance: money.onDelivery };
}
