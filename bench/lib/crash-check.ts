/**
 * What the orders benchmark checks after killing the store: every acknowledged
 * order (by its number) is stored with its lines and exactly one owner
 * "new order" mail in the outbox, how many of those mails were sent and how
 * many the SMTP server received, and the stock arithmetic: each product's
 * initial count minus the quantities of the acknowledged orders found equals
 * its stored count. The databases answer with the same rows (read by
 * storedOrdersSqlite in suites/orders.ts and storedOrdersPg in postgres.ts);
 * the counting is here, once.
 */

/** Every product's stock count before the store starts: more than any run orders. */
export const INITIAL_STOCK = 1_000_000;

/** Rows read from the database after the crash. */
export interface StoredState {
  /** Numbers of the acknowledged orders found with at least one line. */
  found: ReadonlySet<string>;
  /** Lines of stored orders, by order number. */
  lines: Array<{ number: string; productId: string; quantity: number }>;
  /** Outbox rows of kind 'new-order', by the number of their order (outbox.order_id = orders.id). */
  mails: Array<{ number: string; id: string; sentAt: string | null }>;
  /** Every product's stored count (null: not counted). */
  stock: Array<{ id: string; count: number | null }>;
}

/** What the SMTP server had received when the store was killed. */
export interface SmtpSnapshot {
  received: number;
  outboxIds: ReadonlySet<string>;
}

export interface CrashCheck {
  database: string;
  acked: number;
  /** Acknowledged orders found with at least one line. */
  stored: number;
  /** Found orders with exactly one new-order outbox row. */
  oneMail: number;
  /** Found orders with more than one new-order row (a message queued twice). */
  extraMail: number;
  /** Acknowledged orders not found, or found without a new-order row. */
  lost: number;
  /** New-order rows of acknowledged orders marked sent (sent_at set). */
  sent: number;
  /** Messages the SMTP server accepted by the time the store was killed (resends included). */
  received: number;
  /** New-order rows of acknowledged orders the SMTP server received (by Message-ID). */
  receivedOfAcked: number;
  /** Rows marked sent whose message the SMTP server never received. */
  sentNotReceived: number;
  stock: {
    /** Products the acknowledged orders found named. */
    products: number;
    unitsOrdered: number;
    /** Sum over every product of INITIAL_STOCK minus its stored count. */
    unitsTaken: number;
    /** Products whose taken count differs from their acknowledged quantity (or lost their count). */
    mismatched: number;
    lowest: number;
  };
}

export function checkAfterCrash(
  database: string,
  acked: readonly string[],
  state: StoredState,
  smtp: SmtpSnapshot,
): CrashCheck {
  const ackedSet = new Set(acked);
  const stored = acked.filter((n) => state.found.has(n)).length;

  const mailsOf = new Map<string, StoredState['mails']>();
  for (const m of state.mails) {
    if (!ackedSet.has(m.number)) continue;
    const list = mailsOf.get(m.number) ?? [];
    list.push(m);
    mailsOf.set(m.number, list);
  }
  let oneMail = 0;
  let extraMail = 0;
  let lost = 0;
  for (const number of ackedSet) {
    const count = mailsOf.get(number)?.length ?? 0;
    if (!state.found.has(number) || count === 0) lost++;
    else if (count === 1) oneMail++;
    else extraMail++;
  }
  const rows = [...mailsOf.values()].flat();
  const sent = rows.filter((m) => m.sentAt !== null);

  const ordered = new Map<string, number>();
  for (const l of state.lines) {
    if (ackedSet.has(l.number) && state.found.has(l.number))
      ordered.set(l.productId, (ordered.get(l.productId) ?? 0) + l.quantity);
  }
  let unitsTaken = 0;
  let mismatched = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (const p of state.stock) {
    if (p.count === null) {
      mismatched++;
      continue;
    }
    const taken = INITIAL_STOCK - p.count;
    unitsTaken += taken;
    lowest = Math.min(lowest, p.count);
    if (taken !== (ordered.get(p.id) ?? 0)) mismatched++;
  }

  return {
    database,
    acked: ackedSet.size,
    stored,
    oneMail,
    extraMail,
    lost,
    sent: sent.length,
    received: smtp.received,
    receivedOfAcked: rows.filter((m) => smtp.outboxIds.has(m.id)).length,
    sentNotReceived: sent.filter((m) => !smtp.outboxIds.has(m.id)).length,
    stock: {
      products: ordered.size,
      unitsOrdered: [...ordered.values()].reduce((a, b) => a + b, 0),
      unitsTaken,
      mismatched,
      lowest,
    },
  };
}

/** No order lost, each with exactly one new-order mail. */
export function noneLost(c: CrashCheck): boolean {
  return c.acked > 0 && c.lost === 0 && c.oneMail === c.acked;
}

export function stockAddsUp(c: CrashCheck): boolean {
  return c.stock.mismatched === 0 && c.stock.lowest >= 0 && c.stock.unitsOrdered > 0;
}
