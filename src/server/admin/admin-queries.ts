/**
 * Reads and writes of admin accounts for the admin routes: the list, finding one by
 * username or id, whether a username is taken, the log-in time, and a password change
 * that ends the admin's other sessions. Adding an admin is createAdmin (first-admin.ts).
 */
import type { AdminAccount } from '../../common/schemas/admin.ts';
import { endSessionsOf } from '../auth/sessions.ts';
import type { AdminRow, Db } from '../db/tables.ts';
import { toAdminAccount } from './admin-account.ts';

/** Every admin, oldest first. */
export async function listAdmins(db: Db): Promise<AdminAccount[]> {
  const rows = await db.selectFrom('admins').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toAdminAccount);
}

/** True when an admin has this username, whatever its case ("Owner" and "owner" cannot both exist). */
export async function isAdminUsernameTaken(db: Db, username: string): Promise<boolean> {
  const taken = await db
    .selectFrom('admins')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return taken !== undefined;
}

/** The admin with exactly this username (the row, for the password check). */
export function findAdminByUsername(db: Db, username: string): Promise<AdminRow | undefined> {
  return db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
}

/** The admin with this id; throws when there is none. */
export function getAdminById(db: Db, id: string): Promise<AdminRow> {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The admin with exactly this username; throws when there is none. */
export function getAdminByUsername(db: Db, username: string): Promise<AdminRow> {
  return db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
}

export async function recordAdminLogin(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('admins').set({ last_login_at: at }).where('id', '=', id).execute();
}

/**
 * Sets the admin's password hash and, in the same transaction, ends their other sessions
 * (all but the one whose token hash is `keepTokenHash`): a changed password locks out
 * whoever knew the old one.
 */
export async function changeAdminPassword(
  db: Db,
  adminId: string,
  passwordHash: string,
  keepTokenHash: string | undefined,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', adminId).execute();
    await endSessionsOf(trx, 'admin', adminId, keepTokenHash);
  });
}
