/**
 * Graceful shutdown (issue 6, item 12): SIGTERM while shoppers browse and place
 * orders. The server's own request log shows every request it accepted before
 * the signal finishing with an answer; new requests are refused (503 or
 * connection refused); the process exits 0 with the database closed; every
 * acknowledged order is in the database, and no order committed without its answer reaching the shopper.
 */

import { randomInt } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { integrityProblems, openReader } from './support/databases.ts';
import { recordFigures } from './support/figures.ts';
import { type Dialect, type Fresh, freshData, postgresConfigured } from './support/fixtures.ts';
import { ADDRESS, type Answer, inBatches, newKey, ok, orderableProductIds, Session, signUp } from './support/http.ts';
import { type AckedOrder, checkOrders } from './support/orders-check.ts';
import { sleep, startStore } from './support/server.ts';

const SHOPPERS = 40;
const READERS = 10;

interface LogLine {
  msg?: string;
  reqId?: string;
  res?: { statusCode: number };
}

/** Reads the server's JSON request log around the SIGTERM line. */
function requestLog(output: string) {
  const lines = output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
  const signalAt = lines.findIndex((l) => l.msg?.startsWith('SIGTERM'));
  const incoming = new Map<string, number>();
  const completed = new Map<string, { at: number; status: number }>();
  lines.forEach((l, i) => {
    if (l.msg === 'incoming request' && l.reqId) incoming.set(l.reqId, i);
    if (l.msg === 'request completed' && l.reqId) completed.set(l.reqId, { at: i, status: l.res?.statusCode ?? 0 });
  });
  const unfinished = [...incoming.keys()].filter((id) => !completed.has(id));
  const inFlight = [...incoming].filter(([id, at]) => at < signalAt && (completed.get(id)?.at ?? -1) > signalAt);
  const inFlightFailed = inFlight.filter(([id]) => (completed.get(id)?.status ?? 0) >= 500);
  return { signalAt, accepted: incoming.size, unfinished, inFlight: inFlight.length, inFlightFailed };
}

/** Resolves once `done()` holds, looking every 20 ms; fails after `limitMs` naming what it waited for. */
async function waitFor(done: () => boolean, limitMs: number, what: string): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * A request whose body arrives in two parts. The server logs it as incoming
 * once its headers are in, so sending the rest only after SIGTERM makes sure
 * at least one request is in flight when the signal lands, however fast the
 * server answers everything else.
 */
function requestInTwoParts(baseUrl: string, path: string, cookie: string, body: unknown) {
  const text = JSON.stringify(body);
  const target = new URL(path, baseUrl);
  const req = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname + target.search,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), cookie },
  });
  const status = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
  const half = Math.floor(text.length / 2);
  req.write(text.slice(0, half));
  return { finish: () => req.end(text.slice(half)), status };
}

