/**
 * A request body that stalls or trickles no longer holds its connection for ever (issue 26
 * item 3): over raw sockets to a real listening server with short limits, a body announced
 * and never sent and one sent a byte every 500 ms are both closed, while a shopper's request
 * on another connection is served. Everything waits for events; the only clock is the
 * deadline past which a connection still open fails the test.
 */
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp } from '../test-support/app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/databases.ts';
import { checkingIntervalMs, TIME_LIMITS, type TimeLimits } from './time-limits.ts';

const LIMITS: TimeLimits = { requestMs: 2_000, idleMs: 1_500 };
/** Room for a loaded machine (three test runs on two cores): far below "for ever". */
const SLACK_MS = 10_000;
const TRICKLE_EVERY_MS = 500;

let app: FastifyInstance;
let database: TestDatabase;
let port: number;
/** Resolves once the server has begun `count` log-in requests. */
let loginsBegun: (count: number) => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, LOG_LEVEL: 'silent' });
  config.uploadsDir = join(database.dataDir, 'uploads');
  app = await buildApp({ config, database, logger: false, timeLimits: LIMITS });
  let begun = 0;
  const waiting: Array<{ count: number; done: () => void }> = [];
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url === '/api/login') {
      begun++;
      for (const w of waiting.filter((w) => w.count <= begun)) w.done();
    }
    done();
  });
  loginsBegun = (count) => (begun >= count ? Promise.resolve() : new Promise((done) => waiting.push({ count, done })));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
});
afterAll(async () => {
  await app?.close();
  await database?.cleanup();
});

interface Ended {
  /** Still open at the deadline (the test then closes it). */
  open: boolean;
  /** What the server wrote before closing. */
  received: string;
  ms: number;
}

/**
 * POST /api/login announcing 400 bytes and sending one, then (with `trickle`) a space every
 * 500 ms for as long as the connection lasts. Resolves when the connection closes, or at `deadlineMs`.
 */
function slowLogin(trickle: boolean, deadlineMs: number): Promise<Ended> {
  const started = performance.now();
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => {}); // a reset is one way of being closed
  socket.on('connect', () => {
    socket.write(
      [
        'POST /api/login HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Origin: http://127.0.0.1:${port}`,
        'Content-Type: application/json',
        'Content-Length: 400',
        '',
        '{',
      ].join('\r\n'),
    );
  });
  const trickling = trickle
    ? setInterval(() => {
        if (!socket.destroyed) socket.write(' ');
      }, TRICKLE_EVERY_MS)
    : undefined;
  return new Promise((resolve) => {
    const finish = (open: boolean) => {
      clearInterval(trickling);
      clearTimeout(deadline);
      if (open) socket.destroy();
      resolve({ open, received, ms: performance.now() - started });
    };
    const deadline = setTimeout(() => finish(true), deadlineMs);
    socket.on('close', () => finish(false));
  });
}

describe('slow request bodies', () => {
  it('closes a stalled body and a trickling one, serving a shopper meanwhile', async () => {
    const stalled = slowLogin(false, LIMITS.idleMs + SLACK_MS);
    const trickled = slowLogin(true, LIMITS.requestMs + SLACK_MS);
    await loginsBegun(2);

    // Both bodies are being waited for: another connection is answered all the same.
    const shopper = await fetch(`http://127.0.0.1:${port}/api/products?sort=latest&page=1`);
    expect(shopper.status).toBe(200);
    expect(await shopper.json()).toMatchObject({ items: [], page: 1 });

    const [s, t] = await Promise.all([stalled, trickled]);
    expect(s.open, `stalled body still open after ${Math.round(s.ms)} ms`).toBe(false);
    expect(t.open, `trickled body still open after ${Math.round(t.ms)} ms`).toBe(false);
    // Closed for being slow, never answered as if the body had come: nothing (the idle limit)
    // or a 408 (the whole-request limit, which is what closes the trickle).
    for (const { received } of [s, t])
      expect(received === '' || received.startsWith('HTTP/1.1 408 '), received).toBe(true);
  });
});

describe('the limits a deployment gets', () => {
  it('sets the request, idle and checking times on the server by default', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.server.requestTimeout).toBe(TIME_LIMITS.requestMs);
      expect(t.app.server.timeout).toBe(TIME_LIMITS.idleMs);
      expect(TIME_LIMITS.requestMs).toBeGreaterThan(0);
      expect(TIME_LIMITS.idleMs).toBeGreaterThan(0);
      // Headers keep Node's own limit, within the request's.
      expect(t.app.server.headersTimeout).toBe(60_000);
    } finally {
      await t.close();
    }
  });

  it('looks for late requests often enough to close them near their limit', () => {
    expect(checkingIntervalMs(TIME_LIMITS.requestMs)).toBe(5_000);
    expect(checkingIntervalMs(LIMITS.requestMs)).toBe(500);
  });
});
