/**
 * Loaded into the store (node --import) by the orders benchmark under
 * --profile: times every statement the store runs, by SQL text, and writes the
 * totals as JSON to SQL_TIMING_OUT on SIGUSR2 and at exit. See sql-timing.ts.
 * - better-sqlite3: wall time in the main thread, and its CPU time on a sample
 *   of the calls. It is synchronous, so a statement's wall time is time the
 *   event loop stood still (a COMMIT's fsync included).
 * - pg: each statement is one round trip to the server; its wall time is from
 *   sending to the answer (the server's work, lock waits and the network), time
 *   the event loop was free for other requests, so no CPU is read.
 */
import { renameSync, writeFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';

type Method = (...args: unknown[]) => unknown;
interface Totals {
  n: number;
  wallNs: number;
  /** CPU of the sampled calls, scaled up to all calls when written. */
  cpuUs: number;
  sampled: number;
}

/** process.cpuUsage() is a system call of its own: CPU is read on one call in this many. */
const CPU_SAMPLE = 8;

const totals = new Map<string, Totals>();
const probe = new SQLite(':memory:');
const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, Method>;
probe.close();

for (const name of ['run', 'get', 'all']) {
  const original = statement[name] as Method;
  statement[name] = function timedStatement(this: { source: string }, ...args: unknown[]) {
    const sql = this.source;
    const t = totals.get(sql) ?? { n: 0, wallNs: 0, cpuUs: 0, sampled: 0 };
    totals.set(sql, t);
    const cpu = t.n++ % CPU_SAMPLE === 0 ? process.cpuUsage() : undefined;
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      t.wallNs += Number(process.hrtime.bigint() - started);
      if (cpu) {
        const used = process.cpuUsage(cpu);
        t.cpuUs += used.user + used.system;
        t.sampled++;
      }
    }
  };
}

// Kysely's PostgresDialect sends every statement as client.query(text, values), answered by a promise.
const client = pg.Client.prototype as unknown as Record<string, Method>;
const query = client.query as Method;
client.query = function timedQuery(this: unknown, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | null)?.text;
  const result = query.apply(this, args);
  if (typeof text !== 'string' || !(result instanceof Promise)) return result;
  const t = totals.get(text) ?? { n: 0, wallNs: 0, cpuUs: 0, sampled: 0 };
  totals.set(text, t);
  t.n++;
  const started = process.hrtime.bigint();
  const done = () => {
    t.wallNs += Number(process.hrtime.bigint() - started);
  };
  result.then(done, done);
  return result;
};

function write(): void {
  const out = process.env.SQL_TIMING_OUT;
  if (!out) return;
  const merged = new Map<string, { n: number; wallNs: number; cpuUs: number }>();
  for (const [source, t] of totals) {
    const sql = source.replace(/\s+/g, ' ').trim();
    const m = merged.get(sql) ?? { n: 0, wallNs: 0, cpuUs: 0 };
    m.n += t.n;
    m.wallNs += t.wallNs;
    m.cpuUs += t.sampled ? (t.cpuUs * t.n) / t.sampled : 0;
    merged.set(sql, m);
  }
  // Whole or not at all for the reader (sql-timing.ts waits for the file to appear).
  writeFileSync(`${out}.part`, JSON.stringify([...merged.entries()]));
  renameSync(`${out}.part`, out);
}
process.on('SIGUSR2', write);
process.on('exit', write);
