/**
 * One-time password links (docs/product.md#account-rights, docs/decisions/017-account-rights.md).
 * Only an admin makes one, for one shopper, from the shopper's record; the
 * owner sends it on WhatsApp to the number the account holds. A link is 32
 * random bytes; the table keeps only its SHA-256 (like sessions), so a copy of
 * the database opens no account. It works once, for 30 minutes; a newer link
 * for the same shopper replaces an unused older one. Using it sets the
 * password and ends every session of that shopper.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { RESET_LINK_MINUTES } from '../../common/password-reset.ts';
import { RESET_LINK_INVALID } from '../../common/schemas/account-rights.ts';
import { hashPassword } from '../auth/passwords.ts';
import { addressKey, clearSlots } from '../auth/rate-limit.ts';
import { endSessionsOf, hashToken } from '../auth/sessions.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { nowIso } from '../db/ids.ts';
import type { Database, Db } from '../db/tables.ts';
import { AppError, notFound } from '../http/errors.ts';

type Trx = Kysely<Database> | Transaction<Database>;

export const RESET_LINK_EXPIRED = `This password link has expired: links work for ${RESET_LINK_MINUTES} minutes. Please ask us on WhatsApp for a new one.`;
export const RESET_LINK_USED =
  'This password link was already used. Please log in, or ask us on WhatsApp for a new one.';
export const SHOPPER_NOT_FOUND = 'We could not find this shopper';

const LINK_MS = RESET_LINK_MINUTES * 60_000;

/** Removes a shopper's links not used yet (a newer link, a changed password or an erased account ends them). */
export async function dropOpenResetLinks(trx: Trx, userId: string): Promise<void> {
  await trx.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Makes a link for the shopper `userId` on behalf of `adminId`; the token is returned once and never stored. */
export async function makeResetLink(db: Db, userId: string, adminId: string, now = Date.now()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = nowIso(now + LINK_MS);
  const phone = await writeTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('phone')
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!user) throw notFound(SHOPPER_NOT_FOUND);
    await dropOpenResetLinks(trx, userId);
    await trx
      .insertInto('password_resets')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_by: adminId,
        created_at: nowIso(now),
        expires_at: expiresAt,
      })
      .execute();
    return user.phone;
  });
  return { token, expiresAt, phone };
}

/**
 * The link's shopper and expiry, or the refusal a person should read: 404 for
 * a link that never was (or was replaced), 410 for one used or expired.
 */
async function liveLink(trx: Trx, token: string, now: number) {
  const row = await trx
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.user_id', 'password_resets.expires_at', 'password_resets.used_at', 'users.phone'])
    .where('password_resets.token_hash', '=', hashToken(token))
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(RESET_LINK_INVALID);
  if (row.used_at !== null) throw new AppError(410, 'link_used', RESET_LINK_USED);
  if (Date.parse(row.expires_at) <= now) throw new AppError(410, 'link_expired', RESET_LINK_EXPIRED);
  return { userId: row.user_id, phone: row.phone, expiresAt: row.expires_at };
}

export function readResetLink(db: Db, token: string, now = Date.now()) {
  return liveLink(db, token, now);
}

/**
 * Sets the shopper's new password through the link. The link is marked used by
 * the same UPDATE that checks it is unused and unexpired, so two submits of
 * one link cannot both succeed. Every session of the shopper ends, and their
 * failed log-ins from this address and from elsewhere are forgiven (they may
 * have locked themselves out guessing; auth/login-limits.ts names the counts).
 */
export async function useResetLink(
  db: Db,
  token: string,
  newPassword: string,
  ip: string,
  now = Date.now(),
): Promise<void> {
  // Hashing is slow (argon2): done before the transaction, never inside it.
  const passwordHash = await hashPassword(newPassword);
  const phone = await writeTransaction(db, async (trx) => {
    const link = await liveLink(trx, token, now);
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: nowIso(now) })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso(now))
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) throw new AppError(410, 'link_used', RESET_LINK_USED);
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: nowIso(now) })
      .where('id', '=', link.userId)
      .execute();
    await endSessionsOf(trx, 'user', link.userId);
    await dropOpenResetLinks(trx, link.userId);
    return link.phone;
  });
  await clearSlots(db, [`login-own:shopper:${phone}@${addressKey(ip)}`, `login-account:shopper:${phone}`]);
}
