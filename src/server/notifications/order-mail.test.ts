/**
 * What each order mail says and to whom, from real order rows; one of them
 * through the real SMTP path; and the owner's "new order" mail from a real
 * checkout (POST /api/orders).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../db/group-commit.ts';
import { newId } from '../db/ids.ts';
import type { Db, OutboxRow } from '../db/tables.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/databases.ts';
import { mailApp, OWNER, until } from '../test-support/mail-app.ts';
import { ADDRESS, insertProduct, signUp } from '../test-support/shoppers.ts';
import { startTestSmtp, type TestSmtp } from '../test-support/smtp.ts';
import { type OrderMailKind, queueOrderMail } from './order-mail.ts';

const PLACED = '2026-03-12T10:35:00.000Z'; // 4:05 pm in India
const SHOPPER_EMAIL = 'asha.rao@example.in';

let orderCounter = 0;
let utrCounter = 0;
/** A fresh 12-digit UPI reference (they are unique across orders). */
const newUtr = () => `4${String(process.pid % 1000).padStart(3, '0')}${String(++utrCounter).padStart(8, '0')}`;

async function insertShopper(db: Db, email: string): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      name: 'Asha <b>Rao</b>',
      phone: `7${String(process.pid % 10_000).padStart(4, '0')}${String(++orderCounter).padStart(5, '0')}`,
      email,
      addresses: '[]',
      password_hash: 'x',
      created_at: PLACED,
      updated_at: PLACED,
    })
    .execute();
  return id;
}

/** An order of ₹1,23,500: 2 × ₹61,000 and 1 × ₹1,500, with the advance in the given state. */
async function insertOrder(
  db: Db,
  userId: string,
  advance: { state: string; utr?: string | null; note?: string | null } = { state: 'awaiting' },
): Promise<{ id: string; number: string }> {
  const id = newId();
  const number = `TSW-${String(20000 + ++orderCounter)}`;
  await db
    .insertInto('orders')
    .values({
      id,
      number,
      advance_amount: 300,
      user_id: userId,
      user_phone: '9000000001',
      address: '12, Lotus Residency, near City Mall, Pune - 411001, Maharashtra',
      status: 'ordered',
      total_mrp: 150_000,
      total: 123_500,
      idempotency_key: null,
      created_at: PLACED,
      updated_at: PLACED,
      advance_state: advance.state,
      advance_utr: advance.utr ?? null,
      advance_note: advance.note ?? null,
    })
    .execute();
  await db
    .insertInto('order_lines')
    .values([
      {
        order_id: id,
        line_no: 1,
        product_id: newId(),
        product_name: 'Rolex <Submariner> & Co',
        image: '',
        price: 70_000,
        discount_price: 61_000,
        quantity: 2,
      },
      {
        order_id: id,
        line_no: 2,
        product_id: newId(),
        product_name: 'Casio "F91W"',
        image: '',
        price: 10_000,
        discount_price: 1_500,
        quantity: 1,
      },
    ])
    .execute();
  return { id, number };
}

