/**
 * Unpaid orders (docs/product.md#unpaid-orders; issue 26): "no booking without the advance" means
 * an order that never gets its advance must not hold its watches for ever. Two rules:
 *
 * - a shopper may have at most UNPAID_ORDERS_MAX (3) open unpaid orders, counted by account and by
 *   phone, checked inside the order's transaction after the shopper's row lock (place-order.ts);
 * - an unpaid order expires after UNPAID_ORDER_HOURS: cancelled, its stock returned, an event
 *   by the store, and the shopper's mail queued, all in one transaction per order. One whose shopper
 *   sent a UPI reference gets UNPAID_UTR_GRACE_HOURS more for the owner (or an imported bank
 *   statement) to find it; past UNPAID_ORDER_HOURS it is listed in the owner's "Needs you", and
 *   it expires at the end of the grace unless the owner marks it (issue 34 item 2: a made-up
 *   reference must not hold watches for ever);
 * - once, when two thirds of those hours have passed, the shopper is reminded (WhatsApp to a
 *   shopper who agreed, the mail behind it; docs/whatsapp.md): a third of the time is left to pay.
 *
 * Neither applies to orders without an advance (COD_ADVANCE=0 orders are waived from the start).
 * Every app process runs the expiry and the reminders; the conditional update that cancels an
 * order (or stamps its reminder) is the claim, so two processes never act on one order twice.
 */
import type { ExpressionBuilder, Transaction } from 'kysely';
import { UNPAID_ADVANCE_STATES, UNPAID_NOTHING_SENT_STATES } from '../../common/advance.ts';
import { TO_PACK_STATES } from '../../common/orders.ts';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Database, Db } from '../db/tables.ts';
import { queueOrderMessage } from './hooks.ts';
import { lockOrder } from './lock.ts';
import { transitionOrder } from './transition.ts';

export const tooManyUnpaid = (max: number) =>
  `You have ${max} ${max === 1 ? 'order' : 'orders'} waiting for the advance. Please pay the advance of one of them (or wait until we find a payment you sent), or ask us on WhatsApp to cancel one, before placing another order.`;
export const expiredNote = (hours: number) => `Expired: the advance was not paid within ${hours} hours`;
export const unfoundNote = (hours: number) =>
  `Expired: the UPI reference sent was not found in the bank account within ${hours} hours`;

/** Orders waiting for an advance not yet proven (unpaid, not found, or sent and not found yet), before the packing gate. */
function unpaid(db: Db | Transaction<Database>) {
  return db
    .selectFrom('orders')
    .where('status', 'in', TO_PACK_STATES)
    .where('advance_state', 'in', UNPAID_ADVANCE_STATES)
    .where('advance_amount', '>', 0);
}

/**
 * Open unpaid orders of this account or this phone (an erased and re-made account keeps its phone),
 * counted up to `upTo`: the cap needs no more. Two sides, each read through its own index (migration
 * 0022: the shopper, then the states), joined by id: one `user_id = ? or user_phone = ?` made SQLite
 * read every open order of the shop instead (issue 39). Bounded, it reads at most `upTo` rows a side
 * however many orders a shopper has; a side that stops there still makes the count reach `upTo`.
 */
export async function countUnpaidOrders(
  trx: Transaction<Database>,
  userId: string,
  phone: string,
  upTo: number,
): Promise<number> {
  // Each side stops at `upTo`, so their union may hold more (up to twice): what is below it is exact.
  return Math.min(Number((await unpaidCountQuery(trx, userId, phone, upTo).executeTakeFirstOrThrow()).n), upTo);
}

/** countUnpaidOrders's query, unexecuted: unpaid.test.ts reads its plan. */
export function unpaidCountQuery(db: Db | Transaction<Database>, userId: string, phone: string, upTo: number) {
  const side = (column: 'user_id' | 'user_phone', value: string) =>
    db.selectFrom(unpaid(db).where(column, '=', value).select('id').limit(upTo).as('side')).select('side.id');
  return db
    .selectFrom(side('user_id', userId).union(side('user_phone', phone)).as('mine'))
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

/** The times before which an order placed is due: unpaid with nothing to check, and sent but not found. */
interface Cutoffs {
  nothingSent: string;
  unfound: string;
}

function cutoffs(config: Config, now: number): Cutoffs {
  const hours = config.unpaidOrderHours;
  return {
    nothingSent: nowIso(now - hours * 3_600_000),
    unfound: nowIso(now - (hours + config.unpaidUtrGraceHours) * 3_600_000),
  };
}

/** The expiry's rule, read by the search and again by each order's claim under its lock. */
function dueToExpire(at: Cutoffs) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.or([
      eb.and([eb('advance_state', 'in', UNPAID_NOTHING_SENT_STATES), eb('created_at', '<', at.nothingSent)]),
      eb.and([eb('advance_state', '=', 'submitted'), eb('created_at', '<', at.unfound)]),
    ]);
}

