/** Reading orders for the admin area: a filtered page, each with its lines and state history. */
import type { AdminOrder, OrderListQuery } from '../../common/schemas/admin-orders.ts';
import type { Db } from '../db/tables.ts';
import { orderLinesOf } from '../orders/queries.ts';

/** LIKE pattern for "starts with"; the query schema allows letters and digits only, so no wildcard gets in. */
function startsWith(text: string): string {
  return `${text}%`;
}

function filtered(db: Db, query: Pick<OrderListQuery, 'status' | 'q'>) {
  let q = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
  if (query.status) q = q.where('orders.status', '=', query.status);
  const search = query.q?.trim();
  if (search) {
    // Order id (or its start) or the shopper's number (or its start).
    q = q.where((eb) =>
      eb.or([
        eb('orders.id', '=', search.toLowerCase()),
        eb('orders.user_phone', 'like', eb.val(startsWith(search))),
        eb('orders.id', 'like', eb.val(startsWith(search.toLowerCase()))),
      ]),
    );
  }
  return q;
}

export async function countOrders(db: Db, query: Pick<OrderListQuery, 'status' | 'q'>): Promise<number> {
  const row = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of orders, newest first, complete with lines and history. */
export async function listOrders(
  db: Db,
  query: Pick<OrderListQuery, 'status' | 'q'>,
  limit: number,
  offset: number,
): Promise<AdminOrder[]> {
  const orders = await filtered(db, query)
    .select([
      'orders.id',
      'orders.user_phone',
      'orders.address',
      'orders.status',
      'orders.total',
      'orders.created_at',
      'users.name as user_name',
    ])
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return withDetails(db, orders);
}

export async function getOrder(db: Db, id: string): Promise<AdminOrder | null> {
  const order = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.user_phone',
      'orders.address',
      'orders.status',
      'orders.total',
      'orders.created_at',
      'users.name as user_name',
    ])
    .where('orders.id', '=', id)
    .executeTakeFirst();
  if (!order) return null;
  return (await withDetails(db, [order]))[0] ?? null;
}

interface OrderHead {
  id: string;
  user_phone: string;
  address: string;
  status: string;
  total: number;
  created_at: string;
  user_name: string;
}

async function withDetails(db: Db, orders: OrderHead[]): Promise<AdminOrder[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [lines, events] = await Promise.all([
    orderLinesOf(db, ids),
    db
      .selectFrom('order_events')
      .leftJoin('admins', 'admins.id', 'order_events.admin_id')
      .select([
        'order_events.order_id',
        'order_events.status',
        'order_events.admin_id',
        'order_events.created_at',
        'admins.username',
      ])
      .where('order_events.order_id', 'in', ids)
      .orderBy('order_events.created_at')
      .orderBy('order_events.id')
      .execute(),
  ]);
  return orders.map((o) => {
    const own = lines.filter((l) => l.order_id === o.id);
    const history = events.filter((e) => e.order_id === o.id);
    return {
      id: o.id,
      userName: o.user_name,
      userPhone: o.user_phone,
      address: o.address,
      status: o.status,
      setByAdmin: history.some((e) => e.admin_id !== null),
      quantity: own.reduce((sum, l) => sum + Number(l.quantity), 0),
      total: Number(o.total),
      createdAt: o.created_at,
      lines: own.map((l) => ({
        productId: l.product_id,
        productName: l.product_name,
        image: l.image,
        quantity: Number(l.quantity),
        discountPrice: Number(l.discount_price),
      })),
      history: history.map((e) => ({
        status: e.status,
        admin: e.admin_id ? (e.username ?? 'a removed admin') : null,
        at: e.created_at,
      })),
    };
  });
}
