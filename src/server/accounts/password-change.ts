/**
 * A shopper changes their password (docs/product.md#account-rights): the current one first,
 * the new one by the sign-up rule. Every other session of theirs ends, and any
 * reset link still open dies with the old password.
 */
import { PASSWORD_MESSAGES } from '../../common/password-change-rules.ts';
import type { PasswordChangeInput } from '../../common/schemas/account-rights.ts';
import { hashPassword } from '../auth/passwords.ts';
import { endSessionsOf } from '../auth/sessions.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { confirmOwnPassword } from './password-check.ts';
import { dropOpenResetLinks } from './password-resets.ts';

export async function changePassword(
  db: Db,
  userId: string,
  input: PasswordChangeInput,
  currentTokenHash: string | undefined,
): Promise<void> {
  await confirmOwnPassword(db, userId, input.currentPassword, 'currentPassword', PASSWORD_MESSAGES.wrongCurrent);
  const passwordHash = await hashPassword(input.newPassword);
  await writeTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
    await endSessionsOf(trx, 'user', userId, currentTokenHash);
    await dropOpenResetLinks(trx, userId);
  });
}
