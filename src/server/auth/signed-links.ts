/**
 * Signed links that need no log-in (the failed-delivery choice, shipping/delivery-choice-link.ts;
 * an order's advance, address correction and review pages, orderLink below): an HMAC-SHA256 of a message under a secret the
 * store makes itself and keeps in its database (app_secrets), so every app process signs and checks
 * alike with no setting, a link survives restarts, and nothing per link is stored. 24 characters of
 * base64url (144 bits): unguessable, short enough for a WhatsApp text. Here, below every folder that
 * signs, so orders and shipping each sign their own links without importing each other.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Config, publicBase } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';

// The name the secret was first kept under (for the failed-delivery link): kept, so links already
// sent keep working.
const SECRET_NAME = 'delivery-choice-links';
const TOKEN_LENGTH = 24;

/** The secret of each app's config, loaded at start (plugin.ts) or on first use (ensureLinkSecret). */
const secrets = new WeakMap<Config, string>();

/** Reads the store's link secret, making it on first start (two processes starting at once agree: the first insert wins). */
export async function loadLinkSecret(db: Db): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url'), created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  return row.value;
}

export function keepLinkSecret(config: Config, secret: string): void {
  secrets.set(config, secret);
}

/**
 * Loads the secret when the start could not (the database was away then: the store starts and
 * answers 503 rather than failing, docs/decisions/025-faults.md). Callers that make or check a
 * link await this first; after the first success it costs nothing.
 */
export async function ensureLinkSecret(db: Db, config: Config): Promise<void> {
  if (!secrets.has(config)) keepLinkSecret(config, await loadLinkSecret(db));
}

function secretOf(config: Config): string {
  const secret = secrets.get(config);
  if (!secret) throw new Error('The link secret is not loaded (shipping plugin, or ensureLinkSecret first)');
  return secret;
}

/**
 * The token of a signed link for `message` under the store's link secret. Each kind of link signs
 * its own message (the failed-delivery link the bare order number, the advance link
 * `advance:<number>`: orders/advance-link.ts), so one kind's token never opens another.
 */
export function linkToken(config: Config, message: string): string {
  return createHmac('sha256', secretOf(config)).update(message).digest('base64url').slice(0, TOKEN_LENGTH);
}

/** Whether `token` is `message`'s, compared in constant time. */
export function linkTokenMatches(config: Config, message: string, token: string): boolean {
  const expected = Buffer.from(linkToken(config, message));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * An order's link of one kind (`advance`, `address`, `review`): /<kind>/<number>/<token>, signed
 * over `<kind>:<number>`, so one kind's token never opens another kind's page. The secret is loaded
 * first, so a message written before any link was checked still signs with the store's secret.
 */
export function orderLink(kind: string) {
  const message = (orderNumber: string) => `${kind}:${orderNumber}`;
  const path = async (db: Db, config: Config, orderNumber: string) => {
    await ensureLinkSecret(db, config);
    return `/${kind}/${encodeURIComponent(orderNumber)}/${linkToken(config, message(orderNumber))}`;
  };
  return {
    /** The token (the link secret loaded: ensureLinkSecret). */
    token: (config: Config, orderNumber: string) => linkToken(config, message(orderNumber)),
    /** The page's path, for a redirect or a link inside the store. */
    path,
    /** The full address, for mail and WhatsApp. */
    url: async (db: Db, config: Config, orderNumber: string) =>
      publicBase(config) + (await path(db, config, orderNumber)),
    /** Whether `token` is this order's, compared in constant time. */
    matches: async (db: Db, config: Config, orderNumber: string, token: string) => {
      await ensureLinkSecret(db, config);
      return linkTokenMatches(config, message(orderNumber), token);
    },
  };
}
