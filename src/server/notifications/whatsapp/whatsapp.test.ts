/**
 * WhatsApp beside email (issue 24; docs/decisions/031-whatsapp-channel.md), through the real app
 * on SQLite and PostgreSQL against a fake Graph API that answers as Meta documents
 * (test-support/fake-whatsapp.ts): sends, consent, the Confirm and Cancel replies acting once,
 * the mail fallback, rate limits, WhatsApp down, replies and statuses before the send's answer,
 * and forged webhooks.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderSchema } from '../../../common/schemas/order.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Dialect } from '../../db/database.ts';
import type { WhatsAppOutboxRow } from '../../db/tables.ts';
import { placeOrder as placeShopperOrder } from '../../orders/place-order.ts';
import { adminCookie } from '../../test-support/admin.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test-support/databases.ts';
import {
  FAKE_VERIFY_TOKEN,
  type FakeWhatsApp,
  GRAPH_ERRORS,
  type SentMessage,
  startFakeWhatsApp,
} from '../../test-support/fake-whatsapp.ts';
import { until } from '../../test-support/mail-app.ts';
import { ADDRESS, insertProduct, type Shopper, signUp } from '../../test-support/shoppers.ts';
import { isProofAnswer, provenShopper, whatsappApp } from '../../test-support/whatsapp-proof.ts';
import { queueWhatsApp } from './outbox.ts';
import { BAD_SIGNATURE } from './webhook-routes.ts';

/**
 * A checkout through the order code the route runs (orders/place-order.ts), then the nudge the
 * route gives after its commit.
 */
async function placeOrder(
  app: FastifyInstance,
  shopper: Shopper,
  productId: string,
  options: { whatsappUpdates?: boolean; quantity?: number } = {},
): Promise<{ id: string; number: string }> {
  const input = placeOrderSchema.parse({
    address: ADDRESS,
    idempotencyKey: randomUUID(),
    lines: [{ productId, quantity: options.quantity ?? 1 }],
    ...(options.whatsappUpdates === undefined ? {} : { whatsappUpdates: options.whatsappUpdates }),
  });
  const placed = await placeShopperOrder(app.db, app.config, shopper.id, input);
  app.mail.nudge();
  const row = await app.db
    .selectFrom('orders')
    .select(['id', 'number'])
    .where('id', '=', placed.orderId)
    .executeTakeFirstOrThrow();
  return row;
}

const messagesOf = (app: FastifyInstance, orderId: string): Promise<WhatsAppOutboxRow[]> =>
  app.db.selectFrom('whatsapp_outbox').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();

/** What went to this number, apart from the thank-you for proving it (test-support/whatsapp-proof.ts). */
const sentTo = (fake: FakeWhatsApp, phone: string) =>
  fake.sent.filter((m) => m.to === `91${phone}` && !isProofAnswer(m));

