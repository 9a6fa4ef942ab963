/**
 * The shop's own data behind the risk signals (issue 35 item 1), read inside the order's
 * transaction. Every count goes through an index that leads with what it counts by (account, phone,
 * address key, pincode: migrations 0001, 0022, 0023) and reads only that shopper's or that place's
 * rows, bounded where a shopper or an address could have many: no scan of the shop's orders at
 * checkout (risk.test.ts reads the plans on SQLite and PostgreSQL). A place's outcomes are counts
 * kept per pincode (pincode-outcomes.ts). The shop-wide
 * figures (the prior every rate leans on, the usual order value) are kept ten minutes per process.
 */
import { sql, type Transaction } from 'kysely';
import { UNPAID_ADVANCE_STATES } from '../../common/advance.ts';
import { CANCELLED_STATES, COD_COLLECTED_STATES, RETURNED_STATES } from '../../common/orders.ts';
import { reusedQuery, slot } from '../db/reused-query.ts';
import type { Database, Db } from '../db/tables.ts';
import type { Outcomes } from './pincode-outcomes.ts';

type Reader = Db | Transaction<Database>;

/**
 * Earlier orders read per side (account, phone, address): more than a shopper has at one watch shop,
 * and the score counts at most COUNTED_SIGNAL_CAP (3) of each kind. Each row read costs a few index
 * searches inside the order's transaction, so the bound is the cost's: at 200 a side a shopper
 * with hundreds of orders made an order cost 0.8 ms more (decision 073); past 50 a side, the
 * reasons count what those 50 hold.
 */
export const HISTORY_LIMIT = 50;
/** Accounts counted at one address: the signal needs three; the reason says "10 or more" past this. */
export const ADDRESS_ACCOUNTS_LIMIT = 10;
/** A key shorter than this says nothing about a place ("a, b, c"): not looked up. */
export const ADDRESS_KEY_MIN = 8;

/** Whether an order's address key is long enough to be looked up by (ADDRESS_KEY_MIN). */
const placeKey = (addressKey: string | null): addressKey is string =>
  !!addressKey && addressKey.length >= ADDRESS_KEY_MIN;

export interface ShopperHistory {
  /** Earlier orders of this account, phone or address. */
  orders: number;
  delivered: number;
  returned: number;
  /** Cancelled (or expired) with the advance never proven. */
  unpaidCancelled: number;
  /** Failed delivery attempts the courier reported on those orders. */
  failedAttempts: number;
}

/**
 * The earlier orders with their states: three bounded sides, each one range of an index that holds
 * the states and the id (migration 0032), so the orders table itself is not read; the union keeps
 * an order that two sides found once (its id, and so its states, are the same on both).
 */
export function historySidesQuery(db: Reader, userId: string, phone: string, addressKey: string | null) {
  const side = (column: 'user_id' | 'user_phone' | 'address_key', value: string) =>
    db
      .selectFrom(
        db
          .selectFrom('orders')
          .where(column, '=', value)
          .select(['id', 'status', 'advance_state'])
          .limit(HISTORY_LIMIT)
          .as('side'),
      )
      .select(['side.id', 'side.status', 'side.advance_state']);
  const both = side('user_id', userId).union(side('user_phone', phone));
  return placeKey(addressKey) ? both.union(side('address_key', addressKey)) : both;
}

export function historyQuery(db: Reader, userId: string, phone: string, addressKey: string | null) {
  return db
    .selectFrom(historySidesQuery(db, userId, phone, addressKey).as('o'))
    .leftJoin('shipments as s', 's.order_id', 'o.id')
    .select(['o.status', 'o.advance_state', 's.attempts']);
}

/** Compiled once each (db/reused-query.ts): Kysely built the three-sided union afresh on every order. */
const historyByAddress = reusedQuery((db) => historyQuery(db, slot('userId'), slot('phone'), slot('key')));
const historyWithoutAddress = reusedQuery((db) => historyQuery(db, slot('userId'), slot('phone'), null));

export async function shopperHistory(
  db: Reader,
  userId: string,
  phone: string,
  addressKey: string | null,
): Promise<ShopperHistory> {
  const rows = await (placeKey(addressKey) ? historyByAddress : historyWithoutAddress)(db, {
    userId,
    phone,
    key: addressKey ?? '',
  });
  const history: ShopperHistory = {
    orders: rows.length,
    delivered: 0,
    returned: 0,
    unpaidCancelled: 0,
    failedAttempts: 0,
  };
  for (const row of rows) {
    if ((COD_COLLECTED_STATES as readonly string[]).includes(row.status)) history.delivered++;
    if ((RETURNED_STATES as readonly string[]).includes(row.status)) history.returned++;
    if (
      (CANCELLED_STATES as readonly string[]).includes(row.status) &&
      (UNPAID_ADVANCE_STATES as readonly string[]).includes(row.advance_state)
    ) {
      history.unpaidCancelled++;
    }
    history.failedAttempts += Number(row.attempts ?? 0);
  }
  return history;
}

const FINISHED_STATES = [...COD_COLLECTED_STATES, ...RETURNED_STATES];

function outcomesOf(rows: ReadonlyArray<{ status: string; n: number | string | bigint }>): Outcomes {
  const outcomes: Outcomes = { delivered: 0, returned: 0 };
  for (const row of rows) {
    if ((RETURNED_STATES as readonly string[]).includes(row.status)) outcomes.returned += Number(row.n);
    if ((COD_COLLECTED_STATES as readonly string[]).includes(row.status)) outcomes.delivered += Number(row.n);
  }
  return outcomes;
}

