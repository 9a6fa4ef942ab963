/**
 * Every advance settled through the real API on SQLite and PostgreSQL (issue 36 item 3; docs/product.md
 * "Every advance settled"): a cancelled order's advance refunded with its reference and date, a returned
 * parcel's advance kept under a case of the policy; Needs you counts what is still to settle; the shopper
 * reads it on Your Orders and /track and gets the message; the credit note shows what was paid and
 * refunded apart from its value; bad input is a 400 or 409 that changes nothing; the SQL form agrees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDay } from '../../common/india-time.ts';
import { REFUND_REFERENCE_MESSAGE } from '../../common/settlement.ts';
import { nowIso } from '../db/ids.ts';
import { advanceToSettleSql, settlementSql, settlementsOf } from '../orders/settlement-read.ts';
import { adminCookie, placeOrder, settleAdvance, settlementRowsOf } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { pdfText, squeezed } from '../test-support/pdf.ts';
import { insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import {
  KEEP_ALREADY_SETTLED,
  KEEP_NEEDS_RETURN,
  REFUND_AFTER_KEPT,
  REFUND_ALREADY_RECORDED,
  REFUND_DATE_FUTURE,
  REFUND_NEEDS_CLOSED,
  refundAbovePaid,
} from './record.ts';

const ENV = { SHOP_GSTIN: '27AAPFU0939F1ZV', COD_ADVANCE: '300' };
const TODAY = () => indiaDay(nowIso());

describe.each(TEST_DIALECTS)('every advance settled on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let asha: Shopper;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({ dialect, env: ENV });
    admin = await adminCookie(t);
    asha = await signUp(t.app, { name: 'Asha Rao', email: 'asha.settle@example.in' });
    productId = (await insertProduct(t.app.db, { price: 6000, discountPrice: 4999 })).id;
  });
  afterAll(() => t.close());

  const inject = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const refund = (number: string, body: object) => inject(admin, 'POST', `/api/admin/orders/${number}/refunds`, body);
  const keep = (number: string, reason: string) =>
    inject(admin, 'POST', `/api/admin/orders/${number}/advance-kept`, { reason });
  const stats = async () =>
    (await inject(admin, 'GET', '/api/admin/stats')).json().attention.advancesToSettle as number;
  const settlementRows = async (number: string) =>
    (await settlementRowsOf(t.app.db, number)).map(({ kind, amount_paise }) => ({ kind, amount_paise }));
  const mails = async (number: string, kind: string) =>
    t.app.db
      .selectFrom('outbox')
      .innerJoin('orders', 'orders.id', 'outbox.order_id')
      .select(['outbox.subject', 'outbox.text_body'])
      .where('orders.number', '=', number)
      .where('outbox.kind', '=', kind)
      .execute();

  /** A ₹4,999 order with its ₹300 advance received. */
  async function paidOrder(): Promise<string> {
    const number = await placeOrder(t, asha.cookie, productId);
    await settleAdvance(t, admin, number, 'received');
    return number;
  }

  /** A paid order dispatched with the manual courier, whose parcel came back and was received back. */
  async function returnedOrder(): Promise<string> {
    const number = await paidOrder();
    const awb = `SET${number.replace(/\D/g, '')}${Math.floor(Math.random() * 1e6)}`;
    expect(
      (await inject(admin, 'PUT', `/api/admin/orders/${number}/shipment`, { courierName: 'Delhivery', awb }))
        .statusCode,
    ).toBe(200);
    for (const step of ['picked_up', 'rto_initiated', 'rto_delivered']) {
      const res = await inject(admin, 'POST', `/api/admin/orders/${number}/shipment/step`, { step });
      expect(res.statusCode, res.body).toBe(200);
    }
    const back = await inject(admin, 'POST', `/api/admin/orders/${number}/shipment/received-back`);
    expect(back.statusCode, back.body).toBe(200);
    return number;
  }

  it('refunds a cancelled order’s advance with its reference and date, and tells the shopper', async () => {
    const before = await stats();
    const number = await paidOrder();
    // Not closed yet: nothing to refund.
    const early = await refund(number, {
      amount: '300',
      reference: '412345678901',
      paidOn: TODAY(),
      reason: 'cancelled',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(REFUND_NEEDS_CLOSED);
    expect((await inject(admin, 'PATCH', `/api/admin/orders/${number}/state`, { state: 'cancelled' })).statusCode).toBe(
      200,
    );
    expect(await stats()).toBe(before + 1);
    const listed = await inject(admin, 'GET', '/api/admin/orders?settle=todo');
    expect(listed.json().items.map((o: { number: string }) => o.number)).toContain(number);
    // Kept is only for a parcel that left and came back: a cancellation before dispatch is refunded.
    const kept = await keep(number, 'refused-at-door');
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error.message).toBe(KEEP_NEEDS_RETURN);

    // Bad input: a clear 400 naming the field, and nothing recorded.
    const tomorrow = indiaDay(new Date(Date.now() + 2 * 86_400_000));
    const bad = [
      [{ amount: 'three hundred', reference: '412345678901', paidOn: TODAY(), reason: 'cancelled' }, 'amount'],
      [{ amount: '300', reference: '4123\n45678901', paidOn: TODAY(), reason: 'cancelled' }, 'reference'],
      [{ amount: '300', reference: '\u202E412345678901', paidOn: TODAY(), reason: 'cancelled' }, 'reference'],
      [
        { amount: '300', reference: '412345678901', paidOn: TODAY(), reason: 'Refund due: visit evil.example' },
        'reason',
      ],
      [{ amount: '300', reference: '412345678901', paidOn: tomorrow, reason: 'cancelled' }, 'paidOn'],
      [{ amount: '0', reference: '412345678901', paidOn: TODAY(), reason: 'cancelled' }, 'amount'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await refund(number, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields?.[field] ?? res.json().error.message, field).toBeTruthy();
    }
    expect((await refund(number, bad[1][0])).json().error.fields.reference).toBe(REFUND_REFERENCE_MESSAGE);
    expect((await refund(number, bad[4][0])).json().error.message).toBe(REFUND_DATE_FUTURE);
    // More than the buyer paid: a cancelled order's buyer paid its ₹300 advance, not its ₹4,999 total.
    for (const amount of ['5000', '300.01']) {
      const above = await refund(number, { amount, reference: '412345678901', paidOn: TODAY(), reason: 'cancelled' });
      expect(above.statusCode, amount).toBe(409);
      expect(above.json().error.message).toBe(refundAbovePaid(30_000, 0));
    }
    expect(await settlementRows(number)).toEqual([]);

    const done = await refund(number, {
      amount: '300',
      reference: '412345678901',
      paidOn: TODAY(),
      reason: 'cancelled',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().order.settlement).toMatchObject({
      state: 'refunded',
      advancePaise: 30_000,
      refundedPaise: 30_000,
    });
    expect(await stats()).toBe(before);
    // A second click with the same reference records nothing more.
    const again = await refund(number, {
      amount: '300',
      reference: '412345678901',
      paidOn: TODAY(),
      reason: 'cancelled',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REFUND_ALREADY_RECORDED);
    expect(await settlementRows(number)).toHaveLength(1);
    // Refunded in full: another reference, even of one paisa, is more than was paid.
    const more = await refund(number, {
      amount: '0.01',
      reference: '412345678999',
      paidOn: TODAY(),
      reason: 'cancelled',
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toBe(refundAbovePaid(30_000, 30_000));
    expect(await settlementRows(number)).toHaveLength(1);

    // The shopper reads it on Your Orders and gets the mail (no proven WhatsApp number here).
    const mine = (await inject(asha.cookie, 'GET', `/api/orders/${number}`)).json().order;
    expect(mine.settlement).toMatchObject({
      state: 'refunded',
      refunds: [{ amountPaise: 30_000, reference: '412345678901', reason: 'cancelled' }],
    });
    const [mail] = await mails(number, 'refund-recorded');
    expect(mail?.subject).toBe(`A refund for your order ${number} - Time Square Watches`);
    expect(mail?.text_body).toContain('Refunded ₹300.00 on');
    expect(mail?.text_body).toContain('reference 412345678901');
  });

  it('keeps a returned parcel’s advance under the policy’s case, once, and the credit note says what was paid', async () => {
    const before = await stats();
    const number = await returnedOrder();
    expect(await stats()).toBe(before + 1);
    const bad = await keep(number, 'because I say so');
    expect(bad.statusCode).toBe(400);
    const kept = await keep(number, 'refused-at-door');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().order.settlement).toMatchObject({
      state: 'kept',
      keptPaise: 30_000,
      keptReason: 'refused-at-door',
    });
    expect(await stats()).toBe(before);
    expect((await keep(number, 'not-reachable')).json().error.message).toBe(KEEP_ALREADY_SETTLED);
    const after = await refund(number, {
      amount: '300',
      reference: '412345678902',
      paidOn: TODAY(),
      reason: 'returned',
    });
    expect(after.json().error.message).toBe(REFUND_AFTER_KEPT);
    expect(await settlementRows(number)).toEqual([{ kind: 'kept', amount_paise: 30_000 }]);

    const track = await t.app.inject({
      method: 'GET',
      url: `/api/track?order=${number}&phone=${asha.number}`,
    });
    expect(track.json().settlement).toMatchObject({ state: 'kept', keptReason: 'refused-at-door' });
    const [mail] = await mails(number, 'advance-kept');
    expect(mail?.text_body).toContain('Your ₹300.00 advance was kept: the parcel was refused at the door');

    // The credit note: its value is the invoice reversed; apart, what the buyer paid (₹300, not ₹4,999).
    const pdf = await inject(admin, 'GET', `/api/admin/orders/${number}/credit-note.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = squeezed(await pdfText(pdf.rawPayload));
    expect(text).toContain('Total credited ₹4,999.00');
    expect(text).toContain('Advance paid by the buyer ₹300.00');
    expect(text).toContain('Cash collected on delivery ₹0.00');
    expect(text).toContain('Refunded to the buyer ₹0.00');
    expect(text).toContain('Advance kept by the shop ₹300.00');
    expect(text).toContain('Advance kept: the parcel was refused at the door');
    expect(text).not.toContain('credited to the buyer');
  });

  it('refuses to keep the advance of an order the shop called back after dispatch', async () => {
    const number = await paidOrder();
    const awb = `CAL${number.replace(/\D/g, '')}${Math.floor(Math.random() * 1e6)}`;
    const put = await inject(admin, 'PUT', `/api/admin/orders/${number}/shipment`, { courierName: 'Delhivery', awb });
    expect(put.statusCode, put.body).toBe(200);
    const picked = await inject(admin, 'POST', `/api/admin/orders/${number}/shipment/step`, { step: 'picked_up' });
    expect(picked.statusCode, picked.body).toBe(200);
    const cancel = await inject(admin, 'PATCH', `/api/admin/orders/${number}/state`, { state: 'cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const kept = await keep(number, 'refused-at-door');
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error.message).toBe(KEEP_NEEDS_RETURN);
    expect(await settlementRows(number)).toEqual([]);
    const done = await refund(number, {
      amount: '300',
      reference: 'CALLBACK0001',
      paidOn: TODAY(),
      reason: 'cancelled',
    });
    expect(done.statusCode, done.body).toBe(200);
    // Its credit note (the invoice cancelled after dispatch) prints the refund with its reference.
    const pdf = await inject(asha.cookie, 'GET', `/api/orders/${number}/credit-note.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = squeezed(await pdfText(pdf.rawPayload));
    expect(text).toContain('Refunded to the buyer ₹300.00');
    expect(text).toContain('reference CALLBACK0001 (order cancelled)');
  });

  it('refunds a returned parcel’s advance instead, and the credit note prints the refund', async () => {
    const number = await returnedOrder();
    const done = await refund(number, {
      amount: '300.00',
      reference: 'n12345678901234x',
      paidOn: TODAY(),
      reason: 'returned',
    });
    expect(done.statusCode, done.body).toBe(200);
    const pdf = await inject(asha.cookie, 'GET', `/api/orders/${number}/credit-note.pdf`);
    const text = squeezed(await pdfText(pdf.rawPayload));
    expect(text).toContain('Refunded to the buyer ₹300.00');
    expect(text).toContain('reference N12345678901234X (parcel came back to us)');
    expect(text).not.toContain('Advance kept by the shop');
  });

  it('sums in SQL what it reads order by order', async () => {
    const rows = await t.app.db.selectFrom('orders').selectAll().execute();
    const read = await settlementsOf(t.app.db, rows);
    const s = settlementSql('o');
    const sqlRows = await t.app.db
      .selectFrom('orders as o')
      .select(['o.id', s.refunded.as('refunded'), s.kept.as('kept'), advanceToSettleSql('o').as('unsettled')])
      .execute();
    expect(sqlRows.length).toBeGreaterThanOrEqual(3);
    for (const r of sqlRows) {
      const one = read.get(r.id) ?? null;
      expect(Number(r.refunded)).toBe(one?.refundedPaise ?? 0);
      expect(Number(r.kept)).toBe(one?.keptPaise ?? 0);
      expect(Boolean(Number(r.unsettled))).toBe(one?.state === 'to-settle');
    }
  });
});
