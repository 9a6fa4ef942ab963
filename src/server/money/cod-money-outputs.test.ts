/**
 * The money table of issue 33: every advance state (awaiting, submitted, refused, received, waived)
 * and COD_ADVANCE=0, through every output that shows or sends the cash to collect on delivery, on
 * SQLite and PostgreSQL: Your Orders, Admin Orders, /track, the mails, the WhatsApp messages, and,
 * once the order may go out, the courier booking (the fake Shiprocket's COD amount), the label, the
 * invoice, the remittance match and Money at a glance. Each output must say what the one rule
 * (common/advance.ts codMoney) says, and the hand-written figure beside it: a waived ₹300 advance
 * on a ₹5,000 order collects ₹5,000 everywhere (the label said ₹5,000 while the mail said ₹4,700).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodMoney, codMoney } from '../../common/advance.ts';
import { formatRupees } from '../../common/money.ts';
import { WHATSAPP_TEMPLATES } from '../notifications/whatsapp-templates.ts';
import {
  type FakeShiprocket,
  shiprocketWebhookBody,
  startFakeShiprocket,
} from '../shipping/couriers/shiprocket/fake.ts';
import { adminCookie, multipart, placeOrder, settleAdvance } from '../test-support/admin.ts';
import { createCourierTestApp, until } from '../test-support/courier-app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../test-support/fake-whatsapp.ts';
import { pdfText, squeezed } from '../test-support/pdf.ts';
import { insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { proveNumber } from '../test-support/whatsapp-proof.ts';

const TOTAL = 5000;
const ADVANCE = 300;

/** none: COD_ADVANCE=0, the order placed with no advance (waived at once). */
type Scenario = 'awaiting' | 'submitted' | 'refused' | 'received' | 'waived' | 'none';
/** The state, and the cash the courier collects, by hand. */
const TABLE: Array<[Scenario, number]> = [
  ['awaiting', 4700],
  ['submitted', 4700],
  ['refused', 4700],
  ['received', 4700],
  ['waived', 5000],
];

/** Every figure of "to pay on delivery" an output gave, by output. */
type Seen = Record<string, number[]>;

const rupees = (text: string) => Number(text.replace(/[₹,]/g, ''));

