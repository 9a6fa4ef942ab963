/**
 * Leads marked followed up (issue 27; docs/product.md#admin-leads). Frozen in time: takes
 * Kysely<any> and never imports app code. Portable column types only.
 *
 * - leads.followed_up_at: when an admin ticked the platform lead as followed up (null: not yet).
 * - cart_items.followed_up_at: the same for a shopper's cart line, which the Leads screen shows as
 *   a website lead. On the line itself, so it goes when the line does (ordered or removed).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('followed_up_at', 'text').execute();
  await db.schema.alterTable('cart_items').addColumn('followed_up_at', 'text').execute();
}
