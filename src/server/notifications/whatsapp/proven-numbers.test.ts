/**
 * Issue 34 item 1: the shop's WhatsApp number messages only numbers proven to be the shopper's
 * (proof-codes.ts; docs/decisions/050-numbers-proven-before-messages.md). The probe's three paths
 * (an order after sign-up, the cart reminder, "Notify me" for 20 numbers from one address), then
 * the proof's own rules (one-time, another number proves nothing, expiry) and the daily cap,
 * through the real app on SQLite and PostgreSQL against the fake Graph API, which posts the
 * shopper's text to the real webhook.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotifyMeReply } from '../../../common/schemas/back-in-stock.ts';
import { placeOrderSchema } from '../../../common/schemas/order.ts';
import { proofText } from '../../../common/whatsapp-proof.ts';
import { queueBackInStock } from '../../back-in-stock/restock.ts';
import { nowIso } from '../../db/ids.ts';
import { placeOrder } from '../../orders/place-order.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test-support/databases.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../test-support/fake-whatsapp.ts';
import { until } from '../../test-support/mail-app.ts';
import {
  ADDRESS,
  insertProduct,
  type Shopper,
  signUp,
  testClientAddress,
  testPhone,
} from '../../test-support/shoppers.ts';
import { askProof, isProofAnswer, proveNumber, untilProven, whatsappApp } from '../../test-support/whatsapp-proof.ts';
import { greetingName } from '../whatsapp-templates.ts';
import { CART_REMINDER_HOURS, sendCartReminders } from './cart-reminder.ts';

/** A small cap, so the test reaches it: the thank-you for the proof and two order messages. */
const DAILY_MAX = 3;
const HOSTILE_NAME = 'Refund due: visit evil.example/r';

