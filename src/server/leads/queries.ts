/**
 * Leads in one list (docs/product.md#entities): platform orders from the leads table, and every
 * shopper's current cart lines shown as platform "website".
 */
import { sql } from 'kysely';
import type { Lead, LeadFilter, LeadInput } from '../../common/schemas/lead.ts';
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
      'leads.followed_up_at as followed_up_at',
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
      'cart_items.followed_up_at as followed_up_at',
    ]);
}

function source(db: Db, tab: LeadFilter['platform']) {
  if (tab === 'amazon' || tab === 'whatsapp') return platformLeads(db, tab);
  if (tab === 'website') return websiteCarts(db);
  return platformLeads(db, null).unionAll(websiteCarts(db));
}

/** The leads of a tab, filtered on follow-up, as one table to page or count. */
function filtered(db: Db, filter: LeadFilter) {
  let q = db.selectFrom(source(db, filter.platform).as('l')).selectAll();
  if (filter.followedUp === 'yes') q = q.where('followed_up_at', 'is not', null);
  if (filter.followedUp === 'no') q = q.where('followed_up_at', 'is', null);
  return q;
}

/** A page of leads for a tab and follow-up filter, newest first, and how many there are in all. */
export async function listLeads(
  db: Db,
  filter: LeadFilter,
  limit: number,
  offset: number,
): Promise<{ items: Lead[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter).orderBy('date', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    db
      .selectFrom(filtered(db, filter).as('c'))
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
      followedUpAt: r.followed_up_at,
    })),
    total: Number(count.n),
  };
}

/**
 * Marks a lead followed up now (or not, with `followedUp` false). A website lead is its shopper's
 * cart line, with the id `userId:productId`. Answers the time stored, or undefined when there is
 * no such lead (a cart line ordered or removed since the list was read).
 */
export async function setLeadFollowedUp(
  db: Db,
  id: string,
  followedUp: boolean,
): Promise<{ followedUpAt: string | null } | undefined> {
  const followedUpAt = followedUp ? nowIso() : null;
  const [userId, productId] = id.split(':');
  const result =
    userId && productId
      ? await db
          .updateTable('cart_items')
          .set({ followed_up_at: followedUpAt })
          .where('user_id', '=', userId)
          .where('product_id', '=', productId)
          .executeTakeFirst()
      : await db.updateTable('leads').set({ followed_up_at: followedUpAt }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? { followedUpAt } : undefined;
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
