/**
 * The owner's lookup of shoppers by phone (docs/product.md#admin-shoppers): the record a
 * reset link is made from. Erased accounts are left out: their phone is no
 * number any more.
 */
import type { AdminShopper } from '../../common/schemas/account-rights.ts';
import type { Db } from '../db/tables.ts';

/** At most this many matches; a longer start of the number narrows it. */
export const LOOKUP_LIMIT = 20;

export async function findShoppersByPhone(db: Db, phoneStart: string): Promise<AdminShopper[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('orders', 'orders.user_id', 'users.id')
    .select(['users.id', 'users.name', 'users.phone', 'users.email', 'users.created_at'])
    .select((eb) => [
      eb.fn.count<number>('orders.id').as('order_count'),
      eb.fn.max('orders.created_at').as('last_order'),
    ])
    // The query schema allows digits only, so no LIKE wildcard gets in.
    .where('users.phone', 'like', `${phoneStart}%`)
    .where('users.deleted_at', 'is', null)
    .groupBy(['users.id', 'users.name', 'users.phone', 'users.email', 'users.created_at'])
    .orderBy('users.phone')
    .limit(LOOKUP_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    number: r.phone,
    email: r.email,
    createdAt: r.created_at,
    orderCount: Number(r.order_count),
    lastOrderAt: r.last_order ?? null,
  }));
}
