/**
 * First start with no admin: create one from ADMIN_USERNAME/ADMIN_PASSWORD, or
 * generate a strong password and print it once. No fixed default password exists.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

export interface CreatedAdmin {
  username: string;
  /** Set only when the password was generated here (to be printed once). */
  generatedPassword?: string;
}

export async function createAdmin(db: Db, username: string, password: string): Promise<void> {
  await db
    .insertInto('admins')
    .values({
      id: newId(),
      username,
      password_hash: await hashPassword(password),
      created_at: nowIso(),
      last_login_at: null,
    })
    .execute();
}

export async function ensureFirstAdmin(
  db: Db,
  admin: { username: string; password: string | undefined },
): Promise<CreatedAdmin | null> {
  const existing = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const generated = admin.password ? undefined : randomBytes(15).toString('base64url');
  try {
    await createAdmin(db, admin.username, admin.password ?? (generated as string));
  } catch (err) {
    // Several app processes starting at once on a new database (docs/deploy.md): one creates
    // the admin, the others find it made a moment ago and start as if it had been there.
    if (isUniqueViolation(err)) return null;
    throw err;
  }
  return generated ? { username: admin.username, generatedPassword: generated } : { username: admin.username };
}
