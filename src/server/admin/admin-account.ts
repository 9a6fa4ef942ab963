import type { AdminAccount } from '../../common/schemas/admin.ts';
import type { AdminRow } from '../db/tables.ts';

/** The public face of an admin row: never the password hash. */
export function toAdminAccount(row: AdminRow): AdminAccount {
  return { id: row.id, username: row.username, createdAt: row.created_at, lastLoginAt: row.last_login_at };
}
