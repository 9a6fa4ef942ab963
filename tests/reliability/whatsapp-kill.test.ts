/**
 * WhatsApp across a SIGKILL (docs/decisions/031-whatsapp-channel.md): the store sends through the
 * fake Graph API in this process (src/server/test-support/fake-whatsapp.ts), which takes the
 * shopper's order-placed message, gives it its id and holds the answer. While Meta "has" the
 * message and the store has not recorded the answer, the store is SIGKILLed; the fake then answers
 * (to nobody), the store restarts on the same database and, finding the message unsent, sends it
 * again. Meta's Cloud API takes no idempotency key, so the shopper's phone gets it twice: the test
 * counts at the fake that it was sent exactly once more (two arrivals, never three), and that the
 * row records the second send. On SQLite and PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { proofText } from '../../src/common/whatsapp-proof.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../src/server/test-support/fake-whatsapp.ts';
import { openReader } from './support/databases.ts';
import { recordFigures } from './support/figures.ts';
import { type Dialect, type Fresh, freshData, postgresConfigured } from './support/fixtures.ts';
import { ADDRESS, newKey, orderableProductIds, signUp } from './support/http.ts';
import { type StoreProcess, sleep, startStore } from './support/server.ts';

interface Row {
  sent_at: string | null;
  attempts: number;
  wa_message_id: string | null;
}

describe.each<Dialect>(['sqlite', 'postgres'])('WhatsApp across a SIGKILL on %s', (dialect) => {
  let fresh: Fresh | undefined;
  let fake: FakeWhatsApp | undefined;
  let store: StoreProcess | undefined;
  afterAll(async () => {
    await store?.stop();
    await fake?.close();
    await fresh?.cleanup();
  });

  it.skipIf(dialect === 'postgres' && !postgresConfigured())(
    'a message Meta received but whose answer the store never recorded is sent exactly once more after the restart',
    async () => {
      const started = Date.now();
      fresh = await freshData(dialect);
      fake = await startFakeWhatsApp();
      const target = { dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl, env: fake.env };
      store = await startStore(target);
      const port = store.port;

      const [productId] = await orderableProductIds(store.url);
      const shopper = await signUp(store.url);
      // The shopper's number proven first, as a shopper does (whatsapp/proof-codes.ts): the fake
      // posts their text with the account's code to the store's webhook, and the thank-you goes.
      const base = store.url;
      fake.setWebhookTarget(async (body, headers) => {
        const res = await fetch(`${base}/api/whatsapp/webhook`, { method: 'POST', headers, body });
        return { status: res.status, body: await res.text() };
      });
      const proof = await shopper.call('POST', '/api/profile/messages/proof');
      expect(proof.status, JSON.stringify(proof.body)).toBe(200);
      await fake.userText(`91${shopper.phone}`, proofText(proof.body.proof.code));
      await fake.waitForSent(1, 30_000);
      fake.hold();
      const placed = await shopper.call('POST', '/api/orders', {
        address: ADDRESS,
        idempotencyKey: newKey(),
        lines: [{ productId, quantity: 1 }],
        whatsappUpdates: true,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const number: string = placed.body.order.number;

      // Meta has the message (its id is given) and has not answered: the store is killed now.
      await fake.waitHeld(1);
      const [held] = fake.heldMessages;
      expect(held?.template).toBe('order_placed');
      expect(held?.body[1]).toBe(number);
      await store.crash();
      // Meta's answer goes to a dead connection: WhatsApp delivered the message all the same.
      fake.release();
      const forOrder = () => fake!.sent.filter((m) => m.template === 'order_placed' && m.body[1] === number);
      expect(forOrder()).toHaveLength(1);

      const restartAt = Date.now();
      store = await startStore({ ...target, port });
      // The thank-you for the proof, then the order's message twice.
      await fake.waitForSent(3, 60_000);
      const resentMs = Date.now() - restartAt;

      const reader = await openReader(fresh);
      let row: Row | undefined;
      try {
        for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(20)) {
          [row] = await reader.all<Row>(
            "select w.sent_at, w.attempts, w.wa_message_id from whatsapp_outbox w join orders o on o.id = w.order_id where o.number = ? and w.kind = 'order-placed'",
            [number],
          );
          if (row?.sent_at) break;
        }
      } finally {
        await reader.close();
      }
      const stopped = await store.stop();
      expect(stopped.code, store.output()).toBe(0);

      // Which: sent once more. Two arrivals at Meta, the second the one the store recorded; the
      // killed attempt left no trace on the row.
      const arrivals = forOrder();
      expect(arrivals).toHaveLength(2);
      expect(arrivals[0]?.id).toBe(held?.id);
      expect(row?.sent_at).toBeTruthy();
      expect(row?.wa_message_id).toBe(arrivals[1]?.id);
      expect(Number(row?.attempts)).toBe(1);
      expect(fake.sent).toHaveLength(3);

      recordFigures(`WhatsApp across a SIGKILL (${dialect})`, {
        'held by Meta when killed': 1,
        'arrivals at Meta in all': arrivals.length,
        'restart to resend (ms)': resentMs,
        'duration (s)': Math.round((Date.now() - started) / 1000),
      });
    },
  );
});
