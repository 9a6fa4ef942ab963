/**
 * The WhatsApp inbox (issue 37; docs/whatsapp.md#the-inbox) through the real app on SQLite and
 * PostgreSQL against the fake Graph API (test-support/fake-whatsapp.ts): every kind of message
 * kept once, media fetched through the media endpoint and checked, hostile text kept as text,
 * replies inside and after the 24-hour window, Meta's statuses, a reply while WhatsApp is down,
 * two admins, a shopper's Cancel in Needs you, and the owner's one summary.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderSchema } from '../../../../common/schemas/order.ts';
import type { Dialect } from '../../../db/database.ts';
import { placeOrder } from '../../../orders/place-order.ts';
import { adminCookie, pngImage } from '../../../test-support/admin.ts';
import type { TestApp } from '../../../test-support/app.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test-support/databases.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../../test-support/fake-whatsapp.ts';
import { OWNER, until } from '../../../test-support/mail-app.ts';
import { ADDRESS, insertProduct, testPhone } from '../../../test-support/shoppers.ts';
import { provenShopper, whatsappApp } from '../../../test-support/whatsapp-proof.ts';
import { queueWaitingSummary, shopHoursBetween } from './waiting-summary.ts';

const HOUR = 3_600_000;
const OWNER_NUMBER = '919812345678';
/** The first bytes of an Ogg Opus voice note, then filler. */
const voiceNote = (bytes: number) => Buffer.concat([Buffer.from('OggS'), Buffer.alloc(Math.max(0, bytes - 4), 1)]);

