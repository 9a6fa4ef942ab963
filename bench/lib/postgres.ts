/**
 * A throwaway PostgreSQL database per benchmark run (the server has no schema
 * option, so a fresh database keeps runs apart), dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import pg from 'pg';
import type { StoredState } from './crash-check.ts';
import { cpuMs } from './process.ts';

/** Where PostgreSQL listens on the machine (Debian's packages), and where docs/deploy.md connects the store. */
const SOCKET_DIR = '/var/run/postgresql';

/**
 * The store reaches PostgreSQL the way docs/deploy.md connects it, through the Unix socket, when
 * this machine has one: over TCP on loopback each round trip also goes through the kernel's TCP
 * stack, which cost a PostgreSQL order 20% of its rate on a VM (bench/RESULTS.md, issue 39).
 * BENCH_DATABASE_URL names another server (TEST_DATABASE_URL where there is no socket).
 */
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  (existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost/test?host=${SOCKET_DIR}`
    : (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'));

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** How the runs reached PostgreSQL, for the tables' notes. */
export function postgresTransport(): string {
  const url = new URL(ADMIN_URL);
  const socket = url.searchParams.get('host');
  return socket ? `through its Unix socket in ${socket}, as docs/deploy.md connects it` : `over TCP at ${url.host}`;
}

export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await withClient(ADMIN_URL, (c) => c.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await withClient(ADMIN_URL, (c) => c.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/** Every product gets this stock count, so each order takes stock (run after seeding, before the store starts). */
export async function giveStockPg(url: string, count: number): Promise<void> {
  await withClient(url, (c) => c.query('update products set stock_count = $1', [count]));
}

/** After the crash: the acknowledged orders (by number) found with their lines, their new-order mails, the stock. */
export async function storedOrdersPg(url: string, numbers: string[]): Promise<StoredState> {
  return withClient(url, async (c) => {
    const found = await c.query<{ number: string }>(
      'select o.number from orders o where o.number = any($1) and exists (select 1 from order_lines l where l.order_id = o.id)',
      [numbers],
    );
    const lines = await c.query<{ number: string; product_id: string; quantity: number }>(
      'select o.number, l.product_id, l.quantity from order_lines l join orders o on o.id = l.order_id where o.number = any($1)',
      [numbers],
    );
    const mails = await c.query<{ number: string; id: string; sent_at: string | null }>(
      "select o.number, m.id, m.sent_at from outbox m join orders o on o.id = m.order_id where m.kind = 'new-order' and o.number = any($1)",
      [numbers],
    );
    const stock = await c.query<{ id: string; stock_count: number | null }>('select id, stock_count from products');
    return {
      found: new Set(found.rows.map((r) => r.number)),
      lines: lines.rows.map((r) => ({ number: r.number, productId: r.product_id, quantity: Number(r.quantity) })),
      mails: mails.rows.map((r) => ({ number: r.number, id: r.id, sentAt: r.sent_at })),
      stock: stock.rows.map((r) => ({ id: r.id, count: r.stock_count === null ? null : Number(r.stock_count) })),
    };
  });
}

/** CPU (ms, /proc) used so far by each server process (backend) connected to the database of `url`, by pid. */
export async function backendCpu(url: string): Promise<Map<number, number>> {
  const pids = await withClient(url, (c) =>
    c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    ),
  );
  return new Map(pids.rows.map((r) => [r.pid, cpuMs(r.pid)]));
}

/**
 * The CPU the database's backends used between two readings of backendCpu. PostgreSQL works in its
 * own processes on the same cores as the store, so an order's cost is the store's CPU and this.
 * A backend that ended between the readings is missed (the store's pool keeps its connections
 * while it is busy, so under load none ends).
 */
export function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of after) {
    const was = before.get(pid) ?? 0;
    if (Number.isFinite(ms) && Number.isFinite(was)) used += ms - was;
  }
  return used;
}
