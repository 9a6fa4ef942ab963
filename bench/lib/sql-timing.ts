/**
 * Under --profile, where an order's time goes statement by statement: the
 * SQLite store runs with sql-timing-preload.ts, which times every statement;
 * a snapshot before and after the measured runs gives, per acknowledged
 * order, the calls, wall time and CPU time of each statement, named by the
 * source that runs it. A CPU profile shows time inside SQLite as the self time
 * of whichever Kysely function called it, so it cannot say which query; this
 * can.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './process.ts';
import { printTable } from './table.ts';

interface Totals {
  n: number;
  wallNs: number;
  cpuUs: number;
}
export type SqlTimings = Map<string, Totals>;

export interface SqlTiming {
  nodeArgs: string[];
  env: Record<string, string>;
  snapshot(pid: number): Promise<SqlTimings>;
}

export function sqlTiming(dir: string): SqlTiming {
  const out = join(dir, 'sql-timing.json');
  return {
    nodeArgs: ['--import', 'tsx', '--import', join(ROOT, 'bench/lib/sql-timing-preload.ts')],
    env: { SQL_TIMING_OUT: out },
    async snapshot(pid) {
      rmSync(out, { force: true });
      process.kill(pid, 'SIGUSR2');
      // Written whole (renamed into place) by the store's SIGUSR2 handler.
      for (let i = 0; i < 400 && !existsSync(out); i++) await new Promise((r) => setTimeout(r, 25));
      return new Map(JSON.parse(readFileSync(out, 'utf8')) as Array<[string, Totals]>);
    },
  };
}

/** Which source runs a statement (the order path as of issue 12); anything else shows its SQL only. */
const SOURCES: Array<[RegExp, string]> = [
  [/^commit/i, 'COMMIT: db/group-commit.ts (the fsync)'],
  [/^(begin|savepoint|release|rollback)/i, 'BEGIN, SAVEPOINT, RELEASE: db/group-commit.ts'],
  [/from "sessions"/, 'session of the request (auth)'],
  [
    /^select \(select "id" from "orders" where "user_id" = \? and "idempotency_key"/,
    'the key and the unpaid count: place-order.ts',
  ],
  [/from "orders" where "user_id" = \? and "idempotency_key"/, 'findOrderIdByKey: orders/queries.ts'],
  [/^update "users" set "updated_at"/, "shopper's lock: place-order.ts"],
  [/from "cart_items"/, 'cart: place-order.ts'],
  [/from "products" where "id" in/, 'products re-priced: place-order.ts'],
  [/^update "products" set "stock_count"/, 'takeStock: orders/stock.ts'],
  [/^select "stock_count" from "products"/, 'takeStock (not enough): orders/stock.ts'],
  [/^update "counters"/, 'nextOrderNumber: orders/order-number.ts'],
  [/^insert into "orders"/, 'insert order (its number too on PostgreSQL): place-order.ts'],
  [/nextval\('order_number_seq'\)/, 'nextOrderNumber (PostgreSQL): orders/order-number.ts'],
  [/^select count\(\*\) as "n" from \(select "side"\."id"/, 'countUnpaidOrders: orders/unpaid.ts'],
  [/^insert into "order_lines"/, 'insert lines: place-order.ts'],
  [/^insert into "order_events"/, 'insert event: place-order.ts'],
  [/^select "orders"\."number".* inner join "users"/, 'queueOrderMail, order + shopper: order-mail.ts'],
  [
    /^select "orders"\."id", "orders"\."number", "orders"\."status".* left join "order_lines"/,
    'queueOrderMail, order + shopper + lines: order-mail.ts',
  ],
  [/^select "product_name", "quantity", "discount_price" from "order_lines"/, 'queueOrderMail, lines: order-mail.ts'],
  [/^insert into "outbox"/, 'queueMail insert: notifications/outbox.ts'],
  [/"outbox"/, 'mail worker: notifications/worker.ts'],
  [/^select \* from "orders" where "id" = \? and "user_id"/, 'the answer, getOwnOrderById: orders/queries.ts'],
  [/^select \* from "order_lines" where "order_id" in/, 'the answer, its lines: orders/queries.ts'],
  [/from "order_events" where "order_id" in/, 'the answer, its events: orders/queries.ts'],
  [/^select \* from "shipments" where "order_id" in/, 'the answer, its parcels: shipping/order-parcels.ts'],
  [/from "credit_notes" where "order_id" in/, 'the answer, its credit notes: orders/credit-note-numbers.ts'],
  [/^update "users" set "cart_changed_at"/, 'add to cart: cart/queries.ts'],
  [/^insert into "cart_items"/, 'add to cart: cart/queries.ts'],
  [/^select "in_stock", "stock_count", "deleted_at" from "products"/, 'add to cart, the watch: cart/queries.ts'],
  [/^select "c"\."quantity", "p"\."id"/, 'add to cart, the answer: cart/queries.ts'],
];

function sourceOf(sql: string): string {
  // PostgreSQL's placeholders ($1) read as SQLite's (?), so one pattern names both.
  const text = sql.replace(/\$\d+/g, '?');
  return SOURCES.find(([pattern]) => pattern.test(text))?.[1] ?? '(other)';
}

const micro = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 1 : 0) : '-');

export function printSqlTimings(
  label: string,
  dialect: 'SQLite' | 'PostgreSQL',
  before: SqlTimings,
  after: SqlTimings,
  orders: number,
): void {
  const rows = [...after.entries()]
    .map(([sql, t]) => {
      const b = before.get(sql) ?? { n: 0, wallNs: 0, cpuUs: 0 };
      return { sql, n: t.n - b.n, wallUs: (t.wallNs - b.wallNs) / 1000, cpuUs: t.cpuUs - b.cpuUs };
    })
    .filter((r) => r.n > 0)
    .sort((a, b) => b.wallUs - a.wallUs);
  const wall = rows.reduce((s, r) => s + r.wallUs, 0);
  const cpu = rows.reduce((s, r) => s + r.cpuUs, 0);
  const calls = rows.reduce((s, r) => s + r.n, 0);
  const sqlite = dialect === 'SQLite';
  printTable(
    `Profile of ${label}: ${dialect} statements per acknowledged order (${orders.toLocaleString('en-US')} orders, ${(calls / orders).toFixed(1)} statements each)`,
    rows.slice(0, 30).map((r) => ({
      source: sourceOf(r.sql),
      statement: r.sql.length > 70 ? `${r.sql.slice(0, 69)}…` : r.sql,
      'calls/order': (r.n / orders).toFixed(2),
      'µs wall/order': micro(r.wallUs / orders),
      ...(sqlite ? { 'µs CPU/order': micro(r.cpuUs / orders) } : {}),
      'share of wall': `${((r.wallUs / wall) * 100).toFixed(1)}%`,
    })),
    [
      sqlite
        ? `All statements: ${micro(wall / orders)} µs wall and ${micro(cpu / orders)} µs CPU per order. better-sqlite3 runs in the main thread, so wall time here is time no other request moved (a COMMIT's wall time is mostly its fsync; COMMITs per order below 1 mean group commit shared them). Measured with the profiler on: compare shares, do not quote.`
        : `All statements: ${(calls / orders).toFixed(1)} round trips and ${micro(wall / orders)} µs of waiting for answers per order (the statements of the order's request, its answer and the mail worker, per acknowledged order). Each statement is one round trip to the server; its wall time runs from sending to the answer (the server's work, lock waits, the turn of the busy cores), time the store's event loop serves other requests meanwhile. Measured with the profiler on: compare shares, do not quote.`,
    ],
  );
}