describe.each(TEST_DIALECTS)('one rule for the money on delivery, every output, on %s', (dialect) => {
  let shiprocket: FakeShiprocket;
  let whatsapp: FakeWhatsApp;

  beforeAll(async () => {
    shiprocket = await startFakeShiprocket();
    whatsapp = await startFakeWhatsApp();
  });
  afterAll(async () => {
    await shiprocket?.close();
    await whatsapp?.close();
  });

  /** A store with the courier and WhatsApp on, the given advance setting, a shopper and a ₹5,000 watch. */
  async function store(codAdvance: number, env: Record<string, string> = {}) {
    const t = await createCourierTestApp({
      dialect,
      fake: shiprocket,
      env: { ...whatsapp.env, COD_ADVANCE: String(codAdvance), SHOP_UPI_ID: 'shop@okaxis', ...env },
      courierJobs: { pollMs: 50, backoffMs: 20, maxBackoffMs: 100 },
    });
    // The shopper's WhatsApp texts (their proof code) reach this store's webhook, signed as Meta signs.
    whatsapp.setWebhookTarget(async (body, headers) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers, payload: body });
      return { status: res.statusCode, body: res.body };
    });
    const admin = await adminCookie(t);
    const product = await insertProduct(t.app.db, { price: 6000, discountPrice: TOTAL });
    return { t, admin, productId: product.id, codAdvance };
  }

  /** The figures every output gives for one order, walked as far as its advance state lets it go. */
  async function walk(
    s: Awaited<ReturnType<typeof store>>,
    scenario: Scenario,
    /** Paid in full (common/pay-in-full.ts): its advance is its total less the discount. */
    inFull?: { discount: number },
  ): Promise<{ seen: Seen; placed: Seen; rule: CodMoney; number: string }> {
    const { t, admin } = s;
    const as = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const shopper: Shopper = await signUp(t.app, { email: 'buyer@example.in', whatsappUpdates: true });
    // Messages go only to a number proven the shopper's (docs/whatsapp.md#numbers-proven-first).
    await proveNumber(t.app, whatsapp, shopper);
    const number = await placeOrder(t, shopper.cookie, s.productId, 1, inFull ? { payInFull: true } : {});
    /** The figures of the mails and WhatsApp messages about the order queued since the last read. */
    const read = new Set<string>();
    const readMessages = async (into: Seen) => {
      const mails = await t.app.db
        .selectFrom('outbox')
        .select(['id', 'kind', 'text_body'])
        .where('order_id', '=', orderId)
        .execute();
      for (const mail of mails.filter((m) => !read.has(m.id))) {
        read.add(mail.id);
        for (const m of mail.text_body.matchAll(
          /(?:To pay on delivery: |keep |pays )(₹[\d,]+)(?: ready| on delivery)?|(₹[\d,]+) on delivery/g,
        )) {
          into[`mail ${mail.kind}`] = [...(into[`mail ${mail.kind}`] ?? []), rupees((m[1] ?? m[2])!)];
        }
      }
      const messages = await t.app.db
        .selectFrom('whatsapp_outbox')
        .select(['id', 'template', 'params'])
        .where('order_id', '=', orderId)
        .execute();
      for (const m of messages.filter((w) => !read.has(w.id))) {
        read.add(m.id);
        const template = m.template ? WHATSAPP_TEMPLATES[m.template as keyof typeof WHATSAPP_TEMPLATES] : null;
        const at = (template?.params as readonly string[] | undefined)?.indexOf('to pay on delivery') ?? -1;
        if (at >= 0)
          into[`WhatsApp ${m.template}`] = [
            ...(into[`WhatsApp ${m.template}`] ?? []),
            rupees(JSON.parse(m.params).body[at]),
          ];
      }
    };
    // What the messages said when the order was placed: the rule of that moment (before the owner's finding).
    const orderId = (
      await t.app.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow()
    ).id;
    const placed: Seen = {};
    await readMessages(placed);
    const atPlacing = codMoney({
      total: TOTAL - (inFull?.discount ?? 0),
      advanceAmount: inFull ? TOTAL - inFull.discount : s.codAdvance,
      advanceState: s.codAdvance > 0 ? 'awaiting' : 'waived',
      status: 'ordered',
    });
    expectAll(placed, atPlacing.onDelivery, []);
    expect(Object.keys(placed).length, 'messages at placing').toBeGreaterThan(0);
    if (scenario === 'submitted' || scenario === 'refused') {
      const sent = await as(shopper.cookie, 'POST', `/api/orders/${number}/advance`, {
        utr: String(400_000_000_000 + Math.floor(Math.random() * 99_999_999_999)),
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    if (scenario === 'refused') await settleAdvance(t, admin, number, 'refused', 'Not in the bank account');
    if (scenario === 'received') await settleAdvance(t, admin, number, 'received');
    if (scenario === 'waived') await settleAdvance(t, admin, number, 'waived', 'Known buyer');

    const seen: Seen = {};
    const saw = (output: string, value: number) => {
      seen[output] = [...(seen[output] ?? []), value];
    };
    const readScreens = async () => {
      const mine = await as(shopper.cookie, 'GET', `/api/orders/${number}`);
      saw('Your Orders', mine.json().order.advance.balance);
      const owner = await as(admin, 'GET', `/api/admin/orders/${number}`);
      saw('Admin Orders', owner.json().order.advance.balance);
      const track = await t.app.inject({ method: 'GET', url: `/api/track?order=${number}&phone=${shopper.number}` });
      expect(track.statusCode, track.body).toBe(200);
      const cash = track.json().toPayOnDelivery;
      if (cash !== null) saw('/track', cash);
    };
    await readScreens();

    const row = await t.app.db
      .selectFrom('orders')
      .select(['id', 'total', 'advance_amount', 'advance_state', 'status'])
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    const rule = codMoney({
      total: Number(row.total),
      advanceAmount: Number(row.advance_amount),
      advanceState: row.advance_state,
      status: row.status,
    });

    if (scenario === 'received' || scenario === 'waived' || scenario === 'none') {
      // The courier booking: what Shiprocket is told to collect.
      const book = await as(admin, 'POST', '/api/admin/orders/book-courier', { orderNumbers: [number] });
      expect(book.statusCode, book.body).toBe(200);
      await until(() => shiprocket.orders.get(number)?.awb != null, 'the booking');
      const booked = shiprocket.orders.get(number)!.body;
      expect(booked.payment_method).toBe(rule.onDelivery > 0 ? 'COD' : 'Prepaid');
      // A Prepaid order's sub_total is its value (the courier's liability), not cash to collect.
      saw('courier booking', booked.payment_method === 'COD' ? Number(booked.sub_total) : 0);
      await until(
        async () =>
          (
            await t.app.db
              .selectFrom('shipments')
              .select('booking_state')
              .where('order_id', '=', row.id)
              .executeTakeFirst()
          )?.booking_state === 'booked',
        'the booked shipment',
      );
      // The label the courier reads.
      const label = await as(admin, 'GET', `/api/admin/orders/${number}/label.pdf`);
      expect(label.statusCode, label.body.slice(0, 200)).toBe(200);
      const collect = /COLLECT (₹[\d,]+)/.exec(squeezed(await pdfText(label.rawPayload)));
      saw('label', collect ? rupees(collect[1]!) : Number.NaN);
      // Dispatched: the invoice, the dispatch mail and WhatsApp message.
      const sent = await as(admin, 'PATCH', `/api/admin/orders/${number}/state`, { state: 'dispatched' });
      expect(sent.statusCode, sent.body).toBe(200);
      const invoice = await as(admin, 'GET', `/api/admin/orders/${number}/invoice.pdf`);
      expect(invoice.statusCode).toBe(200);
      const balance = /Balance payable on delivery (₹[\d,]+)/.exec(squeezed(await pdfText(invoice.rawPayload)));
      saw('invoice', balance ? rupees(balance[1]!) : Number.NaN);
      await readScreens();
      // Delivered: what the courier owes, matched against its remittance report.
      // Delivered, as the courier's webhook says it (the owner's click is refused for a tracked parcel).
      const awb = shiprocket.orders.get(number)!.awb!;
      const delivered = await t.app.inject({
        method: 'POST',
        url: '/api/courier/updates',
        headers: { 'content-type': 'application/json', 'x-api-key': shiprocket.webhookToken },
        payload: JSON.stringify(shiprocketWebhookBody({ awb, statusId: 7, status: 'DELIVERED', at: new Date() })),
      });
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect((await as(admin, 'GET', `/api/admin/orders/${number}`)).json().order.status).toBe('delivered');
      // A prepaid parcel is in no COD remittance: the courier owes nothing for it.
      if (rule.onDelivery === 0) {
        await readMessages(seen);
        return { seen, placed, rule, number };
      }
      const report = [
        'AWB Code,Channel Order ID,Courier,COD Amount,Remitted Amount,Remittance Date,UTR',
        `${awb},${number},Delhivery,${rule.onDelivery}.00,${rule.onDelivery}.00,20-11-2026,AXISCN0012345678`,
      ].join('\n');
      const body = multipart([
        { name: 'remittance.csv', data: Buffer.from(report), type: 'text/csv', field: 'remittance' },
      ]);
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/admin/books/remittances',
        headers: { cookie: admin, ...body.headers },
        payload: body.payload,
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const matched = upload.json().rows.find((r: { awb: string }) => r.awb === awb);
      expect(matched?.outcome).toBe('paid');
      saw('remittance match', matched.expectedPaise / 100);
    }

    await readMessages(seen);
    return { seen, placed, rule, number };
  }

  /** Each output gave the rule's figure, every time it gave one. */
  function expectAll(seen: Seen, onDelivery: number, outputs: string[]) {
    for (const output of outputs) expect(Object.keys(seen), `${output} gave no figure`).toContain(output);
    for (const [output, values] of Object.entries(seen)) {
      for (const v of values) expect(v, `${output} says ${formatRupees(v)}`).toBe(onDelivery);
    }
  }

  const SCREENS = ['Your Orders', 'Admin Orders', '/track'];
  const GOING_OUT = [
    'courier booking',
    'label',
    'invoice',
    'remittance match',
    'mail dispatched',
    'WhatsApp order_shipped',
  ];

  describe(`with a ₹${ADVANCE} advance`, () => {
    let s: Awaited<ReturnType<typeof store>>;
    const delivered: number[] = [];
    beforeAll(async () => {
      s = await store(ADVANCE);
    });
    afterAll(async () => s?.t.close());

    it.each(TABLE)('%s: every output says %i on delivery', async (scenario, byHand) => {
      const { seen, placed, rule } = await walk(s, scenario);
      expect(rule.onDelivery).toBe(byHand);
      expectAll(placed, 4700, ['mail new-order', 'WhatsApp order_placed']);
      const settled = scenario === 'received' || scenario === 'waived';
      expectAll(seen, byHand, settled ? [...SCREENS, ...GOING_OUT] : SCREENS);
      if (settled) delivered.push(byHand);
    });

    it('Money at a glance expects what the delivered orders’ couriers collected', async () => {
      expect(delivered).toEqual([4700, 5000]);
      // Days around today, whatever India's date is now.
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const res = await s.t.app.inject({
        method: 'GET',
        url: `/api/admin/books/money?from=${day(-1)}&to=${day(1)}`,
        headers: { cookie: s.admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().cod.expectedPaise).toBe((4700 + 5000) * 100);
    });
  });

  describe('with no advance (COD_ADVANCE=0)', () => {
    let s: Awaited<ReturnType<typeof store>>;
    beforeAll(async () => {
      s = await store(0);
    });
    afterAll(async () => s?.t.close());

    it('every output says the whole total on delivery', async () => {
      // With no advance the order is waived at once: its new-order message is cod_confirm.
      const { seen, placed, rule } = await walk(s, 'none');
      expect(rule).toEqual({ advance: 0, received: 0, dueNow: 0, onDelivery: TOTAL });
      expectAll(placed, TOTAL, ['mail new-order', 'WhatsApp cod_confirm']);
      expectAll(seen, TOTAL, [...SCREENS, ...GOING_OUT]);
    });
  });

  describe('paid in full, ₹100 off (PAY_IN_FULL_DISCOUNT=100)', () => {
    let s: Awaited<ReturnType<typeof store>>;
    beforeAll(async () => {
      // Its own order numbers: the fake courier, shared by every store here, already holds the others'.
      s = await store(ADVANCE, { PAY_IN_FULL_DISCOUNT: '100', SHOP_ORDER_PREFIX: 'PIF' });
    });
    afterAll(async () => s?.t.close());

    it('the advance is the discounted total: nothing on delivery anywhere, booked Prepaid', async () => {
      const { seen, placed, rule, number } = await walk(s, 'received', { discount: 100 });
      expect(rule).toEqual({ advance: 4900, received: 4900, dueNow: 0, onDelivery: 0 });
      expectAll(placed, 0, ['mail new-order', 'WhatsApp order_placed']);
      expectAll(seen, 0, ['Your Orders', 'Admin Orders', 'courier booking', 'label', 'invoice']);
      // Shiprocket is told the order's value after the discount, and that nothing is to collect.
      const booked = shiprocket.orders.get(number)!.body;
      expect(booked).toMatchObject({ payment_method: 'Prepaid', sub_total: 4900, total_discount: 100 });
      const label = await s.t.app.inject({
        method: 'GET',
        url: `/api/admin/orders/${number}/label.pdf`,
        headers: { cookie: s.admin },
      });
      expect(squeezed(await pdfText(label.rawPayload))).toContain('PREPAID: DO NOT COLLECT');
    });
  });
});
