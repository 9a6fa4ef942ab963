/**
 * Tracking events (issue 23; docs/product.md "Tracking updates from the courier"): Shiprocket's
 * webhooks for 2,000 parcels a run (about 12,000 events: picked up, in transit, at the hub, out for
 * delivery, delivered; failed attempts, late scans and retried deliveries among them) applied by
 * the store's own code, on SQLite and on PostgreSQL when it is reachable, in a process of its own
 * (bench/lib/tracking-entry.ts). Two rows per database: applyTrackingEvent called directly, and the
 * webhook route through Fastify's inject. Reported: events/s (median of the runs), the time of one
 * event, and whether every parcel and its order ended delivered with each event stored once.
 * Target: at least 1,000 events/s on SQLite.
 */
import { join } from 'node:path';
import type { BenchOptions } from '../lib/options.ts';
import { createScratchDatabase, postgresReachable } from '../lib/postgres.ts';
import { baseEnv, runScript, scratchDir } from '../lib/process.ts';
import { summariseProfile } from '../lib/profile.ts';
import { profiling } from '../lib/server.ts';
import { fixed, median, runsText, whole } from '../lib/stats.ts';
import { printTable, progress } from '../lib/table.ts';

export const TRACKING_TARGET_PER_SECOND = 1000;

type Mode = 'direct' | 'webhook';

interface RunLine {
  mode: Mode;
  events: number;
  ms: number;
  cpuMs: number;
  p50: number;
  p99: number;
  parcels: number;
  expected: { applied: number; history: number; duplicate: number };
  outcomes: Record<string, number> | null;
  delivered: number;
  stored: number;
}

export interface TrackingRow {
  database: string;
  mode: Mode;
  rate: number;
  p50: number;
  p99: number;
  events: number;
  /** The child process's CPU (user + system) per event, median of the runs. */
  cpuPerEvent: number;
  /** Every run: all parcels and orders delivered, each distinct event stored once, outcomes as expected. */
  correct: boolean;
}

export interface TrackingResult {
  rows: TrackingRow[];
  parcels: number;
}

/** Whether a run left the database as its stream says it must. */
function runCorrect(r: RunLine): boolean {
  const outcomesOk =
    r.outcomes === null ||
    (r.outcomes.applied === r.expected.applied &&
      (r.outcomes.history ?? 0) === r.expected.history &&
      (r.outcomes.duplicate ?? 0) === r.expected.duplicate);
  return outcomesOk && r.delivered === r.parcels && r.stored === r.expected.applied + r.expected.history;
}

async function measure(database: string, url: string | null, mode: Mode, parcels: number, runs: number) {
  progress(`tracking (${database}, ${mode}): ${runs} x ${whole(parcels)} parcels`);
  // --profile: the child profiles its applying only (not its set-up); the first run is summarised.
  const profileDir = profiling() ? scratchDir('tracking-profile') : undefined;
  const output = await runScript(
    'bench/lib/tracking-entry.ts',
    [scratchDir('tracking'), url ?? '-', mode, String(parcels), String(runs)],
    baseEnv(profileDir ? { TRACKING_PROFILE_DIR: profileDir } : {}),
  );
  const lines = output
    .split('\n')
    .filter((l) => l.startsWith('RESULT '))
    .map((l) => JSON.parse(l.slice('RESULT '.length)) as RunLine);
  if (lines.length !== runs)
    throw new Error(`tracking ${mode}: ${lines.length} of ${runs} runs:\n${output.slice(-2000)}`);
  for (const l of lines.filter((r) => !runCorrect(r))) {
    progress(
      `tracking (${database}, ${mode}): expected ${JSON.stringify(l.expected)}, got ${JSON.stringify(l.outcomes)}; ${l.delivered} of ${l.parcels} delivered; ${l.stored} events stored`,
    );
  }
  if (profileDir)
    summariseProfile(join(profileDir, `tracking-${mode}-1.cpuprofile`), `tracking events (${database}, ${mode})`);
  return {
    database,
    mode,
    rate: median(lines.map((l) => l.events / (l.ms / 1000))),
    p50: median(lines.map((l) => l.p50)),
    p99: median(lines.map((l) => l.p99)),
    events: lines[0]?.events ?? 0,
    cpuPerEvent: median(lines.map((l) => l.cpuMs / l.events)),
    correct: lines.every(runCorrect),
  };
}

export async function benchTracking(options: BenchOptions): Promise<TrackingResult> {
  const parcels = options.quick ? 300 : 2000;
  const rows: TrackingRow[] = [];
  for (const mode of ['direct', 'webhook'] as const)
    rows.push(await measure('SQLite', null, mode, parcels, options.runs));
  if (await postgresReachable()) {
    for (const mode of ['direct', 'webhook'] as const) {
      const scratch = await createScratchDatabase();
      try {
        rows.push(await measure('PostgreSQL', scratch.url, mode, parcels, options.runs));
      } finally {
        await scratch.drop();
      }
    }
  } else {
    progress('tracking: PostgreSQL is not reachable; its rows are left out');
  }
  printTable(
    `Tracking events applied (${whole(parcels)} parcels a run, 16 in flight, median of ${runsText(options.runs)})`,
    rows.map((r) => ({
      database: r.database,
      path: r.mode === 'direct' ? 'applyTrackingEvent' : 'webhook route (inject)',
      'events/run': whole(r.events),
      'events/s': whole(r.rate),
      'p50 ms': fixed(r.p50, 1),
      'p99 ms': fixed(r.p99, 1),
      'CPU ms/event': fixed(r.cpuPerEvent, 2),
      'all delivered, each event once': r.correct ? 'yes' : 'NO',
    })),
    [
      'Each run starts from fresh parcels: orders placed and their advance received through the routes, an AWB each (saveManualShipment). "Picked up" moves the order to dispatched (GST invoice issued), "out for delivery" and "delivered" move it on; each step with a mail queues it (no SMTP: it waits in the outbox). Per parcel: 5 scans, 7 for 1 in 20 (a failed attempt), 1 in 10 with a late hub scan (history only), 1 event in 10 sent twice.',
      "CPU ms/event: user + system CPU of the process applying the events (the app, its workers, and on the webhook row inject's client side) per event; 1,000 / it is about the events/s one free core would give if the disk kept up.",
      'applyTrackingEvent: the store code path every webhook and poll ends in (one transaction, grouped with concurrent writes on SQLite). Webhook route: the same events as Shiprocket posts them, through app.inject (token check, body limit, validation, the route, no socket).',
    ],
  );
  return { rows, parcels };
}