describe.each(TEST_DIALECTS)('order mail on %s', (dialect) => {
  let database: TestDatabase;
  let built: Awaited<ReturnType<typeof mailApp>>;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // No SMTP_URL: the messages stay in the outbox, where the test reads them.
    built = await mailApp(database, { env: { PUBLIC_URL: 'https://shop.example.in/' } });
    db = built.app.db;
  });
  afterAll(async () => {
    await built.app.close();
    await database.cleanup();
  });

  async function queued(kind: OrderMailKind, orderId: string): Promise<OutboxRow[]> {
    await writeTransaction(db, (trx) => queueOrderMail(trx, built.config, kind, orderId));
    return db.selectFrom('outbox').selectAll().where('order_id', '=', orderId).where('kind', '=', kind).execute();
  }

  /** What every order mail carries: number, lines, amounts in ₹ with Indian grouping, India time, escaped HTML. */
  function expectOrderSummary(row: OutboxRow, number: string) {
    for (const body of [row.text_body, row.html_body]) {
      expect(body).toContain(number);
      expect(body).toContain('₹1,22,000'); // 2 × ₹61,000
      expect(body).toContain('₹1,500');
      expect(body).toContain('₹1,23,500'); // total
      expect(body).toContain('₹300'); // advance
      expect(body).toContain('₹1,23,200'); // to pay on delivery
      expect(body).toContain('12 Mar 2026, 4:05 pm IST');
      expect(body).toContain('Time Square Watches');
    }
    expect(row.text_body).toContain('2 x Rolex <Submariner> & Co: ₹1,22,000 (₹61,000 each)');
    expect(row.text_body).toContain('1 x Casio "F91W": ₹1,500');
    expect(row.html_body).toContain('Rolex &#60;Submariner&#62; &#38; Co');
    expect(row.html_body).toContain('Casio &#34;F91W&#34;');
    expect(row.html_body).not.toContain('<Submariner>');
    expect(row.html_body).not.toContain('<b>Rao</b>');
  }

  it('new order: to the owner, with the shopper, address and a dashboard link', async () => {
    const user = await insertShopper(db, SHOPPER_EMAIL);
    const order = await insertOrder(db, user);
    const [row, ...more] = await queued('new-order', order.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ to_address: OWNER, sent_at: null, attempts: 0 });
    expect(row!.subject).toBe(`New order ${order.number}: ₹1,23,500 from Asha <b>Rao</b>`);
    expectOrderSummary(row!, order.number);
    expect(row!.text_body).toContain('Asha <b>Rao</b> (phone 9000000001)');
    expect(row!.text_body).toContain('Pune - 411001');
    expect(row!.text_body).toContain('Awaiting advance');
    expect(row!.text_body).toContain('https://shop.example.in/dashboard/orders');
    expect(row!.html_body).toContain('href="https://shop.example.in/dashboard/orders"');
  });

  it('advance submitted: to the owner, with the UPI reference to look for', async () => {
    const user = await insertShopper(db, SHOPPER_EMAIL);
    const utr = newUtr();
    const order = await insertOrder(db, user, { state: 'submitted', utr });
    const [row] = await queued('advance-submitted', order.id);
    expect(row!.to_address).toBe(OWNER);
    expect(row!.subject).toContain(order.number);
    expect(row!.subject).toContain(utr);
    expectOrderSummary(row!, order.number);
    expect(row!.text_body).toContain('UTR submitted');
    expect(row!.text_body).toContain(`UPI reference: ${utr}`);
    expect(row!.text_body).toContain('/dashboard/orders');
  });

  it('advance received: to the shopper, with the balance to pay on delivery and a link to their orders', async () => {
    const user = await insertShopper(db, SHOPPER_EMAIL);
    const order = await insertOrder(db, user, { state: 'received', utr: newUtr() });
    const [row] = await queued('advance-received', order.id);
    expect(row!.to_address).toBe(SHOPPER_EMAIL);
    expect(row!.subject).toBe(`Advance received for your order ${order.number} - Time Square Watches`);
    expectOrderSummary(row!, order.number);
    expect(row!.text_body).toContain('Hello Asha <b>Rao</b>,');
    expect(row!.html_body).toContain('Hello Asha &#60;b&#62;Rao&#60;/b&#62;,');
    expect(row!.text_body).toContain('Advance: received');
    expect(row!.text_body).toContain('Please keep ₹1,23,200 ready to pay on delivery.');
    expect(row!.text_body).toContain('See your orders: https://shop.example.in/orders');
    expect(row!.text_body).not.toContain('dashboard');
  });

  it('advance refused: to the shopper, with the owner’s reason', async () => {
    const user = await insertShopper(db, SHOPPER_EMAIL);
    const reason = 'No payment with this reference <on 12 Mar> & none of ₹300';
    const order = await insertOrder(db, user, { state: 'refused', utr: newUtr(), note: reason });
    const [row] = await queued('advance-refused', order.id);
    expect(row!.to_address).toBe(SHOPPER_EMAIL);
    expect(row!.subject).toContain('could not find your advance');
    expectOrderSummary(row!, order.number);
    expect(row!.text_body).toContain(`Reason: ${reason}`);
    expect(row!.text_body).toContain('Advance: not found');
    expect(row!.html_body).toContain('Reason: No payment with this reference &#60;on 12 Mar&#62; &#38; none of ₹300');
  });

  it.each([
    ['dispatched', 'is on its way', 'between 15 Mar 2026 and 21 Mar 2026'],
    ['delivered', 'was delivered', 'Thank you for shopping with us'],
    ['cancelled', 'was cancelled', 'was cancelled'],
  ] as const)('%s: to the shopper', async (kind, subject, words) => {
    const user = await insertShopper(db, SHOPPER_EMAIL);
    const order = await insertOrder(db, user, { state: 'received', utr: newUtr() });
    const [row] = await queued(kind, order.id);
    expect(row!.to_address).toBe(SHOPPER_EMAIL);
    expect(row!.subject).toBe(`Your order ${order.number} ${subject} - Time Square Watches`);
    expectOrderSummary(row!, order.number);
    expect(row!.text_body).toContain(words);
    expect(row!.text_body).toContain('https://shop.example.in/orders');
  });

  it('sends the shopper nothing when they gave no email; the owner still hears', async () => {
    const user = await insertShopper(db, '');
    const order = await insertOrder(db, user, { state: 'refused', utr: newUtr(), note: 'Not found' });
    for (const kind of ['advance-received', 'advance-refused', 'dispatched', 'delivered', 'cancelled'] as const) {
      expect(await queued(kind, order.id)).toEqual([]);
    }
    expect(await queued('new-order', order.id)).toHaveLength(1);
    expect(await queued('advance-submitted', order.id)).toHaveLength(1);
  });

  it('refuses an order that does not exist (the change it belongs to rolls back)', async () => {
    await expect(
      writeTransaction(db, (trx) => queueOrderMail(trx, built.config, 'new-order', newId())),
    ).rejects.toThrow(/no order/);
  });
});

