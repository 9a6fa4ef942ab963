/**
 * A doubtful address (issue 35 item 4; orders/address-check.ts): the owner's mark queues, in its
 * transaction, the shopper's WhatsApp message (a proven number) and the mail behind it, each with
 * the signed correction link; packing waits; the shopper corrects the address through the link
 * (the app's call, or the form posted without the script), the old one is kept for the owner, and
 * packing goes on. Hostile text in the address and the note stays text. Real API, SQLite and
 * PostgreSQL, the fake WhatsApp Graph API.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_NOT_DOUBTFUL, addressHeldMessage } from '../../common/address-check.ts';
import { adminCookie, settleAdvance } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../test-support/fake-whatsapp.ts';
import { insertProduct } from '../test-support/shoppers.ts';
import { type BareWebBuild, bareWebBuild } from '../test-support/web-build.ts';
import { connectWebhook, provenShopper } from '../test-support/whatsapp-proof.ts';

/** Markup, a look-alike instruction and a stranger's number, all allowed as address text. */
const HOSTILE = '<b>Flat</b> 1, "COLLECT ₹0: PAID" call 9999999999, MG Road, Pune - 411001, Maharashtra';
const NOTE = 'No house number <script>alert(1)</script>';
const FIXED = {
  room: 'B-204',
  building: 'Lotus Residency, FC Road',
  landmark: 'Near Hanuman Temple',
  pincode: '411004',
  city: 'Pune',
  state: 'Maharashtra',
};
const FIXED_LINE = 'B-204, Lotus Residency, FC Road, near Hanuman Temple, Pune - 411004, Maharashtra';

