/**
 * "Type your password to confirm" for a logged-in shopper (changing it,
 * deleting the account). A stolen session must not become a way to guess the
 * password, so each check takes a slot of a per-account limit (5 in 15
 * minutes, auth/rate-limit.ts) before the hash is compared; a right password
 * gives its slot back.
 */
import { verifyPassword } from '../auth/passwords.ts';
import { FIFTEEN_MINUTES, giveBack, takeSlots, tooManyAttempts } from '../auth/rate-limit.ts';
import type { Db } from '../db/tables.ts';
import { AppError, unauthorized } from '../http/errors.ts';

export const PASSWORD_CHECKS_PER_ACCOUNT = 5;

/** Throws 400 with `message` on `field` when `password` is not the shopper's; 401 for an erased account. */
export async function confirmOwnPassword(
  db: Db,
  userId: string,
  password: string,
  field: string,
  message: string,
): Promise<void> {
  const key = `password-confirm:user:${userId}`;
  if (await takeSlots(db, [{ key, max: PASSWORD_CHECKS_PER_ACCOUNT, windowMs: FIFTEEN_MINUTES }])) {
    throw tooManyAttempts();
  }
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw unauthorized();
  if (!(await verifyPassword(row.password_hash, password))) {
    throw new AppError(400, 'wrong_password', message, { [field]: message });
  }
  await giveBack(db, [key]);
}
