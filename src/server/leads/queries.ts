/**
 * Leads in one list (docs/product.md#entities): platform orders from the leads table, and every
 * shopper's current cart lines shown as platform "website".
 */
import { sql } from 'kysely';
import type { Lead, LeadInput, LeadTab } from '../../common/schemas/lead.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';

function platformLeads(db: Db, platform: 'amazon' | 'whatsapp' | null) {
  let q = db
    .selectFrom('leads')
    .select([
      'leads.id as id',
      'leads.platform as platform',
      'leads.customer as customer',
      'leads.phone as phone',
      'leads.product_id as product_id',
      'leads.product_name as product_name',
      'leads.quantity as quantity',
      'leads.created_at as date',
    ]);
  if (platform) q = q.where('leads.platform', '=', platform);
  return q;
}

function websiteCarts(db: Db) {
  return db
    .selectFrom('cart_items')
    .innerJoin('users', 'users.id', 'cart_items.user_id')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .select([
      sql<string>`cart_items.user_id || ':' || cart_items.product_id`.as('id'),
      sql<string>`'website'`.as('platform'),
      'users.name as customer',
      'users.phone as phone',
      sql<string | null>`cart_items.product_id`.as('product_id'),
      'products.name as product_name',
      'cart_items.quantity as quantity',
      'cart_items.added_at as date',
    ]);
}

function source(db: Db, tab: LeadTab) {
  if (tab === 'amazon' || tab === 'whatsapp') return platformLeads(db, tab);
  if (tab === 'website') return websiteCarts(db);
  return platformLeads(db, null).unionAll(websiteCarts(db));
}

/** A page of leads for a tab, newest first, and how many there are in all. */
export async function listLeads(
  db: Db,
  tab: LeadTab,
  limit: number,
  offset: number,
): Promise<{ items: Lead[]; total: number }> {
  const all = source(db, tab).as('l');
  const [rows, count] = await Promise.all([
    db.selectFrom(all).selectAll().orderBy('date', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    db
      .selectFrom(source(db, tab).as('c'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      platform: r.platform as Lead['platform'],
      customer: r.customer,
      phone: r.phone,
      productId: r.product_id,
      productName: r.product_name,
      quantity: Number(r.quantity),
      date: r.date,
    })),
    total: Number(count.n),
  };
}

/** Inserts hand-entered or imported leads in one statement (all or none). */
export async function insertLeads(db: Db, inputs: LeadInput[], adminId: string | null): Promise<void> {
  if (inputs.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('leads')
    .values(
      inputs.map((l) => ({
        id: newId(),
        platform: l.platform,
        customer: l.customer,
        phone: l.phone,
        product_id: l.productId || null,
        product_name: l.productName,
        quantity: l.quantity,
        created_at: l.date ? new Date(l.date).toISOString() : now,
        created_by: adminId,
      })),
    )
    .execute();
}
