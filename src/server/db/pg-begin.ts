/**
 * A transaction's BEGIN leaves with its first statement, in one write (docs/decisions/074-postgres-round-trips.md).
 * Kysely opens a transaction with `begin` and waits for its answer before it sends the first
 * statement: on PostgreSQL that is a round trip of its own, and a round trip is what an order's
 * CPU went on (on this kind of machine a socket write that wakes the other process cost 100-200 µs
 * of the store's CPU; an order made about twenty). Each connection runs in node-postgres's pipeline
 * mode (database.ts), so a BEGIN held back here is written together with the statement after it:
 * the server answers both in order, and the statement runs inside the transaction as before.
 *
 * - Kysely runs one statement at a time on a connection, so at most these two are ever in flight.
 * - A transaction that ends before any statement (a check that threw first) sent nothing, and its
 *   COMMIT or ROLLBACK is not sent either.
 * - If the BEGIN fails the statement's answer is that failure. A BEGIN fails only on a connection
 *   that is gone or inside a transaction already aborted, and then the statement fails too.
 */
import type pg from 'pg';

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback|end)\s*$/i;

type Query = (...args: unknown[]) => unknown;

/** What node-postgres answers a statement that returned no rows; Kysely reads `command` and `rows`. */
const answered = (command: string) =>
  Promise.resolve({ command, rowCount: null, rows: [], fields: [], oid: 0 } as unknown as pg.QueryResult);

interface Corkable {
  connection?: { stream?: { cork?: () => void; uncork?: () => void } };
}

/** Holds this connection's BEGIN until the statement after it. Called once per new connection. */
export function sendBeginWithFirstStatement(client: pg.PoolClient | pg.Client): void {
  if (!client.pipeline) throw new Error('sendBeginWithFirstStatement: the connection is not in pipeline mode');
  const query = client.query.bind(client) as Query;
  let held: string | null = null;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const plain = args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length === 0;
    if (plain && BEGIN.test(text)) {
      if (held !== null) return query(...args);
      held = text;
      return answered('BEGIN');
    }
    if (held === null) return query(...args);
    const begin = held;
    held = null;
    if (plain && END.test(text)) return answered(text.trim().toUpperCase());
    // Both queries are written while the socket is corked: one write, one wake-up of the server.
    const stream = (client as unknown as Corkable).connection?.stream;
    stream?.cork?.();
    let began: Promise<unknown>;
    let result: Promise<unknown>;
    try {
      began = query(begin, []) as Promise<unknown>;
      result = query(...args) as Promise<unknown>;
    } finally {
      stream?.uncork?.();
    }
    return Promise.all([began, result]).then(([, answer]) => answer);
  };
}
