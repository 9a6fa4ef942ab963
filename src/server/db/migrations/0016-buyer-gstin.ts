/**
 * A business buyer (issue 25): the GSTIN and business name a shopper may give at checkout.
 * Frozen in time: takes Kysely<any> and never imports app code. Portable column types only.
 *
 * - orders.buyer_gstin: the buyer's GSTIN as checked at checkout (common/gstin.ts), upper case; null
 *   for a consumer. An invoice with one is a B2B invoice (GSTR-1 Table 4, its credit note Table 9B
 *   CDNR) and its place of supply is the GSTIN's state.
 * - orders.buyer_business_name: the registered name the invoice is billed to (CGST Rule 46(e));
 *   null with no GSTIN.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('buyer_gstin', 'text').execute();
  await db.schema.alterTable('orders').addColumn('buyer_business_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('buyer_business_name').execute();
  await db.schema.alterTable('orders').dropColumn('buyer_gstin').execute();
}
