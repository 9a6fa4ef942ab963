/**
 * Statements that need no answer before the next leave with it, in one write
 * (docs/decisions/074-postgres-round-trips.md and 076-writes-sent-with-the-next.md). On PostgreSQL
 * each statement Kysely sends is a round trip: it waits for the answer before the next. On this
 * kind of machine a socket write that wakes the other process costs 100-200 µs of the store's CPU,
 * and an order made about twenty. Each connection runs in node-postgres's pipeline mode
 * (database.ts), so statements held back here are written together with the statement after them,
 * while the socket is corked: one write, one wake-up; the server answers each in order.
 *
 * Two kinds are held:
 * - a transaction's BEGIN, until its first statement. A transaction that ends before any statement
 *   sent nothing, and its COMMIT or ROLLBACK is not sent either;
 * - inside a transaction, a write marked `sentWithNext` (db/sent-with-next.ts): an insert or delete
 *   whose answer nobody reads (an order's event, the outbox's row). Its caller is answered at once
 *   (no rows); it is written with the transaction's next statement, or its COMMIT, whose answer
 *   waits for it: if it failed, that statement (or the COMMIT) fails with its error, so a
 *   transaction never commits without it. A ROLLBACK drops what is still held (it would be undone).
 *   Outside a transaction a marked write is sent at once, as any statement.
 *
 * Kysely runs one statement at a time on a connection, so what is in flight is always the held
 * statements and the one after them. If the BEGIN fails (a connection that is gone) the statements
 * after it fail too.
 */
import type pg from 'pg';
import { SENT_WITH_NEXT } from './sent-with-next.ts';

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback|end)\s*$/i;
const ROLLBACK = /^\s*rollback\s*$/i;

type Query = (...args: unknown[]) => unknown;

/** What node-postgres answers a statement that returned no rows; Kysely reads `command` and `rows`. */
const answered = (command: string) =>
  Promise.resolve({ command, rowCount: null, rows: [], fields: [], oid: 0 } as unknown as pg.QueryResult);

interface Corkable {
  connection?: { stream?: { cork?: () => void; uncork?: () => void } };
}

/** Holds this connection's BEGIN and marked writes until the statement after them. Called once per new connection. */
export function pipelineTransactions(client: pg.PoolClient | pg.Client): void {
  if (!client.pipeline) throw new Error('pipelineTransactions: the connection is not in pipeline mode');
  const query = client.query.bind(client) as Query;
  /** Statements held, in order: the BEGIN first when it is. */
  let held: unknown[][] = [];
  let inTransaction = false;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const plain = args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length === 0;
    if (plain && BEGIN.test(text) && !inTransaction) {
      inTransaction = true;
      held = [args];
      return answered('BEGIN');
    }
    const marked = inTransaction && typeof text === 'string' && text.endsWith(SENT_WITH_NEXT);
    if (marked) {
      held.push(args);
      return answered('HELD');
    }
    const ends = plain && END.test(text);
    if (ends) inTransaction = false;
    if (held.length === 0) return query(...args);
    const before = held;
    held = [];
    if (ends) {
      // Nothing but the BEGIN was held: the transaction never reached the server.
      if (before.length === 1 && BEGIN.test(String(before[0]?.[0]))) return answered(text.trim().toUpperCase());
      // Undone anyway: what is held is dropped, and the ROLLBACK goes alone (not at all if the
      // BEGIN was still held: the server never saw the transaction).
      if (ROLLBACK.test(text)) {
        const unseen = BEGIN.test(String(before[0]?.[0]));
        return unseen ? answered('ROLLBACK') : query(...args);
      }
    }
    const stream = (client as unknown as Corkable).connection?.stream;
    stream?.cork?.();
    const sent: Promise<unknown>[] = [];
    try {
      for (const statement of before) sent.push(query(...statement) as Promise<unknown>);
      sent.push(query(...args) as Promise<unknown>);
    } finally {
      stream?.uncork?.();
    }
    // The server answers in order: a held statement's failure comes first and is this statement's.
    return Promise.all(sent).then((answers) => answers[answers.length - 1]);
  };
}
