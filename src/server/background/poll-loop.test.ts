import { describe, expect, it } from 'vitest';
import { PollLoop, retryDelay, type WorkerLog } from './poll-loop.ts';

function recordingLog(): WorkerLog & { errors: string[] } {
  const errors: string[] = [];
  return { errors, info: () => {}, warn: () => {}, error: (_obj, msg) => errors.push(msg) };
}

/** A pass that waits until the test lets it end, so the test decides what overlaps. */
function gatedPasses() {
  const started: Array<() => void> = [];
  let count = 0;
  let onStart: (() => void) | null = null;
  const pass = () =>
    new Promise<void>((resolve) => {
      count += 1;
      started.push(resolve);
      onStart?.();
    });
  const nextStart = () =>
    new Promise<void>((resolve) => {
      onStart = resolve;
    });
  return { pass, started, nextStart, count: () => count };
}

describe('PollLoop', () => {
  it('runs one pass at a time, and nudges during a pass ask for exactly one more', async () => {
    const g = gatedPasses();
    const log = recordingLog();
    const loop = new PollLoop({ name: 'test', everyMs: 3_600_000, log, pass: g.pass });
    const first = g.nextStart();
    loop.start();
    await first;
    loop.nudge();
    loop.nudge();
    loop.nudge();
    expect(g.count()).toBe(1);
    const second = g.nextStart();
    g.started[0]?.();
    await second;
    expect(g.count()).toBe(2);
    g.started[1]?.();
    expect(await loop.finished()).toBe(true);
    expect(g.count()).toBe(2);
    loop.stop();
  });

  it('logs a failed pass and runs again on the next nudge', async () => {
    const log = recordingLog();
    let calls = 0;
    const loop = new PollLoop({
      name: 'flaky',
      everyMs: 3_600_000,
      log,
      pass: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
      },
    });
    loop.start();
    await loop.finished();
    expect(log.errors).toEqual(['flaky: pass failed']);
    loop.nudge();
    await loop.finished();
    expect(calls).toBe(2);
    loop.stop();
  });

  it('starts nothing after stop, and finished(limit) says when a pass is still running', async () => {
    const g = gatedPasses();
    const loop = new PollLoop({ name: 'test', everyMs: 3_600_000, log: recordingLog(), pass: g.pass });
    loop.nudge(); // before start: nothing
    expect(g.count()).toBe(0);
    const first = g.nextStart();
    loop.start();
    await first;
    loop.stop();
    expect(loop.stopping).toBe(true);
    expect(await loop.finished(5)).toBe(false);
    loop.nudge();
    g.started[0]?.();
    expect(await loop.finished()).toBe(true);
    expect(g.count()).toBe(1);
  });

  it('passes on its timer without a nudge', async () => {
    let calls = 0;
    let reached: (() => void) | null = null;
    const third = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const loop = new PollLoop({
      name: 'timer',
      everyMs: 5,
      log: recordingLog(),
      pass: async () => {
        calls += 1;
        if (calls === 3) reached?.();
      },
    });
    loop.start();
    await third;
    loop.stop();
    expect(calls).toBeGreaterThanOrEqual(3);
  });
});

describe('retryDelay', () => {
  it('doubles from the base up to the limit', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelay(n, 10, 50))).toEqual([10, 20, 40, 50, 50]);
  });
});
