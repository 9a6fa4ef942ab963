/**
 * Reading after-sales requests (docs/product.md#after-sales): when an order was delivered (the
 * courier's delivered scan or the owner's click, whichever came first), an order's lines with their
 * requests for the shopper, and the owner's queue.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  AFTER_SALES_STATES,
  type AfterSalesKind,
  type AfterSalesState,
  exchangeMoney,
  OPEN_AFTER_SALES_STATES,
  type Problem,
  type ReturnMethod,
  type ReturnStep,
} from '../../common/after-sales-rules.ts';
import type { AdminRequest, ShopperRequest } from '../../common/schemas/after-sales.ts';
import { refundablePaise, watchRefundPaise } from '../../common/settlement.ts';
import type { Config } from '../config.ts';
import { parseJsonList } from '../db/json.ts';
import type { AfterSalesRequestsTable, Database, Db } from '../db/tables.ts';
import { codOrderOf } from '../money/cod-money.ts';
import { settlementOfOrder } from '../orders/settlement-read.ts';

type Trx = Kysely<Database> | Transaction<Database>;
export type RequestRow = Selectable<AfterSalesRequestsTable>;

export const REQUEST_NOT_FOUND = 'We could not find this request';

/**
 * When the watch reached the shopper: the courier's delivered scan, or the owner's "Delivered"
 * click (the order's state event), whichever is earlier; null while the order is not delivered.
 */
export async function deliveredAt(trx: Trx, orderId: string): Promise<string | null> {
  const [order, shipment, event] = await Promise.all([
    trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst(),
    trx.selectFrom('shipments').select(['step', 'scan_at']).where('order_id', '=', orderId).executeTakeFirst(),
    trx
      .selectFrom('order_events')
      .select('created_at')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'state')
      .where('status', '=', 'delivered')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (order?.status !== 'delivered') return null;
  const scan = shipment?.step === 'delivered' ? shipment.scan_at : null;
  const times = [scan, event?.created_at].filter((t): t is string => typeof t === 'string');
  if (times.length === 0) return null;
  return times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
}

export function toShopperRequest(row: RequestRow, replacementNumber: string | null): ShopperRequest {
  return {
    number: row.number,
    kind: row.kind as AfterSalesKind,
    problem: (row.problem as Problem | null) ?? null,
    state: row.state as AfterSalesState,
    stateLabel: AFTER_SALES_STATES[row.state as AfterSalesState]?.label ?? row.state,
    reason: row.reason,
    wantedName: row.wanted_name,
    ownerNote: row.owner_note,
    returnMethod: (row.return_method as ReturnMethod | null) ?? null,
    returnCourier: row.return_courier,
    returnAwb: row.return_awb,
    returnStep: (row.return_step as ReturnStep | null) ?? null,
    replacementNumber,
    photos: parseJsonList<string>(row.photos),
    createdAt: row.created_at,
  };
}

/** The order's requests, newest first, with their replacement orders' numbers. */
export async function requestsOfOrder(trx: Trx, orderId: string) {
  return trx
    .selectFrom('after_sales_requests as r')
    .leftJoin('orders as rep', 'rep.id', 'r.replacement_order_id')
    .selectAll('r')
    .select('rep.number as replacement_number')
    .where('r.order_id', '=', orderId)
    .orderBy('r.created_at', 'desc')
    .execute();
}

export function openKey(orderId: string, lineNo: number): string {
  return `${orderId}:${lineNo}`;
}

function queueQuery(db: Db, view: 'open' | 'all') {
  const q = db
    .selectFrom('after_sales_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('order_lines as l', (j) => j.onRef('l.order_id', '=', 'r.order_id').onRef('l.line_no', '=', 'r.line_no'))
    .leftJoin('orders as rep', 'rep.id', 'r.replacement_order_id');
  return view === 'open' ? q.where('r.state', 'in', OPEN_AFTER_SALES_STATES) : q;
}

export async function countQueue(db: Db, view: 'open' | 'all'): Promise<number> {
  const row = await queueQuery(db, view)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Requests waiting for the owner's answer: the count in "Needs you". */
export async function countAwaitingOwner(db: Db): Promise<number> {
  const row = await db
    .selectFrom('after_sales_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', 'in', ['requested', 'received'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const QUEUE_COLUMNS = [
  'o.number as order_number',
  'o.buyer_name',
  'o.user_phone',
  'l.product_name as line_name',
  'l.discount_price as line_price',
  'rep.number as replacement_number',
  'o.total as order_total',
  'o.advance_amount as order_advance_amount',
  'o.advance_state as order_advance_state',
  'o.status as order_status',
] as const;

/** Open requests oldest first (the owner answers in turn), or all newest first. */
export async function listQueue(
  db: Db,
  config: Config,
  view: 'open' | 'all',
  limit: number,
  offset: number,
  courierReturns: boolean,
): Promise<AdminRequest[]> {
  const rows = await queueQuery(db, view)
    .selectAll('r')
    .select(QUEUE_COLUMNS)
    .orderBy('r.created_at', view === 'open' ? 'asc' : 'desc')
    .orderBy('r.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return Promise.all(rows.map((row) => toAdminRequest(db, config, row, courierReturns)));
}

export async function findAdminRequest(db: Db, config: Config, number: string, courierReturns: boolean) {
  const row = await queueQuery(db, 'all')
    .selectAll('r')
    .select(QUEUE_COLUMNS)
    .where('r.number', '=', number)
    .executeTakeFirst();
  return row ? toAdminRequest(db, config, row, courierReturns) : undefined;
}

type QueueRow = RequestRow & {
  order_number: string;
  buyer_name: string;
  user_phone: string;
  line_name: string;
  line_price: number;
  replacement_number: string | null;
  order_total: number;
  order_advance_amount: number;
  order_advance_state: string;
  order_status: string;
};

async function toAdminRequest(db: Db, config: Config, row: QueueRow, courierReturns: boolean): Promise<AdminRequest> {
  const linePrice = Number(row.line_price);
  const wantedPrice = row.wanted_price === null ? null : Number(row.wanted_price);
  const order = {
    id: row.order_id,
    total: row.order_total,
    advance_amount: row.order_advance_amount,
    advance_state: row.order_advance_state,
    status: row.order_status,
  };
  const settlement = await settlementOfOrder(db, order);
  // The one money rule and the settlements' reading say what was paid and what may still go back.
  const refundable = refundablePaise(codOrderOf(order), settlement);
  return {
    ...toShopperRequest(row, row.replacement_number),
    orderNumber: row.order_number,
    buyerName: row.buyer_name,
    phone: row.user_phone,
    lineName: row.line_name,
    linePrice,
    wantedPrice,
    due: wantedPrice === null ? null : exchangeMoney(linePrice, wantedPrice, config.exchangeCourierCharge).due,
    deliveredAt: await deliveredAt(db, row.order_id),
    checkPassed: row.check_passed === null ? null : Number(row.check_passed) === 1,
    checkNote: row.check_note,
    checkPhotos: parseJsonList<string>(row.check_photos),
    courierReturns,
    settlement,
    refund:
      row.kind === 'problem'
        ? { paidPaise: refundable.paidPaise, maxPaise: watchRefundPaise(linePrice, refundable.leftPaise) }
        : null,
  };
}