describe.each(TEST_DIALECTS)('order mail delivered on %s', (dialect) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let built: Awaited<ReturnType<typeof mailApp>>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    smtp = await startTestSmtp();
    built = await mailApp(database, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await built.app.close();
    await smtp.close();
    await database.cleanup();
  });

  it('reads as written at the other end: ₹ amounts, escaped HTML, From the shop', async () => {
    const { app, config } = built;
    const user = await insertShopper(app.db, SHOPPER_EMAIL);
    const order = await insertOrder(app.db, user, { state: 'refused', utr: newUtr(), note: 'Amount <₹300>' });
    const before = smtp.received.length;
    await writeTransaction(app.db, (trx) => queueOrderMail(trx, config, 'advance-refused', order.id));
    app.mail.nudge();
    const got = (await smtp.waitForReceived(before + 1))[before]!;
    expect(got.to).toEqual([SHOPPER_EMAIL]);
    expect(got.from).toBe(config.shop.email);
    expect(got.subject).toBe(`We could not find your advance for order ${order.number} - Time Square Watches`);
    expect(got.text).toContain('Reason: Amount <₹300>');
    expect(got.text).toContain('Total: ₹1,23,500');
    expect(got.html).toContain('Reason: Amount &#60;₹300&#62;');
    // The mail asks for the advance again: its link is the order's advance page, no log-in (issue 34 item 16).
    expect(got.html).toMatch(new RegExp(`href="http://localhost:3000/advance/${order.number}/[A-Za-z0-9_-]{24}"`));
  });

  it('a real checkout (POST /api/orders) tells the owner at once', async () => {
    const { app } = built;
    const shopper = await signUp(app);
    const product = await insertProduct(app.db, { price: 5000, discountPrice: 3500 });
    const before = smtp.received.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: shopper.cookie },
      payload: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 2 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const number: string = res.json().order.number;
    const got = (await smtp.waitForReceived(before + 1))[before]!;
    expect(got.to).toEqual([OWNER]);
    expect(got.subject).toBe(`New order ${number}: ₹7,000 from Asha Rao`);
    expect(got.text).toContain(`2 x ${product.name}: ₹7,000 (₹3,500 each)`);
    await until(
      async () =>
        (await app.db.selectFrom('outbox').select('sent_at').where('subject', '=', got.subject).executeTakeFirst())
          ?.sent_at,
      'the row to be marked sent',
    );
  });
});
