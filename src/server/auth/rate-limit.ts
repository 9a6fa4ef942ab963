/**
 * Counters for abuse limits, kept in the database (not in process memory) so
 * every app instance behind a load balancer counts the same attempts
 * (docs/decisions/007-security.md, "Abuse limits"). A request takes its slot
 * before the work it limits (a password check, a sign-up, a lead): one
 * INSERT … ON CONFLICT DO UPDATE … WHERE count < max RETURNING per key, so
 * parallel requests can never all get past a limit, on SQLite or PostgreSQL.
 */
import { isIPv6 } from 'node:net';
import { sql } from 'kysely';
import { ACCOUNT_FORM_ERRORS } from '../../common/account-forms.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { AppError } from '../http/errors.ts';

export const TOO_MANY_ATTEMPTS = ACCOUNT_FORM_ERRORS.limit;
export const tooManyAttempts = () => new AppError(429, 'too_many_attempts', TOO_MANY_ATTEMPTS);

/** The window of log-in and sign-up limits. */
export const FIFTEEN_MINUTES = 15 * 60_000;

export interface Limit {
  key: string;
  /** Slots in one window. */
  max: number;
  windowMs: number;
}

/**
 * Takes one slot of `limit`: true when there was one. The window starts with the
 * first slot taken and a new one starts once it has expired. Runs in the caller's
 * transaction when given one (a slot taken for work that is rolled back is given back with it).
 */
export async function takeSlot(db: Db, limit: Limit, now: number): Promise<boolean> {
  const at = nowIso(now);
  const row = await db
    .insertInto('rate_limits')
    .values({ key: limit.key, count: 1, expires_at: nowIso(now + limit.windowMs) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          count: sql<number>`case when rate_limits.expires_at <= ${at} then 1 else rate_limits.count + 1 end`,
          expires_at: sql<string>`case when rate_limits.expires_at <= ${at} then excluded.expires_at else rate_limits.expires_at end`,
        })
        .where((eb) => eb.or([eb('rate_limits.expires_at', '<=', at), eb('rate_limits.count', '<', limit.max)])),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes a slot of each limit in order, in one transaction, and stops at the
 * first that is full: returns it (and the slots taken before it stay taken),
 * or null when every limit had room. Callers list the narrowest limit first, so
 * one attacker's excess never reaches the wider counters.
 */
export function takeSlots(db: Db, limits: readonly Limit[], now = Date.now()): Promise<Limit | null> {
  return writeTransaction(db, async (trx) => {
    for (const limit of limits) if (!(await takeSlot(trx, limit, now))) return limit;
    return null;
  });
}

/** Gives a slot back: the attempt turned out to be a good one (or was never made). */
export async function giveBack(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', 'in', keys)
    .where('count', '>', 0)
    .execute();
}

/** Forgets the counts of `keys` (a good log-in clears its own account-and-address count). */
export async function clearSlots(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
}

export async function pruneRateLimits(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limits').where('expires_at', '<=', nowIso(now)).execute();
}

/**
 * The client address as limits count it: an IPv6 client is its /64 (one home or
 * phone is given a whole /64, so counting single addresses would let it rotate
 * through millions); an IPv4-mapped address is its IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
