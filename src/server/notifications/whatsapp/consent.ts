/**
 * The shopper's consent to WhatsApp messages (docs/whatsapp.md#consent): given by ticking the
 * unticked box at sign-up or checkout (kept with its time), taken back on the profile or by
 * replying STOP. Offers (marketing templates) need their own consent on top.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../../db/tables.ts';

type Trx = Kysely<Database> | Transaction<Database>;

/** Records consent given now; a consent already given keeps its first time. */
export async function recordWhatsAppConsent(trx: Trx, userId: string, at: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ whatsapp_consent_at: at })
    .where('id', '=', userId)
    .where('whatsapp_consent_at', 'is', null)
    .execute();
}

/** Sets both consents as the profile says: a box ticked keeps (or starts) its time, unticked clears it. */
export async function setWhatsAppConsent(
  trx: Trx,
  userId: string,
  wanted: { updates: boolean; offers: boolean },
  at: string,
): Promise<void> {
  const current = await trx
    .selectFrom('users')
    .select(['whatsapp_consent_at', 'offers_consent_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!current) return;
  // Offers ride on WhatsApp: without updates there is no channel to send them on.
  const offers = wanted.updates && wanted.offers;
  await trx
    .updateTable('users')
    .set({
      whatsapp_consent_at: wanted.updates ? (current.whatsapp_consent_at ?? at) : null,
      offers_consent_at: offers ? (current.offers_consent_at ?? at) : null,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * STOP from this number (the store's 10-digit form): every account on it stops getting WhatsApp, and
 * its waiting "Notify me" requests lose their WhatsApp consent. Answers how many accounts stopped.
 */
export async function withdrawByPhone(trx: Trx, phone: string): Promise<number> {
  // Its waiting back-in-stock requests lose their WhatsApp consent too (written here, not in
  // back-in-stock/, which sits above notifications: docs/decisions/052-order-transitions-and-folder-graph.md).
  await trx
    .updateTable('back_in_stock_requests')
    .set({ whatsapp_consent_at: null })
    .where('phone', '=', phone)
    .where('notified_at', 'is', null)
    .execute();
  const result = await trx
    .updateTable('users')
    .set({ whatsapp_consent_at: null, offers_consent_at: null })
    .where('phone', '=', phone)
    .where('whatsapp_consent_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Whether this account's number is proven: this number sent a code made for this account
 * (proof-codes.ts). Consent alone lets nothing go: a typed number proves nothing.
 */
export async function accountProven(trx: Trx, userId: string, phone: string): Promise<boolean> {
  const proof = await trx
    .selectFrom('whatsapp_proofs')
    .select('id')
    .where('phone', '=', phone)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return proof !== undefined;
}

export interface Preferences {
  whatsappUpdates: boolean;
  whatsappUpdatesSince: string | null;
  whatsappProven: boolean;
  offers: boolean;
  language: 'en' | 'hi';
}

export async function readPreferences(trx: Trx, userId: string): Promise<Preferences | undefined> {
  const row = await trx
    .selectFrom('users')
    .select(['phone', 'whatsapp_consent_at', 'offers_consent_at', 'language'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    whatsappUpdates: row.whatsapp_consent_at !== null,
    whatsappUpdatesSince: row.whatsapp_consent_at,
    whatsappProven: await accountProven(trx, userId, row.phone),
    offers: row.offers_consent_at !== null,
    language: row.language === 'hi' ? 'hi' : 'en',
  };
}

/** Saves the profile's choices: both consents (with their times) and the language. */
export async function savePreferences(
  db: Db,
  userId: string,
  wanted: { whatsappUpdates: boolean; offers: boolean; language: 'en' | 'hi' },
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setWhatsAppConsent(trx, userId, { updates: wanted.whatsappUpdates, offers: wanted.offers }, at);
    await trx.updateTable('users').set({ language: wanted.language }).where('id', '=', userId).execute();
  });
}
