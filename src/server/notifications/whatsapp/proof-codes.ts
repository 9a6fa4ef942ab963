/**
 * Numbers proven before the shop messages them (issue 34 item 1; docs/whatsapp.md#numbers-proven-first;
 * docs/decisions/050-numbers-proven-before-messages.md).
 *
 * Anyone can type any 10 digits at sign-up or on "Notify me", so a typed number proves nothing.
 * The shop sends nothing to it; instead the screen shows a "Get updates on WhatsApp" link (wa.me
 * to the shop's Cloud API number, a one-time code prefilled) and the shopper sends that text. The
 * webhook's text from a number carrying a live code made for that same number is the proof: kept
 * (number, time, code, account or request), after which that account's or request's messages may
 * go to that number. What is proven is the sender's number: a code sent from any other number
 * links nothing (the account's number is still not proven).
 */
import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ProofLink } from '../../../common/schemas/whatsapp.ts';
import { whatsappLink } from '../../../common/site.ts';
import { proofText } from '../../../common/whatsapp-proof.ts';
import { addressKey, giveBack, type Limit, takeSlots } from '../../auth/rate-limit.ts';
import type { Config } from '../../config.ts';
import { newId, nowIso } from '../../db/ids.ts';
import type { Database, Db } from '../../db/tables.ts';
import { AppError } from '../../http/errors.ts';
import { accountProven, recordWhatsAppConsent } from './consent.ts';
import { fromWhatsAppNumber } from './outbox.ts';

type Trx = Kysely<Database> | Transaction<Database>;

/** How long a code lives: long enough to open WhatsApp later the same day, short enough to go stale. */
export const CODE_HOURS = 2;
/** A live code with at least this long left is shown again instead of a new one (a page reload costs no slot). */
const REUSE_MS = 20 * 60_000;
const HOUR_MS = 3_600_000;
/**
 * New codes per number, account and address in an hour. A code sends nothing to anyone (the
 * shopper sends it to us), so these only keep a script from filling the table: a shopper needs
 * one per account and one per "Notify me".
 */
export const CODES_PER_NUMBER = 10;
export const CODES_PER_ACCOUNT = 10;
export const CODES_PER_ADDRESS = 20;
export const TOO_MANY_CODES = 'You have asked for many WhatsApp codes in the last hour. Please try again later.';

/** The limits of one new code, narrowest first (rate-limit.ts takeSlots). */
export function codeLimits(phone: string, ip: string, userId: string | null): Limit[] {
  return [
    { key: `wa-code:phone:${phone}`, max: CODES_PER_NUMBER, windowMs: HOUR_MS },
    ...(userId ? [{ key: `wa-code:user:${userId}`, max: CODES_PER_ACCOUNT, windowMs: HOUR_MS }] : []),
    { key: `wa-code@${addressKey(ip)}`, max: CODES_PER_ADDRESS, windowMs: HOUR_MS },
  ];
}

/** Who a code is for: the number, and the account or the "Notify me" request it proves it for. */
export interface CodeFor {
  phone: string;
  userId: string | null;
  requestId: string | null;
}

function linkOf(config: Config, code: string, expiresAt: string): ProofLink {
  const number = config.whatsapp?.number ?? config.shop.whatsapp;
  return { code, link: whatsappLink(number, proofText(code)), expiresAt };
}

/** "4821-93": six random digits (crypto), in two groups. */
function newCode(): string {
  const digits = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** A live code for exactly this number, account and request, with time left to use it. */
async function liveCode(db: Trx, target: CodeFor, now: number) {
  let query = db
    .selectFrom('whatsapp_codes')
    .select(['code', 'expires_at'])
    .where('phone', '=', target.phone)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now + REUSE_MS));
  query = target.userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', target.userId);
  query =
    target.requestId === null
      ? query.where('request_id', 'is', null)
      : query.where('request_id', '=', target.requestId);
  return query.orderBy('expires_at', 'desc').executeTakeFirst();
}

/**
 * The link for this number and account or request: the live code again when there is one, else a
 * new code, taking a slot of each limit first (429 when one is full; nothing is written then).
 */
export async function proofLinkFor(db: Db, config: Config, target: CodeFor, ip: string): Promise<ProofLink> {
  const now = Date.now();
  const live = await liveCode(db, target, now);
  if (live) return linkOf(config, live.code, live.expires_at);
  const limits = codeLimits(target.phone, ip, target.userId);
  if (await takeSlots(db, limits, now)) throw new AppError(429, 'too_many_attempts', TOO_MANY_CODES);
  try {
    const code = newCode();
    const expiresAt = nowIso(now + CODE_HOURS * HOUR_MS);
    await db
      .insertInto('whatsapp_codes')
      .values({
        id: newId(),
        code,
        phone: target.phone,
        user_id: target.userId,
        request_id: target.requestId,
        created_at: nowIso(now),
        expires_at: expiresAt,
      })
      .execute();
    return linkOf(config, code, expiresAt);
  } catch (err) {
    await giveBack(
      db,
      limits.map((l) => l.key),
    );
    throw err;
  }
}

/** The account's number proven, else its link (a new code only when no live one is left). */
export async function accountProof(db: Db, config: Config, userId: string, ip: string) {
  const user = await db
    .selectFrom('users')
    .select('phone')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return undefined;
  if (await accountProven(db, userId, user.phone)) return { proven: true, proof: null };
  return { proven: false, proof: await proofLinkFor(db, config, { phone: user.phone, userId, requestId: null }, ip) };
}

/**
 * What a shopper's text with a code did: proven (kept, and the account or request linked); the
 * code is live but was made for another number (nothing linked: docs/decisions/050); or no live
 * code by that name.
 */
export type ProofResult = 'proven' | 'other-number' | 'unknown';

/** Applies a code that arrived from `from` (WhatsApp's form, 919876543210), in the inbox's transaction. */
export async function applyProofCode(trx: Trx, from: string, code: string): Promise<ProofResult> {
  const phone = fromWhatsAppNumber(from);
  const at = nowIso();
  const live = await trx
    .selectFrom('whatsapp_codes')
    .selectAll()
    .where('code', '=', code)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
  const mine = live.find((c) => c.phone === phone);
  if (!mine) return live.length > 0 ? 'other-number' : 'unknown';
  // The claim: one-time, whichever process or repeat of the webhook gets here first.
  const claimed = await trx
    .updateTable('whatsapp_codes')
    .set({ used_at: at })
    .where('id', '=', mine.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return 'unknown';
  await trx
    .insertInto('whatsapp_proofs')
    .values({
      id: newId(),
      phone,
      user_id: mine.user_id,
      request_id: mine.request_id,
      code_id: mine.id,
      proven_at: at,
    })
    .execute();
  // Sending "Send me updates on WhatsApp" is itself the shopper's yes to updates (kept with its time).
  if (mine.user_id !== null) await recordWhatsAppConsent(trx, mine.user_id, at);
  if (mine.request_id !== null) {
    await trx
      .updateTable('back_in_stock_requests')
      .set({ whatsapp_proven_at: at })
      .where('id', '=', mine.request_id)
      .where('phone', '=', phone)
      .where('notified_at', 'is', null)
      .execute();
  }
  return 'proven';
}