describe.each<Dialect>(['sqlite', 'postgres'])('graceful shutdown on %s', (dialect) => {
  let fresh: Fresh | undefined;
  afterAll(async () => fresh?.cleanup());

  it.skipIf(dialect === 'postgres' && !postgresConfigured())(
    'finishes in-flight requests, refuses new ones, closes the database and loses nothing',
    async () => {
      fresh = await freshData(dialect);
      const store = await startStore({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl, logLevel: 'info' });
      const products = await orderableProductIds(store.url);
      const shoppers = await inBatches(SHOPPERS, 4, () => signUp(store.url));

      let signalled = 0;
      let exitedAt = 0;
      void store.exited.then(() => {
        exitedAt = Date.now();
      });
      const outcomes = { ok: 0, refused503: 0, refusedConnection: 0, otherErrors: [] as string[] };
      const lostOrders: string[] = [];
      const acked: AckedOrder[] = [];
      const unanswered: Array<{ key: string; userId: string }> = [];
      let afterSignal = 0;
      let brokenBeforeSignal = 0;

      const note = (answer: Answer, sentAt: number) => {
        if (sentAt > signalled && signalled > 0) afterSignal++;
        if (answer.status === 0 && (signalled === 0 || sentAt < signalled)) brokenBeforeSignal++;
        if (ok(answer)) outcomes.ok++;
        else if (answer.status === 503) outcomes.refused503++;
        else if (answer.status === 0) outcomes.refusedConnection++;
        else outcomes.otherErrors.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      };
      // Keep sending until the process has been gone for a moment.
      const running = () => exitedAt === 0 || Date.now() - exitedAt < 300;

      const buyers = shoppers.map(async (shopper) => {
        while (running()) {
          const productId = products[randomInt(0, products.length)] as string;
          let sentAt = Date.now();
          const added = await shopper.call('POST', '/api/cart/items', { productId, quantity: 1 });
          note(added, sentAt);
          if (!ok(added)) {
            await sleep(50);
            continue;
          }
          const idempotencyKey = newKey();
          sentAt = Date.now();
          const placed = await shopper.call('POST', '/api/orders', { address: ADDRESS, idempotencyKey });
          note(placed, sentAt);
          if (ok(placed)) {
            const order = placed.body.order as {
              number: string;
              lines: Array<{ productId: string; quantity: number }>;
            };
            acked.push({
              orderNumber: order.number,
              userId: shopper.userId,
              lines: Object.fromEntries(order.lines.map((l) => [l.productId, l.quantity])),
            });
          } else if (placed.status === 0) {
            unanswered.push({ key: idempotencyKey, userId: shopper.userId });
          }
        }
      });
      const readers = Array.from({ length: READERS }, async () => {
        const visitor = new Session(store.url);
        while (running()) {
          const sentAt = Date.now();
          const path =
            randomInt(0, 2) === 0
              ? '/api/products?sort=price-asc'
              : `/api/products/${products[randomInt(0, products.length)]}`;
          note(await visitor.call('GET', path), sentAt);
        }
      });

      await sleep(randomInt(2000, 3500));
      // A path of its own, so its "incoming request" line can be told from the buyers' ones.
      const slowPath = '/api/cart/items?probe=graceful-shutdown';
      const slow = requestInTwoParts(store.url, slowPath, shoppers[0]?.cookieHeader() ?? '', {
        productId: products[0],
        quantity: 1,
      });
      // Signal only once the server has taken the request in: on a busy machine that
      // can take far longer than any fixed pause (then "in flight" was 0).
      // The log keeps the query's names, never its values (http/log-redaction.ts): "?probe=[redacted]".
      const logged = `"url":"${slowPath.split('=')[0]}=`;
      await waitFor(() => store.output().includes(logged), 60_000, 'the slow request to be logged');
      signalled = Date.now();
      store.child.kill('SIGTERM');
      // The rest of the body goes only once the server says it is closing.
      await waitFor(() => store.output().includes('"msg":"SIGTERM'), 60_000, 'the server to log SIGTERM');
      slow.finish();
      const slowStatus = await slow.status;
      const exit = await store.exited;
      const shutdownMs = Date.now() - signalled;
      await Promise.all([...buyers, ...readers]);

      const log = requestLog(store.output());
      const walLeft =
        dialect === 'sqlite' && existsSync(`${fresh.sqlitePath}-wal`) ? statSync(`${fresh.sqlitePath}-wal`).size : 0;

      const reader = await openReader(fresh);
      try {
        for (const u of unanswered) {
          const rows = await reader.all('select id from orders where user_id = ? and idempotency_key = ?', [
            u.userId,
            u.key,
          ]);
          if (rows.length > 0) lostOrders.push(u.key);
        }
        const check = await checkOrders(reader, acked);
        const integrity = await integrityProblems(reader);
        recordFigures(`graceful shutdown (${dialect})`, {
          'requests answered 2xx': outcomes.ok,
          'requests sent after SIGTERM': afterSignal,
          'refused with 503 while closing': outcomes.refused503,
          'refused at connection (closed)': outcomes.refusedConnection,
          'sent before SIGTERM, no answer': brokenBeforeSignal,
          'requests accepted by the server': log.accepted,
          'in flight at SIGTERM, finished': log.inFlight,
          'body sent after SIGTERM, answered': slowStatus,
          'accepted but never answered': log.unfinished.length,
          'orders acknowledged / checked': `${acked.length} / ${check.ordersChecked}`,
          'orders committed but answer lost': lostOrders.length,
          'exit code': String(exit.code),
          'shutdown (ms)': shutdownMs,
          'database closed':
            dialect === 'sqlite'
              ? walLeft === 0
                ? 'yes (WAL checkpointed)'
                : `WAL ${walLeft} bytes left`
              : 'yes (exit 0 after pool end)',
        });
        expect(exit.code, store.output().slice(-3000)).toBe(0);
        expect(log.signalAt).toBeGreaterThan(0);
        expect(log.unfinished).toEqual([]);
        expect(log.inFlightFailed).toEqual([]);
        expect(log.inFlight).toBeGreaterThan(0);
        // The request whose body came after SIGTERM was finished, not cut off.
        expect(slowStatus).toBe(200);
        expect(outcomes.otherErrors).toEqual([]);
        expect(outcomes.refused503 + outcomes.refusedConnection).toBeGreaterThan(0);
        expect(lostOrders).toEqual([]);
        expect(check.problems).toEqual([]);
        expect(integrity).toEqual([]);
        expect(walLeft).toBe(0);
        expect(shutdownMs).toBeLessThan(10_000);
      } finally {
        await reader.close();
      }
    },
  );
});