async function orderRow(app: FastifyInstance, id: string) {
  return app.db
    .selectFrom('orders')
    .select(['status', 'shopper_confirmed_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const pendingEvents = async (app: FastifyInstance) =>
  Number(
    (
      await app.db
        .selectFrom('whatsapp_inbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('applied_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function stockOf(app: FastifyInstance, productId: string): Promise<number | null> {
  const row = await app.db
    .selectFrom('products')
    .select('stock_count')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.stock_count === null ? null : Number(row.stock_count);
}

describe.each(TEST_DIALECTS)('WhatsApp on %s', (dialect: Dialect) => {
  let database: TestDatabase;
  let fake: FakeWhatsApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    fake = await startFakeWhatsApp();
    app = await whatsappApp(database, fake);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await database?.cleanup();
  });

  /** A shopper who ticked the box at checkout, their order and the Confirm/Cancel message the fake received. */
  async function confirmedShopperOrder(options: { stock?: number } = {}) {
    const shopper = await provenShopper(app, fake);
    const product = await insertProduct(app.db);
    if (options.stock !== undefined) {
      await app.db.updateTable('products').set({ stock_count: options.stock }).where('id', '=', product.id).execute();
    }
    const order = await placeOrder(app, shopper, product.id, { whatsappUpdates: true });
    const message = await until(
      async () => fake.sent.find((m) => m.buttons[0] === `confirm:${order.id}`),
      'the order-placed message',
    );
    return { shopper, product, order, message };
  }

  it('sends the order-placed template with the advance link and Confirm/Cancel to a shopper who agreed', async () => {
    const { shopper, order, message } = await confirmedShopperOrder();
    expect(message).toMatchObject({
      to: `91${shopper.number}`,
      type: 'template',
      template: 'order_placed',
      language: 'en',
      buttons: [`confirm:${order.id}`, `cancel:${order.id}`],
    });
    expect(message.raw.to).toBe(`+91${shopper.number}`);
    expect(message.body).toEqual(['Asha', order.number, '₹3,500', '₹300', expect.any(String), '₹3,200']);
    // The advance link is the order's own signed page (issue 34 item 16), not /orders behind a log-in:
    // opened with no cookie it shows this order's advance and what is left to pay on delivery.
    const link = new URL(message.body[4]!);
    expect(link.pathname).toMatch(new RegExp(`^/advance/${order.number}/[A-Za-z0-9_-]{24}$`));
    const page = await app.inject({ method: 'GET', url: link.pathname.replace('/advance/', '/api/advance-link/') });
    expect(page.statusCode).toBe(200);
    expect(page.json().order).toMatchObject({ number: order.number, advance: { amount: 300, balance: 3200 } });
    const user = await app.db
      .selectFrom('users')
      .select('whatsapp_consent_at')
      .where('id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(user.whatsapp_consent_at).not.toBeNull();
    const [row] = await until(async () => {
      const rows = await messagesOf(app, order.id);
      return rows[0]?.sent_at ? rows : null;
    }, 'the row marked sent');
    expect(row).toMatchObject({ wa_message_id: message.id, status: 'accepted', attempts: 1, template: 'order_placed' });
    expect(row?.preview).toContain(`thank you for your order ${order.number} of ₹3,500`);
  });

  it('writes to a Hindi shopper in Hindi', async () => {
    const shopper = await provenShopper(app, fake);
    await app.db.updateTable('users').set({ language: 'hi' }).where('id', '=', shopper.id).execute();
    const product = await insertProduct(app.db);
    const order = await placeOrder(app, shopper, product.id, { whatsappUpdates: true });
    const message = await until(
      async () => fake.sent.find((m) => m.buttons[0] === `confirm:${order.id}`),
      'the message',
    );
    expect(message.language).toBe('hi');
    const [row] = await messagesOf(app, order.id);
    expect(row?.preview).toContain('नमस्ते Asha,');
  });

  it('sends nothing by WhatsApp to a shopper who did not agree: the mail goes as before', async () => {
    const shopper = await signUp(app);
    const product = await insertProduct(app.db);
    const requests = fake.requests;
    const order = await placeOrder(app, shopper, product.id);
    expect(await messagesOf(app, order.id)).toEqual([]);
    const user = await app.db
      .selectFrom('users')
      .select('whatsapp_consent_at')
      .where('id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(user.whatsapp_consent_at).toBeNull();
    // The owner's mail is queued as ever, and not held for anything.
    const mail = await app.db
      .selectFrom('outbox')
      .select(['kind', 'held_for'])
      .where('order_id', '=', order.id)
      .execute();
    expect(mail).toEqual([{ kind: 'new-order', held_for: null }]);
    await app.whatsapp.idle();
    expect(fake.requests).toBe(requests);
  });

  it('Confirm marks the order confirmed by the shopper once, however often WhatsApp repeats the reply', async () => {
    const { shopper, order, message } = await confirmedShopperOrder();
    const id = `wamid.IN-confirm-${order.id}`;
    const first = await fake.buttonReply(message, 0, { id });
    expect(first.status).toBe(200);
    // WhatsApp repeats the same webhook, twice at once, and the shopper taps again (a new message id).
    const repeats = await Promise.all([fake.buttonReply(message, 0, { id }), fake.buttonReply(message, 0, { id })]);
    // A repeat is answered as received (or WhatsApp would keep repeating it), and kept once.
    expect(repeats.map((r) => r.status)).toEqual([200, 200]);
    const kept = await app.db.selectFrom('whatsapp_inbox').select('id').where('id', '=', id).execute();
    expect(kept).toHaveLength(1);
    const confirmedAt = await until(
      async () => (await orderRow(app, order.id)).shopper_confirmed_at,
      'the confirmation',
    );
    await fake.buttonReply(message, 0);
    await until(async () => (await pendingEvents(app)) === 0, 'every event applied');
    expect(await orderRow(app, order.id)).toEqual({ status: 'ordered', shopper_confirmed_at: confirmedAt });
    // One thank-you, as free-form text (the shopper just wrote: inside the 24-hour window).
    const thanks = await until(async () => {
      const found = sentTo(fake, shopper.number).filter((m) => m.type === 'text');
      return found.length > 0 ? found : null;
    }, 'the thank-you');
    await app.whatsapp.idle();
    expect(sentTo(fake, shopper.number).filter((m) => m.type === 'text')).toHaveLength(1);
    expect(thanks[0]?.text).toBe(
      `Thank you! Order ${order.number} is confirmed. We will let you know when it is on its way.`,
    );
  });

  it('Cancel cancels the order and returns its stock once, and the cancellation goes by WhatsApp with the mail held', async () => {
    const { shopper, product, order, message } = await confirmedShopperOrder({ stock: 5 });
    expect(await stockOf(app, product.id)).toBe(4);
    const id = `wamid.IN-cancel-${order.id}`;
    await Promise.all([
      fake.buttonReply(message, 1, { id }),
      fake.buttonReply(message, 1, { id }),
      fake.buttonReply(message, 1),
    ]);
    await until(async () => (await pendingEvents(app)) === 0, 'every event applied');
    expect((await orderRow(app, order.id)).status).toBe('cancelled');
    expect(await stockOf(app, product.id)).toBe(5);
    const events = await app.db
      .selectFrom('order_events')
      .select(['status', 'admin_id', 'note'])
      .where('order_id', '=', order.id)
      .execute();
    expect(events.filter((e) => e.status === 'cancelled')).toEqual([
      { status: 'cancelled', admin_id: null, note: 'Cancelled by the shopper on WhatsApp' },
    ]);
    const cancelled = await until(
      async () =>
        sentTo(fake, shopper.number).find((m) => m.template === 'order_cancelled' && m.body[1] === order.number),
      'the cancellation message',
    );
    // The shopper's "cancelled" mail waits behind the WhatsApp message...
    const mail = await app.db
      .selectFrom('outbox')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('kind', '=', 'cancelled')
      .execute();
    expect(mail).toHaveLength(1);
    const [row] = (await messagesOf(app, order.id)).filter((r) => r.kind === 'cancelled');
    expect(mail[0]?.held_for).toBe(row?.id);
    // ...and is dropped once WhatsApp says the message was delivered.
    await until(async () => (await messagesOf(app, order.id)).find((r) => r.kind === 'cancelled')?.sent_at, 'sent');
    expect((await fake.status(cancelled.id, cancelled.to, 'delivered')).status).toBe(200);
    await until(
      async () =>
        (
          await app.db
            .selectFrom('outbox')
            .select('id')
            .where('order_id', '=', order.id)
            .where('kind', '=', 'cancelled')
            .execute()
        ).length === 0,
      'the held mail dropped',
    );
    expect((await messagesOf(app, order.id)).find((r) => r.kind === 'cancelled')?.status).toBe('delivered');
  });

  it('a reply from another phone does nothing', async () => {
    const { order, message } = await confirmedShopperOrder();
    await fake.buttonReply(message, 1, { from: '919999999999' });
    await until(async () => (await pendingEvents(app)) === 0, 'every event applied');
    expect(await orderRow(app, order.id)).toEqual({ status: 'ordered', shopper_confirmed_at: null });
  });

  it('a message that fails after it was accepted goes out by email instead, once', async () => {
    const shopper = await provenShopper(app, fake);
    fake.undeliverable.add(`91${shopper.number}`);
    const product = await insertProduct(app.db);
    const order = await placeOrder(app, shopper, product.id, { whatsappUpdates: true });
    // The order-placed message is accepted, then fails (131026, a status webhook): it had no mail behind it.
    await until(async () => (await messagesOf(app, order.id))[0]?.failed_at, 'the order-placed message failed');
    // The owner cancels: the shopper's cancellation goes by WhatsApp with its mail held, and fails too.
    const cookie = await adminCookie({ app, database, config: app.config, close: async () => {} });
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.number}/state`,
      headers: { cookie },
      payload: { state: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const failed = await until(
      async () => (await messagesOf(app, order.id)).find((r) => r.kind === 'cancelled' && r.failed_at),
      'the cancellation failed',
    );
    expect(failed.last_error).toContain('131026');
    const mails = await app.db
      .selectFrom('outbox')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('kind', '=', 'cancelled')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.held_for).toBeNull();
    // WhatsApp repeats the failure: nothing more is released.
    await fake.status(failed.wa_message_id!, failed.to_phone, 'failed', {
      code: 131026,
      title: 'Message undeliverable',
    });
    await until(async () => (await pendingEvents(app)) === 0, 'every event applied');
    const again = await app.db
      .selectFrom('outbox')
      .select('id')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'cancelled')
      .execute();
    expect(again).toHaveLength(1);
  });

  it('a template Meta does not know is refused, and the mail goes instead', async () => {
    const { order, message } = await confirmedShopperOrder();
    fake.templates.delete('order_cancelled');
    try {
      await fake.buttonReply(message, 1);
      const failed = await until(
        async () => (await messagesOf(app, order.id)).find((r) => r.kind === 'cancelled' && r.failed_at),
        'the refused message',
      );
      expect(failed.last_error).toContain('132001');
      const mail = await app.db
        .selectFrom('outbox')
        .select('held_for')
        .where('order_id', '=', order.id)
        .where('kind', '=', 'cancelled')
        .execute();
      expect(mail).toEqual([{ held_for: null }]);
    } finally {
      fake.templates.set('order_cancelled', new Set(['en', 'hi']));
    }
  });

  it('a rate limit waits and tries again; the message is sent once', async () => {
    const shopper = await provenShopper(app, fake);
    const product = await insertProduct(app.db);
    fake.failNext(GRAPH_ERRORS.rateLimit, GRAPH_ERRORS.pairRateLimit);
    const order = await placeOrder(app, shopper, product.id, { whatsappUpdates: true });
    const row = await until(async () => {
      const [first] = await messagesOf(app, order.id);
      return first?.sent_at ? first : null;
    }, 'sent');
    expect(row.attempts).toBe(3);
    expect(sentTo(fake, shopper.number)).toHaveLength(1);
  });

  it('WhatsApp down for a while: nothing is lost, and each message is sent once after', async () => {
    // Proven while WhatsApp is up (the proof's thank-you is sent then, apart from what is counted below).
    const shoppers = [await provenShopper(app, fake), await provenShopper(app, fake), await provenShopper(app, fake)];
    fake.down();
    const orders: Array<{ id: string; phone: string }> = [];
    try {
      for (const shopper of shoppers) {
        const product = await insertProduct(app.db);
        orders.push({
          id: (await placeOrder(app, shopper, product.id, { whatsappUpdates: true })).id,
          phone: shopper.number,
        });
      }
      // Each tried and failed at least twice while WhatsApp could not be reached.
      await until(async () => {
        const rows = await Promise.all(orders.map((o) => messagesOf(app, o.id)));
        return rows.every((r) => r[0] && r[0].attempts >= 2 && r[0].sent_at === null) ? rows : null;
      }, 'failed attempts');
      const row = (await messagesOf(app, orders[0]!.id))[0];
      expect(row?.last_error).toContain('WhatsApp not reached');
    } finally {
      fake.up();
    }
    await until(async () => {
      const rows = await Promise.all(orders.map((o) => messagesOf(app, o.id)));
      return rows.every((r) => r[0]?.sent_at);
    }, 'all sent after WhatsApp came back');
    for (const o of orders) expect(sentTo(fake, o.phone)).toHaveLength(1);
  });

  it('a reply and a status arriving before the send was answered are each applied once', async () => {
    const shopper = await provenShopper(app, fake);
    const product = await insertProduct(app.db);
    fake.hold();
    let held: SentMessage;
    let order: { id: string; number: string };
    try {
      order = await placeOrder(app, shopper, product.id, { whatsappUpdates: true });
      await fake.waitHeld();
      held = fake.heldMessages[0]!;
      // The shopper taps Confirm, and WhatsApp reports "delivered", before Meta answered the send.
      await fake.buttonReply(held, 0);
      await fake.status(held.id, held.to, 'delivered');
      await until(async () => (await orderRow(app, order.id)).shopper_confirmed_at, 'the confirmation');
      // The status names a message the store has not recorded yet: it waits.
      expect(await pendingEvents(app)).toBe(1);
    } finally {
      fake.release();
    }
    await until(
      async () => (await messagesOf(app, order.id))[0]?.status === 'delivered',
      'the status applied after the answer',
    );
    const [row] = await messagesOf(app, order.id);
    expect(row).toMatchObject({ wa_message_id: held.id, attempts: 1 });
    expect(sentTo(fake, shopper.number).filter((m) => m.template === 'order_placed')).toHaveLength(1);
  });

  it('a forged or unsigned webhook is refused with 401, and nothing is kept or changed', async () => {
    const { order, message } = await confirmedShopperOrder();
    const inbox = async () =>
      Number(
        (
          await app.db
            .selectFrom('whatsapp_inbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await inbox();
    const reply = {
      messages: [
        {
          from: message.to,
          id: 'wamid.FORGED',
          timestamp: '1',
          type: 'button',
          button: { payload: `cancel:${order.id}`, text: 'Cancel order' },
        },
      ],
    };
    for (const options of [
      { signature: null },
      { secret: 'not-the-app-secret' },
      { signature: 'sha256=00' },
      { signature: 'md5=abc' },
    ]) {
      const res = await fake.postWebhook(reply, options);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body).error.message).toBe(BAD_SIGNATURE);
    }
    // Signed for one body, sent with another.
    const signedOther = await app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
      payload: JSON.stringify({ object: 'whatsapp_business_account', entry: [] }),
    });
    expect(signedOther.statusCode).toBe(401);
    expect(await inbox()).toBe(before);
    await app.whatsapp.idle();
    expect(await orderRow(app, order.id)).toEqual({ status: 'ordered', shopper_confirmed_at: null });
  });

  it('an unsigned POST of any content type, or none, is refused with 401 (issue 34)', async () => {
    const inboxBefore = await app.db.selectFrom('whatsapp_inbox').select('id').execute();
    for (const [type, payload] of [
      ['text/plain', 'entry=confirm'],
      ['application/x-www-form-urlencoded', 'a=b'],
      ['application/octet-stream', '{}'],
      [undefined, undefined],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        ...(type ? { headers: { 'content-type': type } } : {}),
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, String(type)).toBe(401);
      expect(JSON.parse(res.body).error.message).toBe(BAD_SIGNATURE);
    }
    expect(await app.db.selectFrom('whatsapp_inbox').select('id').execute()).toHaveLength(inboxBefore.length);
  });

  it('a signed event for another phone number id of the same app is answered 200 and ignored (issue 34)', async () => {
    const { order, message } = await confirmedShopperOrder();
    const id = `wamid.OTHER-NUMBER-${order.id}`;
    const res = await fake.postWebhook({
      metadata: { display_phone_number: '15550000000', phone_number_id: '999999999999' },
      messages: [
        {
          from: message.to,
          id,
          timestamp: '1',
          type: 'button',
          button: { payload: `confirm:${order.id}`, text: 'Confirm order' },
        },
      ],
    });
    // Meta wants a 200 for every delivered webhook, or it repeats it.
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: 0 });
    expect(await app.db.selectFrom('whatsapp_inbox').select('id').where('id', '=', id).execute()).toEqual([]);
    await app.whatsapp.idle();
    expect(await orderRow(app, order.id)).toEqual({ status: 'ordered', shopper_confirmed_at: null });
  });

  it('answers Meta’s handshake only with the verify token', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${FAKE_VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    const wrong = await app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess-guess-guess&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('STOP takes the consent back: later messages go by email only', async () => {
    const { shopper, order, message } = await confirmedShopperOrder();
    await fake.userText(`91${shopper.number}`, ' Stop ');
    await until(async () => (await pendingEvents(app)) === 0, 'STOP applied');
    const user = await app.db
      .selectFrom('users')
      .select(['whatsapp_consent_at', 'offers_consent_at'])
      .where('id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ whatsapp_consent_at: null, offers_consent_at: null });
    await until(async () => sentTo(fake, shopper.number).find((m) => m.type === 'text'), 'the STOP answer');
    // The Cancel button still works (it is the shopper's own reply), but the cancellation goes by mail alone.
    await fake.buttonReply(message, 1);
    await until(async () => (await orderRow(app, order.id)).status === 'cancelled', 'cancelled');
    expect((await messagesOf(app, order.id)).filter((r) => r.kind === 'cancelled')).toEqual([]);
    const mail = await app.db
      .selectFrom('outbox')
      .select('held_for')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'cancelled')
      .execute();
    expect(mail).toEqual([{ held_for: null }]);
  });

  it('free-form text to someone who has not written in 24 hours is refused by WhatsApp (131047)', async () => {
    const id = await queueWhatsApp(app.db, {
      kind: 'reply-confirmed',
      to: '+919812345678',
      content: { template: null, language: 'en', text: 'Hello' },
      preview: 'Hello',
    });
    app.whatsapp.nudge();
    const row = await until(
      async () =>
        app.db
          .selectFrom('whatsapp_outbox')
          .selectAll()
          .where('id', '=', id)
          .where('failed_at', 'is not', null)
          .executeTakeFirst(),
      'the refusal',
    );
    expect(row.last_error).toContain('131047');
  });
});

describe('without the WhatsApp settings', () => {
  it('queues nothing for WhatsApp and has no webhook; the consent is still recorded', async () => {
    const database = await createTestDatabase('sqlite');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, LOG_LEVEL: 'silent' });
    expect(config.whatsapp).toBeUndefined();
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      const shopper = await signUp(app);
      const product = await insertProduct(app.db);
      const order = await placeOrder(app, shopper, product.id, { whatsappUpdates: true });
      expect(await messagesOf(app, order.id)).toEqual([]);
      const hook = await app.inject({ method: 'GET', url: '/api/whatsapp/webhook?hub.mode=subscribe' });
      expect(hook.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.cleanup();
    }
  });

  it('refuses half the settings at start, naming what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', WHATSAPP_TOKEN: 'token-123456789' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: is needed[\s\S]*WHATSAPP_APP_SECRET: is needed[\s\S]*WHATSAPP_VERIFY_TOKEN: is needed/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', OWNER_WHATSAPP: '919876543210' })).toThrow(
      /OWNER_WHATSAPP: needs WHATSAPP_TOKEN/,
    );
  });
});
