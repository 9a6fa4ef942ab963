/**
 * Each pincode's finished orders as two counts (issue 35 item 1; migration 0031): the pincode's and
 * the district's return rates at checkout are a few dozen key reads, whatever the shop's size.
 * Counting the orders themselves read every order of a district through orders_pincode_status
 * (about 500 a pincode at 1,000,000 orders) and made the score's cost grow with the shop
 * (bench/RESULTS.md, "the score's cost at checkout").
 *
 * The counts move with the order's state on its one path (orders/transition.ts, in the change's
 * transaction), so they are exactly the orders' own: pincode-outcomes.test.ts recounts them.
 */
import { sql, type Transaction } from 'kysely';
import { COD_COLLECTED_STATES, RETURNED_STATES } from '../../common/orders.ts';
import type { Database, Db } from '../db/tables.ts';

type Reader = Db | Transaction<Database>;

/** Finished orders of a place: delivered (the cash collected) and returned (came back). */
export interface Outcomes {
  delivered: number;
  returned: number;
}

type Outcome = keyof Outcomes;

function outcomeOf(status: string): Outcome | null {
  if ((COD_COLLECTED_STATES as readonly string[]).includes(status)) return 'delivered';
  if ((RETURNED_STATES as readonly string[]).includes(status)) return 'returned';
  return null;
}

/** The outcomes at these pincodes (one, or a district's): one row per pincode, by its key. */
export function areaOutcomesQuery(db: Reader, pincodes: readonly string[]) {
  return db
    .selectFrom('pincode_outcomes')
    .selectAll()
    .where('pincode', 'in', [...pincodes]);
}

export async function areaOutcomes(db: Reader, pincodes: readonly string[]): Promise<Outcomes> {
  return sumOutcomes(pincodes.length === 0 ? [] : await areaOutcomesQuery(db, pincodes).execute());
}

/**
 * The pincode's outcomes and its district's (which holds it), from one read of the district's rows:
 * one round trip at checkout instead of two. `district` is null for a pincode not in the directory.
 */
export async function pincodeAndDistrictOutcomes(
  db: Reader,
  pincode: string,
  district: readonly string[] | null,
): Promise<{ pincode: Outcomes; district: Outcomes | null }> {
  const rows = await areaOutcomesQuery(db, district?.includes(pincode) ? district : [pincode]).execute();
  return { pincode: sumOutcomes(rows.filter((r) => r.pincode === pincode)), district: district && sumOutcomes(rows) };
}

function sumOutcomes(rows: ReadonlyArray<Outcomes>): Outcomes {
  const outcomes: Outcomes = { delivered: 0, returned: 0 };
  for (const row of rows) {
    outcomes.delivered += Number(row.delivered);
    outcomes.returned += Number(row.returned);
  }
  return outcomes;
}

/**
 * An order at `pincode` moved from one state to another: its pincode's counts follow when it
 * becomes delivered or returned, or stops being so. One upsert, in the change's transaction.
 */
export async function countOutcomeChange(
  trx: Transaction<Database>,
  pincode: string | null,
  from: string,
  to: string,
): Promise<void> {
  const before = outcomeOf(from);
  const after = outcomeOf(to);
  if (!pincode || before === after) return;
  const delta: Outcomes = { delivered: 0, returned: 0 };
  if (before) delta[before]--;
  if (after) delta[after]++;
  await trx
    .insertInto('pincode_outcomes')
    .values({ pincode, ...delta })
    .onConflict((oc) =>
      oc.column('pincode').doUpdateSet({
        delivered: sql`pincode_outcomes.delivered + excluded.delivered`,
        returned: sql`pincode_outcomes.returned + excluded.returned`,
      }),
    )
    .execute();
}

/**
 * The counts made again from the orders: for orders written without the state path (the
 * benchmark's million past orders in one statement). Migration 0031 makes them the same way.
 */
export async function recountPincodeOutcomes(db: Reader): Promise<void> {
  await db.deleteFrom('pincode_outcomes').execute();
  const finished = [...COD_COLLECTED_STATES, ...RETURNED_STATES];
  const delivered = sql.join(COD_COLLECTED_STATES.map((s) => sql.lit(s)));
  const returned = sql.join(RETURNED_STATES.map((s) => sql.lit(s)));
  await sql`
    insert into pincode_outcomes (pincode, delivered, returned)
    select delivery_pincode,
      sum(case when status in (${delivered}) then 1 else 0 end),
      sum(case when status in (${returned}) then 1 else 0 end)
    from orders
    where delivery_pincode is not null and status in (${sql.join(finished)})
    group by delivery_pincode`.execute(db);
}
