/** Shopper account queries. The password hash never leaves this layer. */
import { ACCOUNT_FORM_ERRORS } from '../../common/account-forms.ts';
import type { SessionUser } from '../../common/schemas/session.ts';
import { parseJsonList } from '../db/json.ts';
import type { Db, UserRow } from '../db/tables.ts';
import { conflict } from '../http/errors.ts';

export const PHONE_TAKEN = ACCOUNT_FORM_ERRORS.taken;

export function toSessionUser(row: Pick<UserRow, 'id' | 'name' | 'phone' | 'email' | 'addresses'>): SessionUser {
  return {
    id: row.id,
    name: row.name,
    number: row.phone,
    email: row.email,
    addresses: parseJsonList<string>(row.addresses),
  };
}

export async function findUserById(db: Db, id: string): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'phone', 'email', 'addresses'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

export function findUserByPhone(db: Db, phone: string) {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/** 409 when another account holds `phone` (ignoring `exceptUserId`, the caller's own). */
export async function assertPhoneFree(db: Db, phone: string, exceptUserId?: string): Promise<void> {
  let query = db.selectFrom('users').select('id').where('phone', '=', phone);
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  if (await query.executeTakeFirst()) throw conflict(PHONE_TAKEN, { number: PHONE_TAKEN });
}