describe.each(TEST_DIALECTS)('numbers proven before messages on %s', (dialect) => {
  let database: TestDatabase;
  let fake: FakeWhatsApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    fake = await startFakeWhatsApp();
    app = await whatsappApp(database, fake, { WHATSAPP_DAILY_MAX: String(DAILY_MAX) });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await database?.cleanup();
  });

  const outboxTo = (phone: string) =>
    app.db
      .selectFrom('whatsapp_outbox')
      .selectAll()
      .where('to_phone', '=', `+91${phone}`)
      .orderBy('created_at')
      .execute();

  async function order(shopper: Shopper) {
    const product = await insertProduct(app.db);
    const input = placeOrderSchema.parse({
      address: ADDRESS,
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: 1 }],
      whatsappUpdates: true,
    });
    const placed = await placeOrder(app.db, app.config, shopper.id, input);
    app.whatsapp.nudge();
    return placed.orderId;
  }

  /** Every event the fake posted has been applied (and any reply it queued handed to the worker). */
  const untilApplied = () =>
    until(async () => {
      const row = await app.db
        .selectFrom('whatsapp_inbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('applied_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n) === 0;
    }, 'every event applied');

  it('probe 1: sign-up with a stranger’s number and a link for a name sends no order_placed until the number sends its code', async () => {
    const shopper = await signUp(app, { name: HOSTILE_NAME, whatsappUpdates: true });
    const orderId = await order(shopper);
    // The order's mail went (the owner's); nothing was queued for the typed number.
    expect(await outboxTo(shopper.number)).toEqual([]);
    expect(fake.sent.filter((m) => m.to === `91${shopper.number}`)).toEqual([]);

    // The number's owner sends the account's code: now it is theirs, and the next order goes to it.
    await proveNumber(app, fake, shopper);
    const proof = await app.db
      .selectFrom('whatsapp_proofs')
      .selectAll()
      .where('phone', '=', shopper.number)
      .executeTakeFirstOrThrow();
    expect(proof).toMatchObject({ user_id: shopper.id, request_id: null });
    const second = await order(shopper);
    const message = await until(
      async () => fake.sent.find((m) => m.buttons[0] === `confirm:${second}`),
      'the order_placed message',
    );
    expect(message.to).toBe(`91${shopper.number}`);
    // Only the first name's letters: no link, no sentence of a stranger's.
    expect(message.body[0]).toBe('Refund');
    expect(message.body.join(' ')).not.toContain('evil');
    expect(fake.sent.some((m) => m.buttons[0] === `confirm:${orderId}`)).toBe(false);
  });

  it('probe 2: the cart reminder goes to no unproven number, and carries only a first name', async () => {
    const shopper = await signUp(app, { name: 'You won 5000 at evil.example/w' });
    const product = await insertProduct(app.db);
    const added = await app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: shopper.cookie },
      payload: { productId: product.id },
    });
    expect(added.statusCode).toBe(200);
    const at = nowIso();
    await app.db
      .updateTable('users')
      .set({ whatsapp_consent_at: at, offers_consent_at: at })
      .where('id', '=', shopper.id)
      .execute();
    const later = Date.now() + (CART_REMINDER_HOURS + 1) * 3_600_000;
    expect(await sendCartReminders(app.db, app.config, later)).not.toContain(shopper.id);
    expect(await outboxTo(shopper.number)).toEqual([]);

    await proveNumber(app, fake, shopper);
    expect(await sendCartReminders(app.db, app.config, later)).toContain(shopper.id);
    const reminder = (await outboxTo(shopper.number)).find((r) => r.kind === 'cart-reminder');
    expect(JSON.parse(reminder?.params ?? '{}').body[0]).toBe('You');
    expect(reminder?.preview).not.toContain('evil');
  });

  it('probe 3: "Notify me" for 20 numbers from one address sends no back_in_stock; only the number that sent its code gets one', async () => {
    const product = await insertProduct(app.db, { inStock: false });
    const address = testClientAddress();
    const numbers = Array.from({ length: 20 }, () => testPhone());
    const replies: NotifyMeReply[] = [];
    for (const contact of numbers) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/back-in-stock',
        remoteAddress: address,
        payload: { productId: product.id, contact, whatsapp: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      replies.push(res.json());
    }
    // Each answer carries the link that proves its number; none is proven yet.
    for (const reply of replies) expect(reply.proof?.link).toMatch(/^https:\/\/wa\.me\/15550783881\?text=/);
    // The owner of the first number sends that request's code from it.
    const [first] = numbers as [string];
    await fake.userText(`91${first}`, proofText(replies[0]?.proof?.code ?? ''));
    await untilProven(app, first);

    const queued = await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ in_stock: 1 }).where('id', '=', product.id).execute();
      return queueBackInStock(trx, app.config, product.id);
    });
    expect(queued).toBe(1);
    const sent = await app.db
      .selectFrom('whatsapp_outbox')
      .select('to_phone')
      .where('kind', '=', 'back-in-stock')
      .where(
        'to_phone',
        'in',
        numbers.map((n) => `+91${n}`),
      )
      .execute();
    expect(sent).toEqual([{ to_phone: `+91${first}` }]);
  });

  it('a code sent from another number proves nothing for the account; a used or unknown code proves nothing more', async () => {
    const shopper = await signUp(app, { whatsappUpdates: true });
    const { proven, proof } = await askProof(app, shopper);
    expect(proven).toBe(false);
    // The same live code is shown again (a reload costs no new code).
    expect((await askProof(app, shopper)).proof?.code).toBe(proof?.code);
    const stranger = testPhone();
    await fake.userText(`91${stranger}`, proofText(proof?.code ?? ''));
    await untilApplied();
    expect(await app.db.selectFrom('whatsapp_proofs').selectAll().where('user_id', '=', shopper.id).execute()).toEqual(
      [],
    );
    expect((await askProof(app, shopper)).proven).toBe(false);
    await until(async () => fake.sent.find((m) => m.to === `91${stranger}` && m.type === 'text'), 'the answer');
    expect(fake.sent.find((m) => m.to === `91${stranger}`)?.text).toContain('made for another number');

    // From the account's own number it proves it, once: the same text again changes nothing.
    await proveNumber(app, fake, shopper);
    expect((await askProof(app, shopper)).proven).toBe(true);
    await fake.userText(`91${shopper.number}`, proofText(proof?.code ?? ''));
    await untilApplied();
    expect(
      await app.db.selectFrom('whatsapp_proofs').selectAll().where('user_id', '=', shopper.id).execute(),
    ).toHaveLength(1);
  });

  it('an expired code proves nothing', async () => {
    const shopper = await signUp(app);
    const { proof } = await askProof(app, shopper);
    await app.db
      .updateTable('whatsapp_codes')
      .set({ expires_at: nowIso(Date.now() - 1000) })
      .where('code', '=', proof?.code ?? '')
      .execute();
    await fake.userText(`91${shopper.number}`, proofText(proof?.code ?? ''));
    await untilApplied();
    expect((await askProof(app, shopper)).proven).toBe(false);
  });

  it(`sends at most WHATSAPP_DAILY_MAX (${DAILY_MAX}) messages to one number a day, counted in the database`, async () => {
    const shopper = await signUp(app, { whatsappUpdates: true });
    await proveNumber(app, fake, shopper);
    for (let i = 0; i < 3; i++) await order(shopper);
    // The thank-you and two order messages; the third order's went by mail only.
    expect(await outboxTo(shopper.number)).toHaveLength(DAILY_MAX);
    const proofs = fake.sent.filter((m) => m.to === `91${shopper.number}` && isProofAnswer(m));
    expect(proofs).toHaveLength(1);
  });

  it('cleans a name to a first name’s letters, at most 20, or a neutral greeting', () => {
    expect(greetingName(HOSTILE_NAME, 'en')).toBe('Refund');
    expect(greetingName('Asha Rao', 'en')).toBe('Asha');
    expect(greetingName('आशा राव', 'hi')).toBe('आशा');
    expect(greetingName('  ', 'en')).toBe('there');
    expect(greetingName('1234 5678 http://x.y', 'en')).toBe('httpxy');
    expect(greetingName('!!! 42', 'hi')).toBe('जी');
    expect(greetingName('A'.repeat(40), 'en')).toBe('A'.repeat(20));
    expect(greetingName('Ra\u202Ejesh\nKumar', 'en')).toBe('Rajesh');
  });
});