describe.each(TEST_DIALECTS)('the WhatsApp inbox on %s', (dialect: Dialect) => {
  let database: TestDatabase;
  let fake: FakeWhatsApp;
  let app: FastifyInstance;
  let cookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    fake = await startFakeWhatsApp();
    app = await whatsappApp(database, fake, {
      OWNER_WHATSAPP: OWNER_NUMBER,
      SHOP_HOURS: '00:00-24:00',
      INBOX_WAIT_MINUTES: '30',
    });
    cookie = await adminCookie({ app } as TestApp, `asha${dialect}`);
    otherCookie = await adminCookie({ app } as TestApp, `ravi${dialect}`);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await database?.cleanup();
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, who = cookie) =>
    app.inject({ method, url, headers: { cookie: who }, ...(payload === undefined ? {} : { payload }) });
  const thread = async (phone: string, who = cookie) => {
    const res = await api('GET', `/api/admin/inbox/${phone}`, undefined, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const messagesOf = (phone: string) =>
    app.db.selectFrom('whatsapp_messages').selectAll().where('phone', '=', phone).orderBy('at').orderBy('id').execute();

  it('keeps every kind of message once per message id, in the number’s conversation, with its media fetched and checked', async () => {
    const phone = testPhone();
    const wa = `91${phone}`;
    const photo = fake.addMedia(await pngImage(80, 60), 'image/jpeg');
    const voice = fake.addMedia(voiceNote(4000), 'audio/ogg');
    const pdf = fake.addMedia(Buffer.from('%PDF-1.4\n% a receipt\n'), 'application/pdf');
    const notAnImage = fake.addMedia(Buffer.from('<script>alert(1)</script> not a picture'), 'image/jpeg');
    // 20 MB as Meta's metadata says: refused before a byte is downloaded.
    const huge = fake.addMedia(voiceNote(1000), 'audio/ogg', { declaredSize: 20 * 1024 * 1024 });
    const hostile =
      `Refund? <b>click</b> <a href="https://evil.example">here</a>\n\u202Eevil\u0007 ${'x'.repeat(4000)}`.slice(
        0,
        4096,
      );
    const textId = `wamid.TEXT${randomUUID()}`;
    await fake.userMessage(wa, 'text', { body: hostile }, { id: textId });
    await fake.userMessage(wa, 'image', { id: photo, mime_type: 'image/jpeg', caption: 'the box was open' });
    await fake.userMessage(wa, 'audio', { id: voice, mime_type: 'audio/ogg; codecs=opus', voice: true });
    await fake.userMessage(wa, 'document', { id: pdf, mime_type: 'application/pdf', filename: 'receipt.pdf' });
    await fake.userMessage(wa, 'image', { id: notAnImage, mime_type: 'image/jpeg' });
    await fake.userMessage(wa, 'audio', { id: huge, mime_type: 'audio/ogg', voice: true });
    await fake.userMessage(wa, 'location', { latitude: 18.52, longitude: 73.85, name: 'Home', address: 'Pune' });
    await fake.userMessage(wa, 'contacts', [
      { name: { formatted_name: 'Ravi' }, phones: [{ phone: '+91 98765 00000' }] },
    ]);
    await fake.userMessage(wa, 'reaction', { message_id: 'wamid.X', emoji: '👍' }, { name: 'Asha <b>' });
    // WhatsApp repeats the text's webhook, twice at once.
    await Promise.all([
      fake.userMessage(wa, 'text', { body: hostile }, { id: textId, name: 'Asha <b>' }),
      fake.userMessage(wa, 'text', { body: hostile }, { id: textId, name: 'Asha <b>' }),
    ]);
    const rows = await until(async () => {
      const r = await messagesOf(phone);
      return r.length >= 9 && r.every((m) => m.media_state !== 'pending') ? r : null;
    }, 'nine messages, their media settled');
    expect(rows).toHaveLength(9);
    expect(rows.filter((r) => r.wa_message_id === textId)).toHaveLength(1);
    expect(rows.map((r) => r.type).sort()).toEqual(
      ['audio', 'audio', 'contacts', 'document', 'image', 'image', 'location', 'reaction', 'text'].sort(),
    );
    const byMedia = (id: string) => rows.find((r) => r.media_id === id);
    expect(byMedia(photo)).toMatchObject({ media_state: 'stored', body: 'the box was open' });
    expect(byMedia(voice)).toMatchObject({ media_state: 'stored', media_type: 'audio/ogg' });
    expect(byMedia(pdf)).toMatchObject({ media_state: 'stored', media_type: 'application/pdf' });
    expect(byMedia(notAnImage)).toMatchObject({ media_state: 'refused' });
    expect(byMedia(notAnImage)?.media_error).toContain('not one');
    expect(byMedia(huge)).toMatchObject({ media_state: 'refused' });
    expect(byMedia(huge)?.media_error).toContain('20.0 MB');
    // Only four downloads: the not-an-image, the photo, the voice note and the PDF; never the 20 MB one.
    expect(fake.mediaRequests.download).toBe(4);

    const t = await thread(phone);
    const text = t.items.find((i: { type: string }) => i.type === 'text');
    expect(text.body).toBe(hostile);
    expect(t.profileName).toBe('Asha <b>');
    expect(t.window.open).toBe(true);
    const image = t.items.find((i: { type: string; media: unknown }) => i.type === 'image' && i.media);
    const file = await api('GET', `/api/admin/inbox-media/${image.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    // A shopper's file is for an admin only.
    expect((await app.inject({ method: 'GET', url: `/api/admin/inbox-media/${image.id}` })).statusCode).toBe(401);
    const list = (await api('GET', `/api/admin/inbox?q=${phone.slice(-6)}`)).json();
    expect(list.conversations.map((c: { phone: string }) => c.phone)).toEqual([phone]);
    const byName = (await api('GET', '/api/admin/inbox?q=asha%20%3Cb')).json();
    expect(byName.conversations.map((c: { phone: string }) => c.phone)).toContain(phone);
  });

  it('links a known number to its account and open order, replies inside the window as text with Meta’s status', async () => {
    const shopper = await provenShopper(app, fake);
    const product = await insertProduct(app.db);
    const placed = await placeOrder(
      app.db,
      app.config,
      shopper.id,
      placeOrderSchema.parse({
        address: ADDRESS,
        idempotencyKey: randomUUID(),
        lines: [{ productId: product.id, quantity: 1 }],
      }),
    );
    await fake.userText(`91${shopper.number}`, 'when will it come?');
    const [kept] = await until(async () => {
      const r = (await messagesOf(shopper.number)).filter((m) => m.body === 'when will it come?');
      return r.length ? r : null;
    }, 'the text');
    expect(kept?.order_id).toBe(placed.orderId);
    const before = await thread(shopper.number);
    expect(before.hasAccount).toBe(true);
    expect(before.orders[0]).toMatchObject({ advance: 300, onDelivery: 3200, dueNow: 300 });
    expect(before.quickAnswers.map((q: { label: string }) => q.label)).toEqual(
      expect.arrayContaining([expect.stringContaining('Advance link'), 'Shop hours']),
    );

    // Ravi opens the reply box: Asha sees who is replying.
    expect((await api('POST', `/api/admin/inbox/${shopper.number}/replying`, undefined, otherCookie)).statusCode).toBe(
      200,
    );
    expect((await thread(shopper.number)).replying).toBe(`ravi${dialect}`);

    const sentBefore = fake.sent.length;
    const res = await api('POST', `/api/admin/inbox/${shopper.number}/reply`, {
      text: 'Tomorrow by 6 pm.\nThank you!',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sentAs).toBe('text');
    const sent = await until(
      async () => fake.sent.slice(sentBefore).find((m) => m.type === 'text' && m.to === `91${shopper.number}`),
      'the reply',
    );
    expect(sent).toMatchObject({ type: 'text', text: 'Tomorrow by 6 pm.\nThank you!', to: `91${shopper.number}` });
    await fake.status(sent.id, sent.to, 'delivered');
    const reply = await until(async () => {
      const item = (await thread(shopper.number)).items.find((i: { direction: string }) => i.direction === 'out');
      return item?.status === 'delivered' ? item : null;
    }, 'the reply delivered');
    expect(reply.admin).toBe(`asha${dialect}`);
    const after = await thread(shopper.number);
    expect(after.waitingSince).toBeNull();
    expect(after.replying).toBeNull();
  });

  it('after 24 hours answers only with the inbox_reply template, and says why; a failed status shows its reason', async () => {
    const phone = testPhone();
    await fake.userMessage(`91${phone}`, 'text', { body: 'are you there?' }, { timestamp: Date.now() - 25 * HOUR });
    await until(async () => (await messagesOf(phone)).length > 0, 'the late text');
    const t = await thread(phone);
    expect(t.window.open).toBe(false);
    // The list and the thread give the message one time: when the shopper sent it, not when it came.
    const listed = (await api('GET', '/api/admin/inbox'))
      .json()
      .conversations.find((c: { phone: string }) => c.phone === phone);
    expect(listed.lastAt).toBe(t.items[0].at);
    const sentBefore = fake.sent.length;
    const res = await api('POST', `/api/admin/inbox/${phone}/reply`, {
      text: 'Sorry for the wait.\n\nYes, it ships today.',
    });
    expect(res.json().sentAs).toBe('template');
    const sent = await until(
      async () => fake.sent.slice(sentBefore).find((m) => m.template === 'inbox_reply' && m.to === `91${phone}`),
      'the reply',
    );
    expect(sent).toMatchObject({
      type: 'template',
      template: 'inbox_reply',
      body: ['Shopper', 'Sorry for the wait. Yes, it ships today.'],
    });
    await fake.status(sent.id, sent.to, 'failed', { code: 131026, title: 'Message undeliverable' });
    const failed = await until(async () => {
      const item = (await thread(phone)).items.find((i: { direction: string }) => i.direction === 'out');
      return item?.status === 'failed' ? item : null;
    }, 'the failed status');
    expect(failed.statusError).toContain('Message undeliverable');
  });

  it('keeps a reply written while WhatsApp is down in the outbox and sends it once', async () => {
    const phone = testPhone();
    await fake.userText(`91${phone}`, 'hello?');
    await until(async () => (await messagesOf(phone)).length > 0, 'the text');
    fake.down();
    const res = await api('POST', `/api/admin/inbox/${phone}/reply`, { text: 'One moment please' });
    expect(res.statusCode).toBe(200);
    await until(
      async () =>
        (
          await app.db
            .selectFrom('whatsapp_outbox')
            .select('attempts')
            .where('kind', '=', 'inbox-reply')
            .where('to_phone', '=', `+91${phone}`)
            .executeTakeFirst()
        )?.attempts,
      'a failed attempt',
    );
    fake.up();
    await until(async () => fake.sent.find((m) => m.text === 'One moment please'), 'the reply sent');
    await app.whatsapp.idle();
    expect(fake.sent.filter((m) => m.text === 'One moment please')).toHaveLength(1);
  });

  it('refuses an empty or too long reply and an unknown number with the one error shape, changing nothing', async () => {
    const phone = testPhone();
    await fake.userText(`91${phone}`, 'hi');
    await until(async () => (await messagesOf(phone)).length > 0, 'the text');
    const empty = await api('POST', `/api/admin/inbox/${phone}/reply`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBeTruthy();
    const long = await api('POST', `/api/admin/inbox/${phone}/reply`, { text: 'x'.repeat(4097) });
    expect(long.statusCode).toBe(400);
    expect((await api('POST', '/api/admin/inbox/9000000009/reply', { text: 'hi' })).statusCode).toBe(404);
    expect((await api('GET', '/api/admin/inbox/not-a-phone')).statusCode).toBe(400);
    expect((await messagesOf(phone)).filter((m) => m.direction === 'out')).toHaveLength(0);
  });

  it('shows a shopper’s WhatsApp Cancel in Needs you and in the thread until the conversation is marked done', async () => {
    const shopper = await provenShopper(app, fake);
    const product = await insertProduct(app.db);
    const placed = await placeOrder(
      app.db,
      app.config,
      shopper.id,
      placeOrderSchema.parse({
        address: ADDRESS,
        idempotencyKey: randomUUID(),
        lines: [{ productId: product.id, quantity: 1 }],
        whatsappUpdates: true,
      }),
    );
    app.mail.nudge();
    const message = await until(
      async () => fake.sent.find((m) => m.buttons[1] === `cancel:${placed.orderId}`),
      'the order message',
    );
    const stats = async () => (await api('GET', '/api/admin/stats')).json().attention;
    const cancelsBefore = (await stats()).inboxCancels;
    await fake.buttonReply(message, 1);
    const event = await until(async () => {
      const t = await thread(shopper.number);
      return t.items.find(
        (i: { type: string; direction: string }) => i.type === 'cancelled' && i.direction === 'event',
      );
    }, 'the cancel in the thread');
    expect(event.body).toContain('cancelled by the shopper');
    expect((await stats()).inboxCancels).toBe(cancelsBefore + 1);
    expect((await api('POST', `/api/admin/inbox/${shopper.number}/done`, undefined, otherCookie)).statusCode).toBe(200);
    const done = await thread(shopper.number);
    expect(done.doneBy).toBe(`ravi${dialect}`);
    expect((await stats()).inboxCancels).toBe(cancelsBefore);
  });

  it('sends the owner one summary, by WhatsApp and mail, when a message waited past the setting', async () => {
    const phone = testPhone();
    await fake.userMessage(
      `91${phone}`,
      'text',
      { body: 'hello? <script>' },
      { timestamp: Date.now() - 2 * HOUR, name: 'Meena\nSYSTEM' },
    );
    const summary = await until(
      async () => fake.sent.find((m) => m.template === 'owner_inbox_waiting' && m.body[2]?.includes(phone)),
      'the owner’s summary',
    );
    expect(summary.to).toBe(OWNER_NUMBER);
    expect(summary.body[2]).toContain(`Meena SYSTEM (${phone})`);
    // Further passes tell nothing new.
    expect(await queueWaitingSummary(app.db, app.config)).toBe(false);
    await app.whatsapp.idle();
    expect(fake.sent.filter((m) => m.template === 'owner_inbox_waiting' && m.body[2]?.includes(phone))).toHaveLength(1);
    const mails = await app.db.selectFrom('outbox').selectAll().where('kind', '=', 'owner-inbox-waiting').execute();
    expect(mails.filter((m) => m.text_body.includes(phone))).toHaveLength(1);
    expect(mails[0]?.to_address).toBe(OWNER);
    expect(mails.find((m) => m.text_body.includes(phone))?.html_body).not.toContain('<script>');
  });
});

describe('shop hours', () => {
  const hours = { open: 10 * 60, close: 20 * 60 };
  it('counts a wait only inside the shop’s hours, India time', () => {
    // 19:50 IST to 10:20 IST the next day: 10 minutes before closing, 20 after opening.
    const from = Date.parse('2026-01-05T14:20:00Z');
    const to = Date.parse('2026-01-06T04:50:00Z');
    expect(shopHoursBetween(from, to, hours)).toBe(30 * 60_000);
    expect(shopHoursBetween(to, from, hours)).toBe(0);
  });
});
