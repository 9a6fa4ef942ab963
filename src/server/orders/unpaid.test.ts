/**
 * Unpaid orders (issue 26 item 2, docs/product.md#unpaid-orders): at most 3 open unpaid orders per
 * shopper, and an order whose advance never came expires after UNPAID_ORDER_HOURS with its stock
 * returned and the shopper told, exactly once even with two app processes. Unpaid means not proven
 * (issue 34 item 2): a made-up UPI reference neither frees a place under the cap nor keeps the
 * order from expiring, and references are limited per order and per account. Real API, real
 * databases (SQLite, and PostgreSQL when TEST_DATABASE_URL is set).
 */

import { spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UNPAID_ORDERS_MAX } from '../../common/constants.ts';
import { adminCookie, settleAdvance } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DATABASE_URL, TEST_DIALECTS } from '../test-support/databases.ts';
import { ADDRESS, insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { MAX_ACCOUNT_REFERENCES, MAX_REFERENCES, TOO_MANY_ACCOUNT_REFERENCES } from './advance.ts';
import {
  countUnpaidOrders,
  expiredNote,
  expireUnpaidOrders,
  remindUnpaidOrders,
  tooManyUnpaid,
  unfoundNote,
  unpaidCountQuery,
} from './unpaid.ts';

const HOUR = 3_600_000;
/** A made-up UPI reference, as the probe typed: any 12 digits. */
const madeUpUtr = () => `${randomInt(1e5, 1e6)}${randomInt(1e5, 1e6)}`;

describe.each(TEST_DIALECTS)('unpaid orders on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { UNPAID_ORDER_HOURS: '48', UNPAID_UTR_GRACE_HOURS: '24' } });
    admin = await adminCookie(t);
  });
  afterAll(async () => t.close());
  let admin: string;

  async function countedProduct(stock: number) {
    const p = await insertProduct(t.app.db);
    await t.app.db.updateTable('products').set({ stock_count: stock }).where('id', '=', p.id).execute();
    return p.id;
  }
  const stockOf = async (id: string) =>
    Number(
      (await t.app.db.selectFrom('products').select('stock_count').where('id', '=', id).executeTakeFirstOrThrow())
        .stock_count,
    );
  const order = (app: TestApp['app'], s: Shopper, productId: string, quantity = 1) =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: s.cookie },
      payload: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId, quantity }] },
    });
  const row = (number: string) =>
    t.app.db
      .selectFrom('orders')
      .select(['id', 'status', 'advance_state'])
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
  const sendUtr = (s: Shopper, number: string, utr = madeUpUtr()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${number}/advance`,
      headers: { cookie: s.cookie },
      payload: { utr },
    });
  const cancelledNote = async (number: string) =>
    (
      await t.app.db
        .selectFrom('order_events')
        .innerJoin('orders', 'orders.id', 'order_events.order_id')
        .select('order_events.note')
        .where('orders.number', '=', number)
        .where('order_events.status', '=', 'cancelled')
        .executeTakeFirstOrThrow()
    ).note;

  it(`refuses a ${DEFAULT_UNPAID_ORDERS_MAX + 1}th unpaid order with a clear message, and takes it once one is paid`, async () => {
    const s = await signUp(t.app);
    const productId = await countedProduct(20);
    const numbers: string[] = [];
    for (let i = 0; i < DEFAULT_UNPAID_ORDERS_MAX; i++) {
      const res = await order(t.app, s, productId);
      expect(res.statusCode).toBe(201);
      numbers.push(res.json().order.number);
    }
    const refused = await order(t.app, s, productId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'too_many_unpaid',
      message: tooManyUnpaid(DEFAULT_UNPAID_ORDERS_MAX),
    });
    expect(await stockOf(productId)).toBe(20 - DEFAULT_UNPAID_ORDERS_MAX);
    // A reference sent proves nothing yet (issue 34 item 2): the order still holds its place.
    expect((await sendUtr(s, numbers[0]!)).statusCode).toBe(200);
    expect((await order(t.app, s, productId)).statusCode).toBe(409);
    // Found by the owner, it is paid: a new order may be placed.
    await settleAdvance(t, admin, numbers[0]!, 'received');
    expect((await order(t.app, s, productId)).statusCode).toBe(201);
  });

  it('counts a shopper’s unpaid orders through its own indexes, up to the cap, never the shop’s open orders', async () => {
    // Issue 39: `user_id = ? or user_phone = ?` made SQLite read every open order of the shop
    // (orders_status) on each order placed. Others' unpaid orders are here so that plan would show.
    for (let i = 0; i < 3; i++) await order(t.app, await signUp(t.app), await countedProduct(5));
    const s = await signUp(t.app);
    const productId = await countedProduct(5);
    for (let i = 0; i < DEFAULT_UNPAID_ORDERS_MAX; i++) expect((await order(t.app, s, productId)).statusCode).toBe(201);
    const { id, number: phone } = s;
    await t.app.db.transaction().execute(async (trx) => {
      expect(await countUnpaidOrders(trx, id, phone, 10)).toBe(DEFAULT_UNPAID_ORDERS_MAX);
      expect(await countUnpaidOrders(trx, id, phone, 2)).toBe(2);
      expect(await countUnpaidOrders(trx, 'someone-else', phone, 10)).toBe(DEFAULT_UNPAID_ORDERS_MAX);
    });
    const query = unpaidCountQuery(t.app.db, id, phone, 3).compile();
    // Each side reads at most the cap's worth of rows, however long the shopper's history.
    expect(query.sql.match(/ limit /g)).toHaveLength(2);
    if (dialect === 'sqlite') {
      // The query as the store sends it, its parameters bound, planned by SQLite.
      const details = (await t.app.db.executeQuery({ ...query, sql: `explain query plan ${query.sql}` }))
        .rows as Array<{
        detail: string;
      }>;
      const text = details.map((d) => d.detail).join(' | ');
      expect(text).toContain('USING INDEX orders_user_unpaid (user_id=? AND advance_state=? AND status=?)');
      expect(text).toContain('USING INDEX orders_phone_unpaid (user_phone=? AND advance_state=? AND status=?)');
      expect(text).not.toMatch(/orders_status|SCAN orders/);
    } else {
      const rows = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where tablename = 'orders'`.execute(t.app.db);
      expect(rows.rows.map((r) => r.indexname)).toEqual(
        expect.arrayContaining(['orders_user_unpaid', 'orders_phone_unpaid']),
      );
    }
  });

  it('holds the probe’s account to the cap: five orders of two watches, each with a made-up reference', async () => {
    const s = await signUp(t.app);
    const productId = await countedProduct(20);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await order(t.app, s, productId, 2);
      answers.push(res.statusCode);
      if (res.statusCode === 201) expect((await sendUtr(s, res.json().order.number)).statusCode).toBe(200);
      else expect(res.json().error.code).toBe('too_many_unpaid');
    }
    expect(answers).toEqual([201, 201, 201, 409, 409]);
    expect(await stockOf(productId)).toBe(20 - 2 * DEFAULT_UNPAID_ORDERS_MAX);
  });

  it('keeps an order unpaid when a new made-up reference follows one the owner refused', async () => {
    const s = await signUp(t.app);
    const productId = await countedProduct(10);
    const first: string = (await order(t.app, s, productId, 2)).json().order.number;
    expect((await sendUtr(s, first)).statusCode).toBe(200);
    await settleAdvance(t, admin, first, 'refused', 'Not in the bank account');
    expect((await sendUtr(s, first)).statusCode).toBe(200);
    expect((await row(first)).advance_state).toBe('submitted');
    for (let i = 1; i < DEFAULT_UNPAID_ORDERS_MAX; i++) expect((await order(t.app, s, productId)).statusCode).toBe(201);
    expect((await order(t.app, s, productId)).statusCode).toBe(409);
    // Never found: it expires at the end of the grace like any unpaid order, and its watches return.
    expect(await expireUnpaidOrders(t.app.db, t.config, Date.now() + 73 * HOUR)).toContain(first);
    expect((await row(first)).status).toBe('cancelled');
    expect(await cancelledNote(first)).toBe(unfoundNote(72));
    // The shopper's other orders (nothing sent) expired with it: every watch is back.
    expect(await stockOf(productId)).toBe(10);
  });

  it('limits references per order and per account with a clear 429, changing nothing', async () => {
    const s = await signUp(t.app);
    const productId = await countedProduct(10);
    const numbers: string[] = [];
    for (let i = 0; i < DEFAULT_UNPAID_ORDERS_MAX; i++)
      numbers.push((await order(t.app, s, productId)).json().order.number);
    let sent = 0;
    for (const number of numbers) {
      for (let i = 0; i < MAX_REFERENCES && sent < MAX_ACCOUNT_REFERENCES; i++, sent++) {
        expect((await sendUtr(s, number)).statusCode).toBe(200);
      }
    }
    const last = numbers.at(-1)!;
    const before = await row(last);
    const refused = await sendUtr(s, last);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'too_many_references', message: TOO_MANY_ACCOUNT_REFERENCES });
    expect(await row(last)).toEqual(before);
  });

  it('expires an order whose reference was never found: listed for the owner after UNPAID_ORDER_HOURS, cancelled after the grace', async () => {
    const s = await signUp(t.app);
    const productId = await countedProduct(4);
    const unfound: string = (await order(t.app, s, productId, 2)).json().order.number;
    const found: string = (await order(t.app, s, productId, 2)).json().order.number;
    expect((await sendUtr(s, unfound)).statusCode).toBe(200);
    expect((await sendUtr(s, found)).statusCode).toBe(200);
    await settleAdvance(t, admin, found, 'received');
    const unfoundCount = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin } })).json().attention
        .advancesUnfound as number;
    const listed = await unfoundCount();
    // 49 hours on (the order placed that long ago): back before the owner, not expired yet.
    await t.app.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 49 * HOUR).toISOString() })
      .where('number', 'in', [unfound, found])
      .execute();
    expect(await unfoundCount()).toBe(listed + 1);
    expect(await expireUnpaidOrders(t.app.db, t.config)).not.toContain(unfound);
    expect(await remindUnpaidOrders(t.app.db, t.config)).not.toContain(unfound);
    expect((await row(unfound)).status).toBe('ordered');
    // 73 hours: the grace is over.
    const expired = await expireUnpaidOrders(t.app.db, t.config, Date.now() + 24 * HOUR);
    expect(expired).toContain(unfound);
    expect(expired).not.toContain(found);
    expect(await cancelledNote(unfound)).toBe(unfoundNote(72));
    expect((await row(found)).status).toBe('ordered');
    expect(await stockOf(productId)).toBe(2);
    expect(await unfoundCount()).toBe(listed);
  });

  it('expires an unpaid order after UNPAID_ORDER_HOURS: cancelled, stock back for everyone, the shopper told', async () => {
    const s = await signUp(t.app);
    const hoarded = await countedProduct(5);
    const placed = await order(t.app, s, hoarded, 5);
    expect(placed.statusCode).toBe(201);
    const number: string = placed.json().order.number;
    expect(await stockOf(hoarded)).toBe(0);

    // Not yet: 47 hours on.
    expect(await expireUnpaidOrders(t.app.db, t.config, Date.now() + 47 * HOUR)).not.toContain(number);
    expect((await row(number)).status).toBe('ordered');

    const expired = await expireUnpaidOrders(t.app.db, t.config, Date.now() + 49 * HOUR);
    expect(expired).toContain(number);
    const after = await row(number);
    expect(after.status).toBe('cancelled');
    expect(await stockOf(hoarded)).toBe(5);
    const event = await t.app.db
      .selectFrom('order_events')
      .select(['status', 'admin_id', 'note'])
      .where('order_id', '=', after.id)
      .where('status', '=', 'cancelled')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ status: 'cancelled', admin_id: null, note: expiredNote(48) });
    const mail = await t.app.db
      .selectFrom('outbox')
      .select(['kind', 'to_address', 'subject'])
      .where('order_id', '=', after.id)
      .where('kind', '=', 'expired')
      .execute();
    expect(mail).toEqual([
      {
        kind: 'expired',
        to_address: 'asha@example.com',
        subject: expect.stringContaining(`Your order ${number} was cancelled: the advance was not paid`),
      },
    ]);
    // Running again changes nothing.
    expect(await expireUnpaidOrders(t.app.db, t.config, Date.now() + 49 * HOUR)).not.toContain(number);
    expect(await stockOf(hoarded)).toBe(5);
  });

  it('never expires an order whose advance was received or waived; a sent reference gets the grace', async () => {
    const s = await signUp(t.app);
    const productId = await countedProduct(10);
    const numbers = [];
    for (let i = 0; i < 3; i++) numbers.push((await order(t.app, s, productId)).json().order.number as string);
    await t.app.db
      .updateTable('orders')
      .set({ advance_state: 'submitted' })
      .where('number', '=', numbers[0]!)
      .execute();
    await t.app.db.updateTable('orders').set({ advance_state: 'received' }).where('number', '=', numbers[1]!).execute();
    await t.app.db.updateTable('orders').set({ advance_state: 'waived' }).where('number', '=', numbers[2]!).execute();
    expect(await expireUnpaidOrders(t.app.db, t.config, Date.now() + 49 * HOUR)).not.toContain(numbers[0]);
    const expired = await expireUnpaidOrders(t.app.db, t.config, Date.now() + 100 * HOUR);
    expect(expired).toContain(numbers[0]);
    for (const n of numbers.slice(1)) {
      expect(expired).not.toContain(n);
      expect((await row(n)).status).toBe('ordered');
    }
  });

  it('expires each order once with two app processes running the expiry at the same moment', async () => {
    const productId = await countedProduct(40);
    const numbers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await signUp(t.app);
      for (let j = 0; j < 3; j++) numbers.push((await order(t.app, s, productId, 2)).json().order.number);
    }
    expect(await stockOf(productId)).toBe(40 - 24);
    const later = Date.now() + 49 * HOUR;
    const job = {
      ...(dialect === 'postgres'
        ? { databaseUrl: TEST_DATABASE_URL, schema: t.database.schema }
        : { sqlitePath: join(t.database.dataDir, 'store.sqlite') }),
      env: { DATA_DIR: t.database.dataDir, UNPAID_ORDER_HOURS: '48' },
      now: later,
    };
    const other = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../test-support/expire-process.ts'), JSON.stringify(job)],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const lines = createInterface({ input: other.stdout! })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('ready');
    // Both processes run the expiry together.
    other.stdin!.write('go\n');
    const a = await expireUnpaidOrders(t.app.db, t.config, later);
    const b = JSON.parse((await lines.next()).value as string) as string[];
    await once(other, 'exit');
    {
      const mine = numbers.filter((n) => a.includes(n) || b.includes(n));
      expect(mine.sort()).toEqual([...numbers].sort());
      expect(a.filter((n) => b.includes(n))).toEqual([]);
      expect(await stockOf(productId)).toBe(40);
      const ids = (await t.app.db.selectFrom('orders').select('id').where('number', 'in', numbers).execute()).map(
        (r) => r.id,
      );
      const mails = await t.app.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', 'in', ids)
        .where('kind', '=', 'expired')
        .executeTakeFirstOrThrow();
      expect(Number(mails.n)).toBe(numbers.length);
    }
  });
});

