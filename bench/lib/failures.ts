/**
 * Requests the benchmarks sent and how many failed, by suite and request (issue 39: the orders
 * benchmark printed 0 orders/s for weeks because every order answered 409, and nothing said so). The
 * two load makers record here themselves (load.ts cannon, order-load.ts placeOrders), so no suite can
 * forget to; run.ts names the suite running, fails it when more than FAILED_SHARE_MAX of any of its
 * requests failed (or none was sent), and the targets table prints a line for each.
 */
import { whole } from './stats.ts';

export const FAILED_SHARE_MAX = 0.02;

export interface Tally {
  suite: string;
  /** The request, e.g. "POST /api/orders (lines)" or "GET /api/products?page=2". */
  what: string;
  sent: number;
  failed: number;
  /** Why, with counts (a status and the start of the answer). */
  reasons: Map<string, number>;
}

let running = '';
const tallies = new Map<string, Tally>();

/** The suite whose requests are counted from now on (run.ts). */
export function countFor(suite: string): void {
  running = suite;
}

export function countRequests(what: string, sent: number, failed: number, reasons?: ReadonlyMap<string, number>): void {
  const key = `${running}\n${what}`;
  const tally = tallies.get(key) ?? { suite: running, what, sent: 0, failed: 0, reasons: new Map() };
  tally.sent += sent;
  tally.failed += failed;
  for (const [reason, n] of reasons ?? []) tally.reasons.set(reason, (tally.reasons.get(reason) ?? 0) + n);
  tallies.set(key, tally);
}

export function talliesOf(suite?: string): Tally[] {
  return [...tallies.values()].filter((t) => suite === undefined || t.suite === suite);
}

/** Nothing sent measures nothing either. */
export function tooManyFailed(t: Tally): boolean {
  return t.sent === 0 || t.failed / t.sent > FAILED_SHARE_MAX;
}

/** "58,467 of 58,470 failed (100.0%): 58,467 x order 409: {...}" */
export function describeTally(t: Tally): string {
  const share = t.sent ? ` (${((100 * t.failed) / t.sent).toFixed(1)}%)` : ' (none sent)';
  const reasons = [...t.reasons]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([reason, n]) => `${whole(n)} x ${reason}`);
  return `${whole(t.failed)} of ${whole(t.sent)} failed${share}${reasons.length ? `: ${reasons.join('; ')}` : ''}`;
}
