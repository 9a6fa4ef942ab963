/**
 * Two app processes on one PostgreSQL send one WhatsApp outbox: each message reaches the (fake)
 * Graph API exactly once, thanks to the SKIP LOCKED claim (worker.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { placeOrderSchema } from '../../../common/schemas/order.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import { placeOrder } from '../../orders/place-order.ts';
import { createTestDatabase, TEST_DATABASE_URL } from '../../test-support/databases.ts';
import { startFakeWhatsApp } from '../../test-support/fake-whatsapp.ts';
import { until } from '../../test-support/mail-app.ts';
import { ADDRESS, insertProduct, signUp } from '../../test-support/shoppers.ts';
import { applyPendingEvents, storeEvents } from './inbox.ts';
import { queueWhatsApp } from './outbox.ts';

const MESSAGES = 40;

describe.skipIf(!TEST_DATABASE_URL)('WhatsApp from two app instances on one PostgreSQL', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it(`sends each of ${MESSAGES} messages exactly once`, async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(database.cleanup);
    const second = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: database.schema, poolSize: 5 });
    cleanups.push(() => second.db.destroy());
    const fake = await startFakeWhatsApp();
    cleanups.push(fake.close);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', ...fake.env });
    const a = await buildApp({ config, database, logger: false, whatsapp: { pollMs: 20 } });
    const b = await buildApp({ config, database: { ...second }, logger: false, whatsapp: { pollMs: 20 } });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    await writeTransaction(a.db, async (trx) => {
      for (let n = 0; n < MESSAGES; n++) {
        await queueWhatsApp(trx, {
          kind: 'delivered',
          to: `+9190000${String(n).padStart(5, '0')}`,
          content: { template: 'order_delivered', language: 'en', body: [`Shopper ${n}`, `TSW-${n}`], buttons: [] },
          preview: `m${n}`,
        });
      }
    });
    // Both start at once and race for every message.
    await Promise.all([a.ready(), b.ready()]);
    await fake.waitForSent(MESSAGES, 60_000);
    await until(
      async () =>
        (await a.db.selectFrom('whatsapp_outbox').select('id').where('sent_at', 'is', null).execute()).length === 0,
      'every row marked sent',
    );
    await Promise.all([a.close(), b.close()]);
    expect(fake.sent).toHaveLength(MESSAGES);
    expect(new Set(fake.sent.map((m) => m.to)).size).toBe(MESSAGES);
    const rows = await a.db.selectFrom('whatsapp_outbox').select(['attempts', 'wa_message_id']).execute();
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.wa_message_id))).toEqual(new Set(fake.sent.map((m) => m.id)));
  }, 90_000);
});

describe.skipIf(!TEST_DATABASE_URL)('a webhook event applied by two app instances at once', () => {
  it('acts once (the applied_at claim, and the order’s own conditional update)', async () => {
    const database = await createTestDatabase('postgres');
    const second = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: database.schema, poolSize: 5 });
    const fake = await startFakeWhatsApp();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', ...fake.env });
    // Not started: the test applies the events itself, from both connections at once.
    const app = await buildApp({ config, database, logger: false });
    try {
      const shopper = await signUp(app);
      const product = await insertProduct(app.db);
      const input = placeOrderSchema.parse({
        address: ADDRESS,
        idempotencyKey: randomUUID(),
        lines: [{ productId: product.id, quantity: 1 }],
        whatsappUpdates: true,
      });
      const { orderId } = await placeOrder(app.db, config, shopper.id, input);
      for (let round = 0; round < 10; round++) {
        const replyId = `wamid.IN-race-${round}`;
        await app.db.updateTable('orders').set({ shopper_confirmed_at: null }).where('id', '=', orderId).execute();
        await storeEvents(app.db, [
          {
            id: replyId,
            kind: 'reply',
            body: {
              from: `91${shopper.number}`,
              id: replyId,
              type: 'button',
              button: { payload: `confirm:${orderId}` },
            },
          },
        ]);
        await Promise.all([
          applyPendingEvents(app.db, config, silent),
          applyPendingEvents(second.db as typeof app.db, config, silent),
        ]);
      }
      const thanks = await app.db
        .selectFrom('whatsapp_outbox')
        .select('id')
        .where('order_id', '=', orderId)
        .where('kind', '=', 'reply-confirmed')
        .execute();
      expect(thanks).toHaveLength(10);
    } finally {
      await app.close();
      await second.db.destroy();
      await fake.close();
      await database.cleanup();
    }
  });
});

const silent = { info() {}, warn() {}, error() {} };
