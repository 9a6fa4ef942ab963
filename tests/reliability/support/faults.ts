/**
 * What the fault scenarios (faults-*.test.ts) share: an order storm that keeps
 * shoppers checking out and looks at every answer, a health watch that records
 * /api/health answer by answer, and waiting for an event with a deadline.
 *
 * A fault must show as a 503 in the app's one error shape with one of the
 * messages of src/server/http/service-unavailable.ts and a Retry-After header,
 * answered promptly: a 500, another 5xx, a 503 without the shape, an answer
 * slower than `slowMs` or none at all (a hang or a crashed process) is written down
 * as a bad answer, and the scenarios require none.
 */
import { OUTAGE_ANSWERS, type Outage } from '../../../src/server/http/service-unavailable.ts';
import { checkoutCycle, newTally, type Tally } from './checkout.ts';
import type { Answer, Shopper } from './http.ts';
import { sleep } from './server.ts';

/** Resolves once `done()` holds, looking every `stepMs`; fails after `limitMs` naming what it waited for. */
export async function waitFor(
  done: () => boolean | Promise<boolean>,
  limitMs: number,
  what: string,
  stepMs = 100,
): Promise<number> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > limitMs) throw new Error(`Gave up after ${limitMs} ms waiting for ${what}`);
    await sleep(stepMs);
  }
  return Date.now() - started;
}

/** Why `answer` is not an acceptable answer during a fault (null when it is: below 500, or a proper 503). */
export function badAnswer(answer: Answer, ms: number, slowMs: number, allowed: Outage[]): string | null {
  if (answer.status === 0) return `no answer (${answer.error}) after ${Math.round(ms)} ms`;
  if (ms > slowMs) return `answered ${answer.status} only after ${Math.round(ms)} ms`;
  if (answer.status < 500) return null;
  const text = JSON.stringify(answer.body)?.slice(0, 300);
  if (answer.status !== 503) return `${answer.status} ${text}`;
  const messages = allowed.map((outage) => OUTAGE_ANSWERS[outage]);
  const error = answer.body?.error as { code?: string; message?: string } | undefined;
  const known = messages.find((m) => m.code === error?.code && m.message === error?.message);
  if (!known || Object.keys(answer.body).length !== 1) return `503 not in the error shape: ${text}`;
  if (answer.retryAfter !== String(known.retryAfterSeconds)) return `503 with Retry-After ${answer.retryAfter}`;
  return null;
}

export interface StormSeen {
  at: number;
  method: string;
  path: string;
  status: number;
  ms: number;
}

export interface Storm {
  tally: Tally;
  /** Every answer with its time (Date.now()), in order. */
  seen: StormSeen[];
  /** Answers that are not acceptable during a fault (see badAnswer), at most 50 kept. */
  bad: string[];
  /** Answers by status, e.g. { 201: 40, 503: 120 }. */
  statuses: Record<number, number>;
  /** The 503 bodies seen, by message. */
  unavailableMessages: Record<string, number>;
  /** Slowest answer, in ms. */
  slowestMs: number;
  /** Orders acknowledged (201, or 200 for a replayed key) at or after `since`. */
  ordersSince: (since: number) => number;
  /** When the first order at or after `since` was acknowledged (Date.now()); undefined before it is. */
  firstOrderAt: (since: number) => number | undefined;
  /** POST /api/orders answered 503 at or after `since`. */
  refusedOrdersSince: (since: number) => number;
  /** Requests of any step answered 503 since `since` (ms). */
  refusedSince: (since: number) => number;
  /** True while every answer was acceptable; throws naming the bad ones otherwise (waits fail at once). */
  good: () => true;
  /** Lets every shopper finish the checkout under way, then resolves. */
  stop: () => Promise<void>;
}

export interface StormOptions {
  shoppers: Shopper[];
  products: string[];
  /** The 503s a fault may answer. */
  allowed: Outage[];
  /** An answer slower than this is a bad one (a hang, or a request waiting on a dead dependency). */
  slowMs: number;
  /** A checkout's requests are retried this long without an answer below 500. */
  patienceMs?: number;
}

/** Every shopper places orders one after another (checkoutCycle) until stop(). */
export function startStorm(options: StormOptions): Storm {
  const tally = newTally();
  const seen: StormSeen[] = [];
  const bad: string[] = [];
  const statuses: Record<number, number> = {};
  const unavailableMessages: Record<string, number> = {};
  let slowestMs = 0;
  let stopping = false;
  const orderAcks: number[] = [];
  const orderRefusals: number[] = [];

  const observe = ({ method, path, answer, ms }: { method: string; path: string; answer: Answer; ms: number }) => {
    const at = Date.now();
    seen.push({ at, method, path, status: answer.status, ms });
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    slowestMs = Math.max(slowestMs, ms);
    if (answer.status === 503) {
      const message = String(answer.body?.error?.message ?? JSON.stringify(answer.body));
      unavailableMessages[message] = (unavailableMessages[message] ?? 0) + 1;
    }
    if (method === 'POST' && path === '/api/orders') {
      if (answer.status === 201 || answer.status === 200) orderAcks.push(at);
      if (answer.status === 503) orderRefusals.push(at);
    }
    const why = badAnswer(answer, ms, options.slowMs, options.allowed);
    if (why && bad.length < 50) bad.push(`${method} ${path}: ${why}`);
  };

  const loops = options.shoppers.map(async (shopper) => {
    while (!stopping) {
      await checkoutCycle(shopper, {
        products: options.products,
        tally,
        observe,
        patienceMs: options.patienceMs ?? 60_000,
      });
    }
  });
  const all = Promise.all(loops);
  return {
    tally,
    seen,
    bad,
    statuses,
    unavailableMessages,
    get slowestMs() {
      return slowestMs;
    },
    ordersSince: (since) => orderAcks.filter((at) => at >= since).length,
    firstOrderAt: (since) => orderAcks.find((at) => at >= since),
    refusedOrdersSince: (since) => orderRefusals.filter((at) => at >= since).length,
    refusedSince: (since) => seen.filter((s) => s.at >= since && s.status === 503).length,
    good: () => {
      if (bad.length > 0)
        throw new Error(`Answers that were not a prompt 503 in the error shape:\n${bad.slice(0, 5).join('\n')}`);
      return true;
    },
    stop: async () => {
      stopping = true;
      await all;
    },
  };
}

export interface HealthWatch {
  /** Every answer of /api/health: time (Date.now()) and status (0: none). */
  answers: Array<{ at: number; status: number }>;
  /** The last status seen (0 before the first answer). */
  last: () => number;
  /** The first time at or after `since` that /api/health answered `status`; undefined when it has not. */
  firstAt: (status: number, since: number) => number | undefined;
  stop: () => Promise<void>;
}

/** Asks /api/health every `everyMs` (each ask limited to 5 s) until stop(). */
export function watchHealth(baseUrl: string, everyMs = 250): HealthWatch {
  const answers: Array<{ at: number; status: number }> = [];
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      let status = 0;
      try {
        const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      answers.push({ at: Date.now(), status });
      await sleep(everyMs);
    }
  })();
  return {
    answers,
    last: () => answers[answers.length - 1]?.status ?? 0,
    firstAt: (status, since) => answers.find((a) => a.at >= since && a.status === status)?.at,
    stop: async () => {
      stopping = true;
      await loop;
    },
  };
}
