/**
 * Log-in rate limits kept in the database (not in process memory) so every app
 * instance behind a load balancer counts the same attempts.
 */
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { AppError } from '../http/errors.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait 15 minutes and try again.';

export interface Limit {
  key: string;
  max: number;
}
const WINDOW_MS = 15 * 60_000;

/** Throws 429 when any key has reached its maximum of failures in the window. */
export async function checkLoginLimits(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  const since = nowIso(now - WINDOW_MS);
  for (const { key, max } of limits) {
    const row = await db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', key)
      .where('attempted_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= max) throw new AppError(429, 'too_many_attempts', TOO_MANY_ATTEMPTS);
  }
}

export async function recordLoginFailure(db: Db, keys: string[], now = Date.now()): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values(keys.map((key) => ({ key, attempted_at: nowIso(now) })))
    .execute();
}

export async function clearLoginFailures(db: Db, keys: string[]): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', 'in', keys).execute();
}

export async function pruneLoginAttempts(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('attempted_at', '<=', nowIso(now - WINDOW_MS))
    .execute();
}
