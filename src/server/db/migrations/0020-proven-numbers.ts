/**
 * Numbers proven to be the shopper's before the shop messages them (issue 34 item 1;
 * docs/decisions/050-numbers-proven-before-messages.md). Frozen in time: takes Kysely<any> and
 * never imports app code. Portable column types only.
 *
 * - whatsapp_codes: a one-time code shown to the shopper in a "Get updates on WhatsApp" link, made
 *   for one number (10 digits, the store's form) and for an account or a "Notify me" request;
 *   used_at is set once, when a text carrying it arrives from that number.
 * - whatsapp_proofs: the proof kept: which number sent which code, when, for which account or
 *   request. An account's number is messaged only with a proof for that account and that number.
 * - back_in_stock_requests.whatsapp_proven_at: the request's number sent the request's code.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('whatsapp_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('whatsapp_codes_code').on('whatsapp_codes').columns(['code', 'phone']).execute();
  await db.schema.createIndex('whatsapp_codes_owner').on('whatsapp_codes').columns(['phone', 'user_id']).execute();
  await db.schema
    .createTable('whatsapp_proofs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('request_id', 'text')
    .addColumn('code_id', 'text', (c) => c.notNull())
    .addColumn('proven_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('whatsapp_proofs_phone').on('whatsapp_proofs').columns(['phone', 'user_id']).execute();
  await db.schema.alterTable('back_in_stock_requests').addColumn('whatsapp_proven_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('back_in_stock_requests').dropColumn('whatsapp_proven_at').execute();
  await db.schema.dropTable('whatsapp_proofs').execute();
  await db.schema.dropTable('whatsapp_codes').execute();
}