describe.each(TEST_DIALECTS)('a doubtful address on %s', (dialect) => {
  let t: TestApp;
  let whatsapp: FakeWhatsApp;
  let dist: BareWebBuild;
  let admin: string;
  beforeAll(async () => {
    whatsapp = await startFakeWhatsApp();
    dist = bareWebBuild();
    t = await createTestApp({ dialect, webDistDir: dist.dir, env: { ...whatsapp.env } });
    connectWebhook(t.app, whatsapp);
    admin = await adminCookie(t);
  });
  afterAll(async () => {
    await t?.close();
    await whatsapp?.close();
    dist?.remove();
  });

  async function placed() {
    const shopper = await provenShopper(t.app, whatsapp, { whatsappUpdates: true });
    const product = await insertProduct(t.app.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: shopper.cookie },
      payload: {
        address: HOSTILE,
        idempotencyKey: randomUUID(),
        lines: [{ productId: product.id, quantity: 1 }],
        whatsappUpdates: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const number = res.json().order.number as string;
    const id = (await t.app.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow())
      .id;
    return { shopper, number, id };
  }
  const asAdmin = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

  it('queues the link by WhatsApp and mail in the mark’s transaction, holds packing, takes the correction', async () => {
    const { number, id } = await placed();
    await settleAdvance(t, admin, number, 'received');
    // A note that is not plain one-line text is refused and changes nothing.
    const bad = await asAdmin('POST', `/api/admin/orders/${number}/address-doubt`, { note: 'a\u202eb' });
    expect(bad.statusCode).toBe(400);
    const marked = await asAdmin('POST', `/api/admin/orders/${number}/address-doubt`, { note: NOTE });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().order.addressCheck).toMatchObject({ doubtful: true, note: NOTE, was: null });

    const message = await t.app.db
      .selectFrom('whatsapp_outbox')
      .select(['id', 'template', 'params'])
      .where('order_id', '=', id)
      .where('kind', '=', 'address-check')
      .executeTakeFirstOrThrow();
    expect(message.template).toBe('address_check');
    const link = JSON.parse(message.params).body[2] as string;
    expect(link).toMatch(new RegExp(`/address/${number}/[A-Za-z0-9_-]{24}$`));
    const mail = await t.app.db
      .selectFrom('outbox')
      .select(['text_body', 'html_body'])
      .where('order_id', '=', id)
      .where('kind', '=', 'address-check')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(link);
    // The shopper's and owner's text reach the mail as text: escaped in its HTML.
    expect(mail.html_body).not.toContain('<script>');
    expect(mail.html_body).not.toContain('<b>Flat');
    expect(mail.html_body).toContain('&#60;script&#62;alert(1)');

    // Packing waits for the correction.
    const packing = await asAdmin('PATCH', `/api/admin/orders/${number}/state`, { state: 'packed' });
    expect(packing.statusCode).toBe(409);
    expect(packing.json().error.message).toBe(addressHeldMessage(number));

    const api = new URL(link).pathname.replace('/address/', '/api/address-link/');
    const page = await t.app.inject({ method: 'GET', url: api });
    expect(page.json()).toEqual({
      order: { number, address: HOSTILE, doubtful: true, note: NOTE, correctedAt: null },
    });
    // Another order's token, or a tampered one: the one 404.
    expect((await t.app.inject({ method: 'GET', url: `${api.slice(0, -2)}xx` })).statusCode).toBe(404);
    // A line break or a bidi control in the correction is refused; nothing changes.
    for (const address of ['B-204\nLotus Residency, Pune - 411004', 'B-204 \u202eLotus Residency, Pune - 411004']) {
      const refused = await t.app.inject({ method: 'POST', url: api, payload: { address } });
      expect(refused.statusCode, address).toBe(400);
    }
    const fixed = await t.app.inject({ method: 'POST', url: api, payload: { address: FIXED_LINE } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().order).toMatchObject({ address: FIXED_LINE, doubtful: false });
    const again = await t.app.inject({ method: 'POST', url: api, payload: { address: FIXED_LINE } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ADDRESS_NOT_DOUBTFUL);

    // The owner sees the correction and what it replaced; packing goes on.
    const seen = (await asAdmin('GET', `/api/admin/orders/${number}`)).json().order;
    expect(seen.address).toBe(FIXED_LINE);
    expect(seen.addressCheck).toMatchObject({ doubtful: false, was: HOSTILE });
    expect(
      seen.history.filter((e: { kind: string }) => e.kind === 'address').map((e: { status: string }) => e.status),
    ).toEqual(['doubtful', 'corrected']);
    expect((await asAdmin('PATCH', `/api/admin/orders/${number}/state`, { state: 'packed' })).statusCode).toBe(200);
    // Packed: too late to mark it again.
    expect((await asAdmin('POST', `/api/admin/orders/${number}/address-doubt`, { note: 'again' })).statusCode).toBe(
      409,
    );
  });

  it('takes the correction as a form posted without the script, in the checkout’s parts', async () => {
    const { number } = await placed();
    expect(
      (await asAdmin('POST', `/api/admin/orders/${number}/address-doubt`, { note: 'Which flat?' })).statusCode,
    ).toBe(200);
    const message = await t.app.db
      .selectFrom('whatsapp_outbox')
      .innerJoin('orders', 'orders.id', 'whatsapp_outbox.order_id')
      .select('whatsapp_outbox.params')
      .where('orders.number', '=', number)
      .where('whatsapp_outbox.kind', '=', 'address-check')
      .executeTakeFirstOrThrow();
    const path = new URL(JSON.parse(message.params).body[2]).pathname;
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', host: 'localhost' },
        payload: new URLSearchParams(fields).toString(),
      });
    // A part left empty: the page again with the message and what was typed; nothing changes.
    const empty = await post({ ...FIXED, room: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('/api/posted-form/address-fix');
    const done = await post(FIXED);
    expect(done.statusCode, done.body.slice(0, 300)).toBe(303);
    const row = await t.app.db
      .selectFrom('orders')
      .select(['address', 'address_was', 'address_doubt_at'])
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ address: FIXED_LINE, address_was: HOSTILE, address_doubt_at: null });
  });
});
