/**
 * The WhatsApp inbox (issue 37; docs/decisions/065-whatsapp-inbox.md). Frozen in time: takes
 * Kysely<any> and never imports app code. Portable column types only.
 *
 * - whatsapp_conversations: one per shopper's number (10 digits, the store's form; other
 *   countries' numbers as their digits): the account when the number is known, when the shopper
 *   last wrote (Meta's timestamp: the 24-hour window counts from it), the oldest message still
 *   unanswered (waiting_since), unread messages, who is replying, who marked it done, and which
 *   wait the owner's summary already told of (alerted_for).
 * - whatsapp_messages: every message in a conversation: the shopper's (direction "in": text,
 *   image, audio, document, location, contacts, reaction, button; kept once per Meta message id),
 *   the owner's replies (direction "out", their outbox row giving Meta's status), and events that
 *   are not messages (direction "event": a Cancel tap). Media: Meta's media id, then the fetch's
 *   state (pending, stored, refused), its key in the picture storage, type and size.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('whatsapp_conversations')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('wa_id', 'text', (c) => c.notNull())
    .addColumn('profile_name', 'text')
    .addColumn('user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addColumn('last_inbound_at', 'text')
    .addColumn('waiting_since', 'text')
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replying_admin', 'text')
    .addColumn('replying_at', 'text')
    .addColumn('done_at', 'text')
    .addColumn('done_by', 'text')
    .addColumn('alerted_for', 'text')
    .execute();
  await db.schema
    .createIndex('whatsapp_conversations_last')
    .on('whatsapp_conversations')
    .columns(['last_at'])
    .execute();

  await db.schema
    .createTable('whatsapp_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    // Meta's id of a shopper's message (unique: a repeated webhook is kept once); null for the rest.
    .addColumn('wa_message_id', 'text', (c) => c.unique())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('order_id', 'text')
    .addColumn('outbox_id', 'text')
    .addColumn('admin', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('media_id', 'text')
    .addColumn('media_state', 'text')
    .addColumn('media_key', 'text')
    .addColumn('media_type', 'text')
    .addColumn('media_size', 'integer')
    .addColumn('media_error', 'text')
    .addColumn('media_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('media_next_at', 'text')
    .execute();
  await db.schema.createIndex('whatsapp_messages_thread').on('whatsapp_messages').columns(['phone', 'at']).execute();
  await db.schema
    .createIndex('whatsapp_messages_media_due')
    .on('whatsapp_messages')
    .columns(['media_next_at'])
    .where(sql.ref('media_state'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('whatsapp_messages').execute();
  await db.schema.dropTable('whatsapp_conversations').execute();
}