describe.each(TEST_DIALECTS)('the reminder before an unpaid order expires, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { UNPAID_ORDER_HOURS: '48' } });
  });
  afterAll(async () => t.close());

  const place = async (s: Shopper, productId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: s.cookie },
      payload: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId, quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const number = res.json().order.number as string;
    const { id } = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    return { id, number };
  };
  const reminders = async (orderIds: string[]) =>
    t.app.db
      .selectFrom('outbox')
      .select(['order_id', 'to_address', 'subject', 'text_body'])
      .where('order_id', 'in', orderIds)
      .where('kind', '=', 'unpaid-reminder')
      .execute();

  it('goes once, when two thirds of UNPAID_ORDER_HOURS have passed, telling when the order expires', async () => {
    const s = await signUp(t.app);
    const product = await insertProduct(t.app.db);
    const order = await place(s, product.id);
    // 31 hours on: a third of the 48 is still more than 16 hours away.
    expect(await remindUnpaidOrders(t.app.db, t.config, Date.now() + 31 * HOUR)).not.toContain(order.number);
    const at = Date.now() + 33 * HOUR;
    expect(await remindUnpaidOrders(t.app.db, t.config, at)).toContain(order.number);
    expect(await remindUnpaidOrders(t.app.db, t.config, at + HOUR)).not.toContain(order.number);
    const mails = await reminders([order.id]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: 'asha@example.com',
      subject: expect.stringContaining(`Your order ${order.number} is waiting for its ₹300 advance`),
    });
    expect(mails[0]?.text_body).toContain('If it is not paid by ');
    expect(mails[0]?.text_body).toContain(' IST, the order will be cancelled');
  });

  it('never reminds an order whose reference was sent, or one already expired', async () => {
    const s = await signUp(t.app);
    const product = await insertProduct(t.app.db);
    const sent = await place(s, product.id);
    await t.app.db.updateTable('orders').set({ advance_state: 'submitted' }).where('id', '=', sent.id).execute();
    const late = await place(s, product.id);
    // Past the 48 hours (the expiry tells the shopper itself), and one with its reference sent.
    expect(await remindUnpaidOrders(t.app.db, t.config, Date.now() + 49 * HOUR)).not.toContain(late.number);
    expect(await remindUnpaidOrders(t.app.db, t.config, Date.now() + 40 * HOUR)).not.toContain(sent.number);
    expect(await reminders([sent.id])).toEqual([]);
  });

  it('reminds each order once with two app processes sweeping at the same moment', async () => {
    const product = await insertProduct(t.app.db);
    const ids: string[] = [];
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await signUp(t.app);
      for (let j = 0; j < 3; j++) {
        const o = await place(s, product.id);
        ids.push(o.id);
        numbers.push(o.number);
      }
    }
    const later = Date.now() + 40 * HOUR;
    const job = {
      ...(dialect === 'postgres'
        ? { databaseUrl: TEST_DATABASE_URL, schema: t.database.schema }
        : { sqlitePath: join(t.database.dataDir, 'store.sqlite') }),
      env: { DATA_DIR: t.database.dataDir, UNPAID_ORDER_HOURS: '48' },
      now: later,
      task: 'remind',
    };
    const other = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../test-support/expire-process.ts'), JSON.stringify(job)],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: other.stdout! })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('ready');
    other.stdin!.write('go\n');
    const a = await remindUnpaidOrders(t.app.db, t.config, later);
    const b = JSON.parse((await lines.next()).value as string) as string[];
    await once(other, 'exit');
    const mine = numbers.filter((n) => a.includes(n) || b.includes(n));
    expect(mine.sort()).toEqual([...numbers].sort());
    expect(a.filter((n) => b.includes(n))).toEqual([]);
    const mails = await reminders(ids);
    expect(mails.map((m) => m.order_id).sort()).toEqual([...ids].sort());
    // A second process started with tsx: slow on a busy machine.
  }, 120_000);
});

describe('unpaid orders without an advance (COD_ADVANCE=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { COD_ADVANCE: '0' } });
  });
  afterAll(async () => t.close());

  it('neither caps nor expires orders', async () => {
    const s = await signUp(t.app);
    const p = await insertProduct(t.app.db);
    const numbers: string[] = [];
    for (let i = 0; i < DEFAULT_UNPAID_ORDERS_MAX + 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: s.cookie },
        payload: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: p.id, quantity: 1 }] },
      });
      expect(res.statusCode).toBe(201);
      numbers.push(res.json().order.number);
    }
    expect(await expireUnpaidOrders(t.app.db, t.config, Date.now() + 1000 * HOUR)).toEqual([]);
  });
});
