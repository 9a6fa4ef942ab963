/**
 * WhatsApp beside email (issue 24; docs/decisions/031-whatsapp-channel.md). Frozen in time: takes
 * Kysely<any> and never imports app code. Portable column types only.
 *
 * - users: the shopper's consent to order updates on WhatsApp and to offers, each with its time
 *   (null: not given, or taken back), and the language messages are written in (en, hi).
 * - orders.shopper_confirmed_at: when the shopper confirmed a cash-on-delivery order from
 *   WhatsApp's Confirm button.
 * - whatsapp_outbox: WhatsApp messages to send, written in the transaction of the change they tell
 *   of, like the mail outbox, with what Meta answered and the statuses its webhook reported.
 * - outbox.held_for: a mail that stands in for a WhatsApp message: not sent unless that message
 *   fails (then it goes out, once).
 * - whatsapp_inbox: each webhook event as received (a reply, a status), keyed by its own id so a
 *   repeat is recognised, and marked when it was applied.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('whatsapp_consent_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('offers_consent_at', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.alterTable('orders').addColumn('shopper_confirmed_at', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('held_for', 'text').execute();

  await db.schema
    .createTable('whatsapp_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_phone', 'text', (c) => c.notNull())
    // A template's name, or null for free-form text (only inside the 24-hour window).
    .addColumn('template', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('preview', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('wa_message_id', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('status_at', 'text')
    .addColumn('failed_at', 'text')
    .execute();
  await db.schema
    .createIndex('whatsapp_outbox_due')
    .on('whatsapp_outbox')
    .columns(['next_attempt_at'])
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
  await db.schema.createIndex('outbox_held_for').on('outbox').columns(['held_for']).execute();

  await db.schema
    .createTable('whatsapp_inbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text')
    .execute();
  await db.schema
    .createIndex('whatsapp_inbox_pending')
    .on('whatsapp_inbox')
    .columns(['received_at'])
    .where(sql.ref('applied_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('whatsapp_inbox').execute();
  await db.schema.dropIndex('outbox_held_for').execute();
  await db.schema.dropTable('whatsapp_outbox').execute();
  await db.schema.alterTable('outbox').dropColumn('held_for').execute();
  await db.schema.alterTable('orders').dropColumn('shopper_confirmed_at').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
  await db.schema.alterTable('users').dropColumn('offers_consent_at').execute();
  await db.schema.alterTable('users').dropColumn('whatsapp_consent_at').execute();
}