/**
 * Orders whose shopper sent a UPI reference the owner has not found within UNPAID_ORDER_HOURS: the
 * dashboard's "Needs you" lists them, as they expire at the end of the grace unless marked.
 */
export async function countUnfoundReferences(db: Db, config: Config, now = Date.now()): Promise<number> {
  const row = await unpaid(db)
    .where('advance_state', '=', 'submitted')
    .where('created_at', '<', cutoffs(config, now).nothingSent)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders expired per run at most: a backlog is worked off over a few runs, never in one long burst. */
const BATCH = 100;

/**
 * Expires the unpaid orders placed more than UNPAID_ORDER_HOURS before `now`; returns the numbers
 * this call expired (another process may have expired others).
 */
export async function expireUnpaidOrders(db: Db, config: Config, now = Date.now()): Promise<string[]> {
  const due = await unpaid(db)
    .where(dueToExpire(cutoffs(config, now)))
    .select(['id', 'number'])
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
  const expired: string[] = [];
  for (const order of due) {
    const done = await db.transaction().execute(async (trx) => {
      // The claim: the order's row lock, then the rule read again under it. Only the transaction that
      // finds the order still unpaid goes on: a shopper's reference or an owner's finding committed
      // first wins, and so does another process. A reference sent since the search gives the order
      // its grace.
      const locked = await lockOrder(trx, { id: order.id });
      const claimed = await unpaid(trx)
        .where('id', '=', order.id)
        .where(dueToExpire(cutoffs(config, now)))
        .select('advance_state')
        .executeTakeFirst();
      if (!claimed) return false;
      await transitionOrder(trx, config, locked, 'cancelled', {
        adminId: null,
        note:
          claimed.advance_state === 'submitted'
            ? unfoundNote(config.unpaidOrderHours + config.unpaidUtrGraceHours)
            : expiredNote(config.unpaidOrderHours),
        message: 'expired',
        notBefore: now,
      });
      return true;
    });
    if (done) expired.push(order.number);
  }
  return expired;
}

/** The share of UNPAID_ORDER_HOURS after which the reminder goes: a third of the time is left to pay. */
export const REMIND_AT = 2 / 3;

/**
 * Reminds the shoppers of unpaid orders placed more than REMIND_AT of UNPAID_ORDER_HOURS before
 * `now` and not reminded yet (nor expired: the expiry's own mail tells of that); returns the
 * numbers this call reminded. Once per order: the update that stamps unpaid_reminded_at is the
 * claim, and the messages are queued in its transaction.
 */
export async function remindUnpaidOrders(db: Db, config: Config, now = Date.now()): Promise<string[]> {
  const hours = config.unpaidOrderHours * 3_600_000;
  // A shopper who sent a reference is not asked to pay again.
  const due = await unpaid(db)
    .where('advance_state', 'in', UNPAID_NOTHING_SENT_STATES)
    .where('created_at', '<', nowIso(now - hours * REMIND_AT))
    .where('created_at', '>=', nowIso(now - hours))
    .where('unpaid_reminded_at', 'is', null)
    .select(['id', 'number'])
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
  const reminded: string[] = [];
  for (const order of due) {
    const done = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('orders')
        .set({ unpaid_reminded_at: nowIso(Math.max(Date.now(), now)) })
        .where('id', '=', order.id)
        .where('unpaid_reminded_at', 'is', null)
        .where('status', 'in', TO_PACK_STATES)
        .where('advance_state', 'in', UNPAID_NOTHING_SENT_STATES)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return false;
      await queueOrderMessage(trx, config, 'unpaid-reminder', order.id);
      return true;
    });
    if (done) reminded.push(order.number);
  }
  return reminded;
}
