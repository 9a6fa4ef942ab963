/**
 * Log-in limits that hold the attacker, not the account's owner
 * (docs/decisions/007-security.md, "Abuse limits"; docs/product.md#accounts). Each
 * attempt takes its slots before the password is checked, narrowest first:
 *
 * 1. the account from this address: 5 in 15 minutes. Guessing from one place
 *    stops there, and only there: the owner elsewhere is not touched;
 * 2. the address across accounts (shoppers 20, admins 30): spraying many
 *    accounts from one place;
 * 3. the account from addresses it has not logged in from in the last 90 days
 *    (20): guessing spread over many addresses. The owner's usual address
 *    skips it, so spending it cannot lock the owner out.
 *
 * A good password gives the slots back (log-ins that work never use up a
 * limit), clears the account's count at this address and remembers the address.
 */
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import {
  addressKey,
  clearSlots,
  FIFTEEN_MINUTES,
  giveBack,
  type Limit,
  takeSlots,
  tooManyAttempts,
} from './rate-limit.ts';

export interface LoginLimits {
  /** Attempts on one account from one address. */
  perAccountAddress: number;
  /** Attempts from one address, across accounts. */
  perAddress: number;
  /** Attempts on one account from addresses it has not logged in from lately. */
  perAccountElsewhere: number;
}

export interface LoginAttempt {
  /** 'shopper' or 'admin': their counts are kept apart. */
  kind: string;
  /** What the person typed to name the account (the number, the username in lower case). */
  account: string;
  /** request.ip */
  ip: string;
  limits: LoginLimits;
}

/** An address stays known this long after the account's last log-in from it. */
export const KNOWN_FOR_MS = 90 * 24 * 60 * 60_000;

/**
 * Runs `check` (the password check) within the limits: throws 429 (TOO_MANY_ATTEMPTS)
 * before checking when any is used up. Returns what `check` returned; a good
 * log-in (anything but undefined) gives its slots back.
 */
export async function limitedLogin<T>(
  db: Db,
  attempt: LoginAttempt,
  check: () => Promise<T | undefined>,
  now = Date.now(),
): Promise<T | undefined> {
  const account = `${attempt.kind}:${attempt.account}`;
  const address = addressKey(attempt.ip);
  const own: Limit = {
    key: `login-own:${account}@${address}`,
    max: attempt.limits.perAccountAddress,
    windowMs: FIFTEEN_MINUTES,
  };
  const limits: Limit[] = [
    own,
    { key: `login-address:${attempt.kind}@${address}`, max: attempt.limits.perAddress, windowMs: FIFTEEN_MINUTES },
  ];
  if (!(await isKnownAddress(db, account, address, now))) {
    limits.push({
      key: `login-account:${account}`,
      max: attempt.limits.perAccountElsewhere,
      windowMs: FIFTEEN_MINUTES,
    });
  }
  if (await takeSlots(db, limits, now)) throw tooManyAttempts();
  const wider = limits.slice(1).map((l) => l.key);
  let result: T | undefined;
  try {
    result = await check();
  } catch (err) {
    // Not checked after all (the hashing queue was full): the attempt was never made.
    await giveBack(db, [own.key, ...wider]);
    throw err;
  }
  if (result !== undefined) {
    await clearSlots(db, [own.key]);
    await giveBack(db, wider);
    await rememberAddress(db, account, address, now);
  }
  return result;
}

async function isKnownAddress(db: Db, account: string, address: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_addresses')
    .select('address')
    .where('account', '=', account)
    .where('address', '=', address)
    .where('last_login_at', '>', nowIso(now - KNOWN_FOR_MS))
    .executeTakeFirst();
  return row !== undefined;
}

async function rememberAddress(db: Db, account: string, address: string, now: number): Promise<void> {
  await db
    .insertInto('login_addresses')
    .values({ account, address, last_login_at: nowIso(now) })
    .onConflict((oc) => oc.columns(['account', 'address']).doUpdateSet({ last_login_at: nowIso(now) }))
    .execute();
}

/** Addresses not used for a log-in in 90 days are forgotten (they are personal data). */
export async function pruneLoginAddresses(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('login_addresses')
    .where('last_login_at', '<=', nowIso(now - KNOWN_FOR_MS))
    .execute();
}
