/**
 * Credit notes (docs/product.md#the-books-credit-notes-and-gstr-1): an invoiced order that is cancelled
 * gets one, in the cancellation's transaction, from its own consecutive series per financial year;
 * an order never invoiced gets none; never two for one order; a credited order cannot go out again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOrderState } from '../orders/order-changes.ts';
import { adminCookie, createProduct, placeOrder, settleAdvance, shopper } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { formatCreditNoteNumber } from './credit-note-series.ts';
import { issueCreditNote } from './credit-notes.ts';
import { financialYear } from './series.ts';

const ENV = { SHOP_GSTIN: '27AAPFU0939F1ZV', SHOP_ORDER_PREFIX: 'TSW' };

describe('the credit note number', () => {
  it('fits the 16 characters of CGST Rule 53(1A)(b) and never reads like an invoice number', () => {
    expect(formatCreditNoteNumber('TSW', '25-26', 1)).toBe('TSWCN/2526/00001');
    expect(formatCreditNoteNumber('TSW', '25-26', 99_999)).toHaveLength(16);
    expect(formatCreditNoteNumber('T', '99-00', 7)).toBe('TCN/9900/00007');
  });
});

describe.each(TEST_DIALECTS)('credit notes on %s', (dialect) => {
  let t: TestApp;
  let adminId: string;
  let cookie: string;
  let productId: string;
  let buyer: Awaited<ReturnType<typeof shopper>>;
  const year = financialYear(new Date().toISOString()).replace('-', '');

  beforeAll(async () => {
    t = await createTestApp({ dialect, env: ENV });
    cookie = await adminCookie(t, 'cn-admin');
    adminId = (
      await t.app.db.selectFrom('admins').select('id').where('username', '=', 'cn-admin').executeTakeFirstOrThrow()
    ).id;
    buyer = await shopper(t);
    productId = await createProduct(t, cookie);
  });
  afterAll(() => t.close());

  async function dispatchedOrders(n: number): Promise<string[]> {
    const numbers = [];
    for (let i = 0; i < n; i++) {
      const number = await placeOrder(t, buyer.cookie, productId);
      await settleAdvance(t, cookie, number, 'received');
      await setOrderState(t.app.db, t.config, number, 'dispatched', adminId);
      numbers.push(number);
    }
    return numbers;
  }

  const creditNoteOf = (orderNumber: string) =>
    t.app.db
      .selectFrom('credit_notes')
      .innerJoin('orders', 'orders.id', 'credit_notes.order_id')
      .select(['credit_notes.number', 'credit_notes.reason', 'credit_notes.issued_at', 'orders.invoice_number'])
      .where('orders.number', '=', orderNumber)
      .executeTakeFirst();

  it('gives none when an order never invoiced is cancelled', async () => {
    const number = await placeOrder(t, buyer.cookie, productId);
    await setOrderState(t.app.db, t.config, number, 'cancelled', adminId);
    expect(await creditNoteOf(number)).toBeUndefined();
    const order = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    expect(
      await t.app.db.transaction().execute((trx) => issueCreditNote(trx, t.config.invoice, order.id, 'returned')),
    ).toBeNull();
  });

  it('gives a dispatched order that is cancelled its credit note, once, and keeps its invoice', async () => {
    const [number] = await dispatchedOrders(1);
    await setOrderState(t.app.db, t.config, number!, 'cancelled', adminId);
    const note = await creditNoteOf(number!);
    expect(note).toMatchObject({ number: `TSWCN/${year}/00001`, reason: 'cancelled' });
    expect(note!.invoice_number).toMatch(/^TSW\/\d\d-\d\d\/\d{6}$/);
    // Cancelling again, or a return for the same order, answers the same credit note.
    await setOrderState(t.app.db, t.config, number!, 'cancelled', adminId);
    const order = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('number', '=', number!)
      .executeTakeFirstOrThrow();
    const again = await t.app.db
      .transaction()
      .execute((trx) => issueCreditNote(trx, t.config.invoice, order.id, 'returned'));
    expect(again).toBe(`TSWCN/${year}/00001`);
    const count = await t.app.db
      .selectFrom('credit_notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses to send a credited order out again', async () => {
    const [number] = await dispatchedOrders(1);
    await setOrderState(t.app.db, t.config, number!, 'cancelled', adminId);
    await expect(setOrderState(t.app.db, t.config, number!, 'ordered', adminId)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('credit note'),
    });
  });

  it('gives a number back when the change rolls back: the series keeps no gap', async () => {
    const [number] = await dispatchedOrders(1);
    const order = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('number', '=', number!)
      .executeTakeFirstOrThrow();
    const before = await t.app.db
      .selectFrom('counters')
      .select('value')
      .where('key', '=', `credit-note:${financialYear(new Date().toISOString())}`)
      .executeTakeFirstOrThrow();
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await issueCreditNote(trx, t.config.invoice, order.id, 'returned');
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    const after = await t.app.db
      .selectFrom('counters')
      .select('value')
      .where('key', '=', `credit-note:${financialYear(new Date().toISOString())}`)
      .executeTakeFirstOrThrow();
    expect(Number(after.value)).toBe(Number(before.value));
    expect(await creditNoteOf(number!)).toBeUndefined();
  });

  it('gives racing cancellations consecutive numbers, none twice', async () => {
    const numbers = await dispatchedOrders(10);
    const taken = await t.app.db.selectFrom('credit_notes').select('number').execute();
    const answers = await Promise.allSettled(
      numbers.map((n) => setOrderState(t.app.db, t.config, n, 'cancelled', adminId)),
    );
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
    const notes = await Promise.all(numbers.map(creditNoteOf));
    const serials = notes.map((n) => Number(n!.number.split('/')[2])).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 10 }, (_, i) => taken.length + i + 1));
  });
});
