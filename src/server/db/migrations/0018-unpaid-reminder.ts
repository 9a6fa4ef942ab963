/**
 * The reminder before an unpaid order expires (issue 24; docs/product.md#unpaid-orders). Frozen in
 * time: takes Kysely<any> and never imports app code.
 *
 * - orders.unpaid_reminded_at: when the reminder was queued (null: not yet). Setting it with a
 *   conditional update is the claim that makes the reminder go once, whichever process sweeps.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('unpaid_reminded_at', 'text').execute();
  await db.schema.createIndex('whatsapp_outbox_failed').on('whatsapp_outbox').columns(['failed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('whatsapp_outbox_failed').execute();
  await db.schema.alterTable('orders').dropColumn('unpaid_reminded_at').execute();
}
