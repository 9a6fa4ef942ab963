/**
 * The cart reminder (cart-reminder.ts; docs/decisions/039-back-in-stock-and-cart-reminder.md) on SQLite
 * and PostgreSQL: one WhatsApp message after 24 hours untouched, to a shopper who agreed to updates
 * and offers; none before, none twice, none without consent; two sweeps at once send one; a cart
 * changed after its reminder may have one more after another 24 hours. Time is driven by the
 * sweep's `now`.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { nowIso } from '../../db/ids.ts';
import type { Db } from '../../db/tables.ts';
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  TEST_DIALECTS,
  type TestDatabase,
} from '../../test-support/databases.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../test-support/fake-whatsapp.ts';
import { insertProduct, type Shopper } from '../../test-support/shoppers.ts';
import { connectWebhook, provenShopper } from '../../test-support/whatsapp-proof.ts';
import { CART_REMINDER_HOURS, describeCart, sendCartReminders } from './cart-reminder.ts';

const HOUR = 3_600_000;

async function storeApp(database: TestDatabase, env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', ...env });
  // Not started: the tests run the sweep themselves, at the times they choose.
  return buildApp({
    config,
    database: { db: database.db, dialect: database.dialect, sqlite: database.sqlite },
    logger: false,
  });
}

const remindersTo = (db: Db, phone: string) =>
  db
    .selectFrom('whatsapp_outbox')
    .selectAll()
    .where('to_phone', '=', `+91${phone}`)
    .where('kind', '=', 'cart-reminder')
    .execute();

describe.each(TEST_DIALECTS)('the cart reminder on %s', (dialect) => {
  let database: TestDatabase;
  let fake: FakeWhatsApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    fake = await startFakeWhatsApp();
    app = await storeApp(database, fake.env);
    connectWebhook(app, fake);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await database?.cleanup();
  });

  /** A shopper with the given consents and one watch in their server cart (added through the API). */
  async function shopperWithCart(consent: { updates: boolean; offers: boolean }): Promise<Shopper> {
    // Proven first (only a proven number is reminded), then the consents as the test wants them.
    const shopper = await provenShopper(app, fake);
    const at = nowIso();
    await app.db
      .updateTable('users')
      .set({
        whatsapp_consent_at: consent.updates ? at : null,
        offers_consent_at: consent.offers ? at : null,
      })
      .where('id', '=', shopper.id)
      .execute();
    const product = await insertProduct(app.db, { name: 'Seiko Presage Cocktail Time' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: shopper.cookie },
      payload: { productId: product.id },
    });
    expect(res.statusCode).toBe(200);
    return shopper;
  }

  it('reminds once, after 24 hours untouched, with what is in the cart and no discount', async () => {
    const shopper = await shopperWithCart({ updates: true, offers: true });
    const start = Date.now();
    expect(await sendCartReminders(app.db, app.config, start + (CART_REMINDER_HOURS - 1) * HOUR)).not.toContain(
      shopper.id,
    );
    expect(await remindersTo(app.db, shopper.number)).toEqual([]);

    expect(await sendCartReminders(app.db, app.config, start + (CART_REMINDER_HOURS + 1) * HOUR)).toContain(shopper.id);
    const [reminder] = await remindersTo(app.db, shopper.number);
    expect(reminder).toMatchObject({ template: 'cart_reminder', language: 'en' });
    expect(JSON.parse(reminder?.params ?? '{}').body).toEqual([
      'Asha',
      'Seiko Presage Cocktail Time',
      'http://localhost:3000/cart',
    ]);

    // Never a second for the same cart, however often the sweep runs.
    await sendCartReminders(app.db, app.config, start + 48 * HOUR);
    await sendCartReminders(app.db, app.config, start + 30 * 24 * HOUR);
    expect(await remindersTo(app.db, shopper.number)).toHaveLength(1);
  });

  it('reminds a cart changed after its reminder once more, 24 hours after that change', async () => {
    const shopper = await shopperWithCart({ updates: true, offers: true });
    const start = Date.now();
    await sendCartReminders(app.db, app.config, start + 25 * HOUR);
    // The shopper changes the cart at hour 30 (the change's time, as the cart routes write it).
    await app.db
      .updateTable('users')
      .set({ cart_changed_at: nowIso(start + 30 * HOUR) })
      .where('id', '=', shopper.id)
      .execute();
    await sendCartReminders(app.db, app.config, start + 40 * HOUR);
    expect(await remindersTo(app.db, shopper.number)).toHaveLength(1);
    await sendCartReminders(app.db, app.config, start + 55 * HOUR);
    expect(await remindersTo(app.db, shopper.number)).toHaveLength(2);
  });

  it('sends nothing without updates and offers consent, or to an empty cart', async () => {
    const noOffers = await shopperWithCart({ updates: true, offers: false });
    const nothing = await shopperWithCart({ updates: false, offers: false });
    const emptied = await shopperWithCart({ updates: true, offers: true });
    const line = await app.db
      .selectFrom('cart_items')
      .select('product_id')
      .where('user_id', '=', emptied.id)
      .executeTakeFirstOrThrow();
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/cart/items/${line.product_id}`,
      headers: { cookie: emptied.cookie },
    });
    expect(removed.statusCode).toBe(200);
    await sendCartReminders(app.db, app.config, Date.now() + 25 * HOUR);
    for (const s of [noOffers, nothing, emptied]) expect(await remindersTo(app.db, s.number)).toEqual([]);
  });

  it('sends one when two sweeps run at once (two connections on PostgreSQL)', async () => {
    const second =
      dialect === 'postgres'
        ? openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: database.schema, poolSize: 3 })
        : null;
    try {
      const shoppers = await Promise.all([1, 2, 3, 4, 5].map(() => shopperWithCart({ updates: true, offers: true })));
      const at = Date.now() + 25 * HOUR;
      const [a, b] = await Promise.all([
        sendCartReminders(app.db, app.config, at),
        sendCartReminders((second?.db ?? app.db) as Db, app.config, at),
      ]);
      for (const s of shoppers) {
        expect(await remindersTo(app.db, s.number)).toHaveLength(1);
        expect([...a, ...b].filter((id) => id === s.id)).toHaveLength(1);
      }
    } finally {
      await second?.db.destroy();
    }
  });
});

describe('the cart reminder without WhatsApp set up', () => {
  it('sends nothing (as before the feature)', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await storeApp(database, {});
    try {
      expect(await sendCartReminders(app.db, app.config, Date.now() + 100 * HOUR)).toEqual([]);
    } finally {
      await app.close();
      await database.cleanup();
    }
  });
});

describe('describeCart', () => {
  it('names the first watch and counts the others, on one line', () => {
    expect(describeCart(['Titan Edge'])).toBe('Titan Edge');
    expect(describeCart(['Titan Edge', 'Casio G-Shock'])).toBe('Titan Edge and 1 more watch');
    expect(describeCart(['Titan\nEdge', 'a', 'b'])).toBe('Titan Edge and 2 more watches');
  });
});