/**
 * The accounts that ordered to this address, up to ADDRESS_ACCOUNTS_LIMIT, one index seek each: the
 * next account after the last one found (a skip scan over orders_address_key written as a recursive
 * query, the same on SQLite and PostgreSQL). Grouping the address's orders by account read every
 * order there before the limit applied, so the read grew with the address's history (decision 073).
 */
export function addressAccountsQuery(addressKey: string) {
  return sql<{ user_id: string }>`
    with recursive seen (user_id, n) as (
      select min(user_id), 1 from orders where address_key = ${addressKey}
      union all
      select (select min(o.user_id) from orders o where o.address_key = ${addressKey} and o.user_id > seen.user_id), n + 1
      from seen where seen.user_id is not null and n < ${sql.lit(ADDRESS_ACCOUNTS_LIMIT)}
    )
    select user_id from seen where user_id is not null`;
}

/** The other accounts that ordered to this address, up to ADDRESS_ACCOUNTS_LIMIT, counted in SQL. */
function otherAccountsAtAddress(addressKey: string, userId: string) {
  return sql<number>`(select count(*) from (${addressAccountsQuery(addressKey)}) as a where a.user_id <> ${userId})`;
}

/** How many accounts ordered to this address (up to ADDRESS_ACCOUNTS_LIMIT), this one included. */
const accountsCounted = (others: number | string | bigint): number =>
  Math.min(Number(others) + 1, ADDRESS_ACCOUNTS_LIMIT);

/** The score's one-value facts and the rule set in force (its id and when it was saved; null: none saved). */
export interface OrderScalars {
  proven: boolean;
  accountsAtAddress: number;
  rules: { id: string; savedAt: string } | null;
}

function orderScalarsQuery(db: Reader, byAddress: boolean) {
  const userId = slot<string>('userId');
  const newestRules = (column: 'id' | 'created_at') =>
    db.selectFrom('cod_rules').select(column).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1);
  return db.selectNoFrom((eb) => [
    eb
      .exists(
        eb
          .selectFrom('whatsapp_proofs')
          .select('id')
          .where('phone', '=', slot<string>('phone'))
          .where('user_id', '=', userId),
      )
      .as('proven'),
    (byAddress ? otherAccountsAtAddress(slot<string>('key'), userId) : sql<number>`0`).as('others'),
    newestRules('id').as('rules_id'),
    newestRules('created_at').as('rules_at'),
  ]);
}

/** Compiled once each (db/reused-query.ts). */
const scalarsByAddress = reusedQuery((db) => orderScalarsQuery(db, true));
const scalarsWithoutAddress = reusedQuery((db) => orderScalarsQuery(db, false));

/**
 * Whether this account proved this phone on WhatsApp (docs/decisions/050; notifications'
 * accountProven), the accounts at the address and the rule set in force, in one statement: on
 * PostgreSQL each statement of the order's transaction is a round trip, and these were three
 * (docs/decisions/074-postgres-round-trips.md).
 */
export async function orderScalars(
  db: Reader,
  order: { userId: string; phone: string; addressKey: string | null },
): Promise<OrderScalars> {
  const byAddress = placeKey(order.addressKey);
  const [row] = await (byAddress ? scalarsByAddress : scalarsWithoutAddress)(db, {
    userId: order.userId,
    phone: order.phone,
    key: order.addressKey ?? '',
  });
  if (!row) throw new Error('orderScalars: no row');
  return {
    // SQLite answers 1 or 0, PostgreSQL true or false.
    proven: Number(row.proven) === 1,
    accountsAtAddress: byAddress ? accountsCounted(row.others) : 1,
    rules: row.rules_id && row.rules_at ? { id: row.rules_id, savedAt: row.rules_at } : null,
  };
}

export interface ShopBaseline extends Outcomes {
  /** The median total of the shop's latest orders; null before it has any. */
  usualTotal: number | null;
}

/** Orders whose totals make "the shop's usual". */
const USUAL_OF = 500;
const BASELINE_MS = 10 * 60_000;
const baselines = new WeakMap<object, { at: number; baseline: ShopBaseline }>();

/**
 * The shop-wide return rate and usual order value. Counting every finished order reads the status
 * index whole (1,000,000 orders: tens of milliseconds), so it is kept ten minutes per database
 * handle: a prior need not be fresher than that, and checkout pays for it once in ten minutes.
 */
export async function shopBaseline(db: Reader, cacheKey: object, now = Date.now()): Promise<ShopBaseline> {
  const kept = baselines.get(cacheKey);
  if (kept && now - kept.at < BASELINE_MS) return kept.baseline;
  const outcomes = outcomesOf(
    await db
      .selectFrom('orders')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', FINISHED_STATES)
      .groupBy('status')
      .execute(),
  );
  const totals = (await db.selectFrom('orders').select('total').orderBy('created_at', 'desc').limit(USUAL_OF).execute())
    .map((r) => Number(r.total))
    .sort((a, b) => a - b);
  const baseline = { ...outcomes, usualTotal: totals.length > 0 ? totals[Math.floor(totals.length / 2)]! : null };
  baselines.set(cacheKey, { at: now, baseline });
  return baseline;
}
