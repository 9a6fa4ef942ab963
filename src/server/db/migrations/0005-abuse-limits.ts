/**
 * Abuse limits counted atomically in the database (issue 15), so every app
 * process sees the same counts. Frozen in time: takes Kysely<any> and never
 * imports app code. Portable column types only.
 *
 * - rate_limits: one row per limited thing (a log-in's account and address, an
 *   address's sign-ups, a visitor's WhatsApp click on a watch). A request takes
 *   a slot with one INSERT … ON CONFLICT DO UPDATE … WHERE count < max
 *   RETURNING, so two requests can never both take the last slot. The window
 *   starts at the first attempt and ends at expires_at (ISO text, compared as text).
 * - login_addresses: the addresses an account last logged in from; an account's
 *   own limit across addresses applies only to the others, so an attacker
 *   spending it cannot lock the owner out of their usual address.
 * - login_attempts (one row per failure, counted afterwards, so parallel
 *   attempts all got past it) is replaced and dropped.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires').on('rate_limits').column('expires_at').execute();

  await db.schema
    .createTable('login_addresses')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_addresses_pk', ['account', 'address'])
    .execute();
  await db.schema.createIndex('login_addresses_last').on('login_addresses').column('last_login_at').execute();

  await db.schema.dropTable('login_attempts').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_key').on('login_attempts').columns(['key', 'attempted_at']).execute();
  await db.schema.dropTable('login_addresses').execute();
  await db.schema.dropTable('rate_limits').execute();
}
