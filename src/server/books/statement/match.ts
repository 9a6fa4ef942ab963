/**
 * The statement's credits matched to the advances shoppers sent (docs/product.md "The books:
 * advances from the bank statement"; docs/decisions/029-bank-statement-matching.md). A credit
 * whose UTR is an order's submitted UTR and whose amount is that order's own stored advance marks
 * the advance received through the owner's own action (orders/order-changes.ts recordAdvanceIn:
 * the same checks, order event and mail, so the packing gate opens as it does by hand), and the
 * line is linked as its proof in the same transaction. Anything else is left for the owner with
 * its reason: never marked.
 */
import { formatRupees } from '../../../common/money.ts';
import { stateRule } from '../../../common/orders.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/tables.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAdvanceIn } from '../../orders/order-changes.ts';
import { type PendingLine, proofOf, setOutcome } from './line-queries.ts';

interface UtrOrder {
  id: string;
  number: string;
  status: string;
  advance_state: string;
  advance_utr: string | null;
  advance_amount: number;
}

/** Thrown inside the match's transaction when the locked order is no longer what the line proves. */
class NotThisOrder extends Error {}

/** Orders refused with a UTR, by UTR (the refusal clears the order's UTR; its event keeps it). */
export async function refusedUtrs(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select(['order_events.note', 'orders.number'])
    .where('order_events.kind', '=', 'advance')
    .where('order_events.status', '=', 'refused')
    .where('order_events.note', 'like', 'UTR %')
    .execute();
  const byUtr = new Map<string, string>();
  for (const r of rows) {
    const utr = /^UTR ([0-9]{12})\b/.exec(r.note ?? '')?.[1];
    if (utr) byUtr.set(utr, r.number);
  }
  return byUtr;
}

/** The orders whose submitted UTR is one of these, by UTR. */
export async function ordersByUtr(db: Db, utrs: string[]): Promise<Map<string, UtrOrder>> {
  const byUtr = new Map<string, UtrOrder>();
  for (let i = 0; i < utrs.length; i += 500) {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'number', 'status', 'advance_state', 'advance_utr', 'advance_amount'])
      .where('advance_utr', 'in', utrs.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.advance_utr) byUtr.set(r.advance_utr, r);
  }
  return byUtr;
}

/** A pending credit that carries an order's UTR and that order's own advance: it may mark it. */
export interface Candidate {
  line: PendingLine;
  order: UtrOrder;
}

/**
 * Settles, in the caller's transaction (one per batch, so a statement costs a few commits), every
 * pending line whose outcome needs no order's lock: no UTR or one of no order (no_order, with the
 * order that refused it when there was one) and an amount other than the order's advance
 * (amount_differs). Answers the rest, in file order, for `settleCandidates`.
 */
export async function sortLines(
  trx: Db,
  lines: readonly PendingLine[],
  refused: ReadonlyMap<string, string>,
): Promise<Candidate[]> {
  const orders = await ordersByUtr(trx, [...new Set(lines.flatMap((l) => (l.utr ? [l.utr] : [])))]);
  const noOrder: string[] = [];
  const candidates: Candidate[] = [];
  for (const line of lines) {
    const order = line.utr ? orders.get(line.utr) : undefined;
    if (!order) {
      const refusedOn = line.utr ? refused.get(line.utr) : undefined;
      if (!refusedOn) noOrder.push(line.id);
      else {
        await setOutcome(trx, [line.id], 'no_order', {
          note: `This UTR was refused on order ${refusedOn}: the money did come. Check it, and mark that advance by hand.`,
        });
      }
    } else if (line.amount_paise !== order.advance_amount * 100) {
      await setOutcome(trx, [line.id], 'amount_differs', {
        orderId: order.id,
        note: `Order ${order.number}’s advance is ${formatRupees(order.advance_amount)}: not marked.`,
      });
    } else candidates.push({ line, order });
  }
  await setOutcome(trx, noOrder, 'no_order');
  return candidates;
}

/** Marks the candidates' advances received, each in its own transaction with its order's lock; answers how many. */
export async function settleCandidates(
  db: Db,
  config: Config,
  candidates: readonly Candidate[],
  adminId: string,
): Promise<number> {
  let marked = 0;
  for (const { line, order } of candidates) if (await settle(db, config, line, order, adminId)) marked++;
  return marked;
}

/** One credit that carries an order's UTR and its advance: marks it received, or says why not. */
async function settle(db: Db, config: Config, line: PendingLine, order: UtrOrder, adminId: string): Promise<boolean> {
  const note = `Found in the bank statement: ${line.txn_date}, line ${line.line_no}`;
  try {
    await db.transaction().execute(async (trx) => {
      // Linked first: the unique proof refuses a second line for one order before anything changes.
      await trx
        .updateTable('statement_lines')
        .set({ outcome: 'matched', order_id: order.id, matched_order_id: order.id, note: null })
        .where('id', '=', line.id)
        .execute();
      await recordAdvanceIn(trx, config, order.number, { action: 'received', note }, adminId, (locked) => {
        // Read again under the order's lock: the shopper or the owner may have changed it meanwhile.
        const amountHolds = line.amount_paise === locked.advance_amount * 100;
        if (locked.advance_state !== 'submitted' || locked.advance_utr !== line.utr || !amountHolds) {
          throw new NotThisOrder();
        }
        if (!stateRule(locked.status).live) throw new NotThisOrder();
      });
    });
    return true;
  } catch (err) {
    if (!(err instanceof NotThisOrder) && !isUniqueViolation(err)) throw err;
  }
  await explain(db, line, order);
  return false;
}

/** Why a credit with an order's UTR and amount did not mark it: kept on the line for the owner. */
async function explain(db: Db, line: PendingLine, order: UtrOrder): Promise<void> {
  const now = await db
    .selectFrom('orders')
    .select(['status', 'advance_state', 'advance_utr'])
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const proof = await proofOf(db, order.id);
  if (proof) {
    await setOutcome(db, [line.id], 'no_order', {
      orderId: order.id,
      note: `Order ${order.number} is already proved by the line of ${proof.txn_date} (line ${proof.line_no}) with this UTR: a second payment?`,
    });
    return;
  }
  if (now.advance_state === 'received' && now.advance_utr === line.utr) {
    // Marked received by hand before the statement came: the line becomes its proof, whatever the
    // order became since (a parcel returned keeps its advance: docs/product.md "Matched").
    try {
      await db
        .updateTable('statement_lines')
        .set({
          outcome: 'proof',
          order_id: order.id,
          matched_order_id: order.id,
          note: 'Already marked received by hand',
        })
        .where('id', '=', line.id)
        .where('outcome', '=', 'pending')
        .execute();
      return;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return explain(db, line, order);
    }
  }
  // A closed order whose advance was never received: money for an order that is over, for the owner.
  if (!stateRule(now.status).live) {
    await setOutcome(db, [line.id], 'no_order', { orderId: order.id, note: `Order ${order.number} is cancelled.` });
    return;
  }
  await setOutcome(db, [line.id], 'no_order', {
    orderId: order.id,
    note: `Order ${order.number}’s advance is ${now.advance_state} now: check it by hand.`,
  });
}
