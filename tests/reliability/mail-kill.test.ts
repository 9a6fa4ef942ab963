/**
 * Mail across a SIGKILL (docs/product.md#notifications): the store sends through a real SMTP
 * server in this process that holds the first message (reads it whole and never
 * answers). A shopper orders over HTTP; while the server is holding the owner's
 * "new order" mail the store is SIGKILLed. Then the server accepts normally,
 * the store restarts on the same database, and the mail goes out exactly once
 * (the held copy never completed), with the same Message-ID, and its outbox row
 * is marked sent. On SQLite and PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../src/server/test-support/smtp.ts';
import { openReader } from './support/databases.ts';
import { recordFigures } from './support/figures.ts';
import { type Dialect, type Fresh, freshData, postgresConfigured } from './support/fixtures.ts';
import { ADDRESS, newKey, orderableProductIds, signUp } from './support/http.ts';
import { type StoreProcess, sleep, startStore } from './support/server.ts';

const OWNER = 'owner@example.in';

describe.each<Dialect>(['sqlite', 'postgres'])('mail across a SIGKILL on %s', (dialect) => {
  let fresh: Fresh | undefined;
  let smtp: TestSmtp | undefined;
  let store: StoreProcess | undefined;
  afterAll(async () => {
    await store?.stop();
    await smtp?.close();
    await fresh?.cleanup();
  });

  it.skipIf(dialect === 'postgres' && !postgresConfigured())(
    'a "new order" mail held by the mail server when the store is killed goes out once after the restart',
    async () => {
      const started = Date.now();
      fresh = await freshData(dialect);
      smtp = await startTestSmtp({ mode: 'hold' });
      const target = {
        dataDir: fresh.dataDir,
        databaseUrl: fresh.databaseUrl,
        env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER },
      };
      store = await startStore(target);
      const port = store.port;

      const [productId] = await orderableProductIds(store.url);
      const shopper = await signUp(store.url);
      const placed = await shopper.call('POST', '/api/orders', {
        address: ADDRESS,
        idempotencyKey: newKey(),
        lines: [{ productId, quantity: 1 }],
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const number: string = placed.body.order.number;

      // The store is in the middle of sending: the server has the message and has not answered.
      const [held] = await smtp.waitForHeld(1, 60_000);
      expect(held!.to).toEqual([OWNER]);
      expect(held!.subject).toContain(`New order ${number}`);
      expect(smtp.received).toHaveLength(0);
      await store.crash();

      smtp.mode = 'accept';
      const restartAt = Date.now();
      store = await startStore({ ...target, port });
      const [got] = await smtp.waitForReceived(1, 60_000);
      const resentMs = Date.now() - restartAt;
      expect(got!.messageId).toBe(held!.messageId);
      expect(got!.subject).toBe(held!.subject);

      const reader = await openReader(fresh);
      try {
        let row: { sent_at: string | null; attempts: number } | undefined;
        for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(20)) {
          [row] = await reader.all<{ sent_at: string | null; attempts: number }>(
            "select sent_at, attempts from outbox where kind = 'new-order' and subject like ?",
            [`%${number}%`],
          );
          if (row?.sent_at) break;
        }
        expect(row?.sent_at).toBeTruthy();
        // The killed attempt left no trace: the send that completed is the row's only recorded attempt.
        expect(Number(row?.attempts)).toBe(1);
      } finally {
        await reader.close();
      }

      const stopped = await store.stop();
      expect(stopped.code, store.output()).toBe(0);
      // Exactly once: one completed delivery of that message, and nothing else sent twice.
      expect(smtp.received.filter((m) => m.messageId === held!.messageId)).toHaveLength(1);
      const ids = smtp.received.map((m) => m.messageId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(smtp.held).toHaveLength(1);

      recordFigures(`mail across a SIGKILL (${dialect})`, {
        'held when killed': smtp.held.length,
        'delivered after the restart': smtp.received.length,
        'restart to delivery (ms)': resentMs,
        'duration (s)': Math.round((Date.now() - started) / 1000),
      });
    },
  );
});
