/**
 * The dashboard's numbers, read for the stats route: products per category, orders per state
 * and per day, the ten most viewed products, and what needs the owner (attention-queries.ts).
 */
import { CATEGORIES, type Category } from '../../common/catalog.ts';
import { TOP_VIEWED_LIMIT } from '../../common/constants.ts';
import { indiaDay } from '../../common/india-time.ts';
import { ORDER_STATES, type OrderState } from '../../common/orders.ts';
import type { AdminStats } from '../../common/schemas/admin-orders.ts';
import type { Config } from '../config.ts';
import { parseJsonList } from '../db/json.ts';
import type { Db } from '../db/tables.ts';
import { readAttention } from './attention-queries.ts';

const DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

/** Orders per IST day for the last `DAYS` days (today included), oldest first, zeros kept. */
export async function ordersPerDay(db: Db, now = Date.now()): Promise<Array<{ day: string; orders: number }>> {
  const days = Array.from({ length: DAYS }, (_, i) => indiaDay(now - (DAYS - 1 - i) * DAY_MS));
  const counts = new Map(days.map((d) => [d, 0]));
  // Bucketed here rather than in SQL: date functions differ between SQLite and PostgreSQL.
  const rows = await db
    .selectFrom('orders')
    .select('created_at')
    .where('created_at', '>=', new Date(now - (DAYS + 1) * DAY_MS).toISOString())
    .execute();
  for (const row of rows) {
    const day = indiaDay(row.created_at);
    const n = counts.get(day);
    if (n !== undefined) counts.set(day, n + 1);
  }
  return days.map((day) => ({ day, orders: counts.get(day) ?? 0 }));
}

/** Everything the dashboard shows. */
export async function readStats(db: Db, config: Config): Promise<AdminStats> {
  const [categories, states, perDay, viewed, attention] = await Promise.all([
    db
      .selectFrom('products')
      .select(['category', (eb) => eb.fn.countAll<number>().as('n')])
      .where('deleted_at', 'is', null)
      .groupBy('category')
      .execute(),
    db
      .selectFrom('orders')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    ordersPerDay(db),
    // A view is one shopper's first visit to a product (the storefront records it).
    db
      .selectFrom('product_views')
      .innerJoin('products', 'products.id', 'product_views.product_id')
      .select([
        'products.id',
        'products.name',
        'products.category',
        'products.images',
        (eb) => eb.fn.countAll<number>().as('views'),
      ])
      .where('products.deleted_at', 'is', null)
      .groupBy(['products.id', 'products.name', 'products.category', 'products.images'])
      .orderBy('views', 'desc')
      .orderBy('products.id')
      .limit(TOP_VIEWED_LIMIT)
      .execute(),
    readAttention(db, config),
  ]);
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  for (const row of categories) if (row.category in byCategory) byCategory[row.category as Category] = Number(row.n);
  const ordersByState = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>;
  for (const row of states) if (row.status in ordersByState) ordersByState[row.status as OrderState] = Number(row.n);
  return {
    totalProducts: Object.values(byCategory).reduce((a, b) => a + b, 0),
    byCategory,
    ordersByState,
    ordersPerDay: perDay,
    attention,
    topViewed: viewed.map((v) => ({
      id: v.id,
      name: v.name,
      category: v.category,
      image: parseJsonList<string>(v.images)[0] ?? null,
      views: Number(v.views),
    })),
  };
}
