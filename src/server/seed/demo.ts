/**
 * The demo shopper: addresses, a cart and orders in every state, each with its
 * history of state changes.
 */
import { DEFAULT_COD_ADVANCE } from '../../common/constants.ts';
import { stateRule } from '../../common/orders.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import { parseJsonList } from '../db/json.ts';
import type { Db } from '../db/tables.ts';
import { issueCreditNote } from '../invoices/credit-notes.ts';
import { issueInvoice } from '../invoices/issue.ts';
import { nextOrderNumber } from '../orders/order-number.ts';
import { chance, int, pick, type Random, sample, seededId } from './random.ts';

/** The shop's settings that demo orders follow: their numbers, advance and invoices. */
export type DemoOrderSettings = Pick<Config, 'orderPrefix' | 'codAdvance' | 'invoice'>;

/** The defaults' settings, for seeding without a configuration (tests, benchmarks). */
export const DEMO_ORDER_SETTINGS: DemoOrderSettings = {
  orderPrefix: 'TSW',
  codAdvance: DEFAULT_COD_ADVANCE,
  invoice: { gstin: undefined, rateBp: 1800, prefix: 'TSW' },
};

export const DEMO_SHOPPER = {
  name: 'Demo Shopper',
  phone: '9000000001',
  email: 'demo@example.com',
  password: 'demo-shopper-pass',
  addresses: [
    'Flat 302, Sai Krupa Apartments, near Shivaji Park, Mumbai - 400028, Maharashtra',
    '14, Green Valley Residency, near Forum Mall, Bengaluru - 560095, Karnataka',
  ],
} as const;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export interface DemoProduct {
  id: string;
  name: string;
  image: string;
  price: number;
  discountPrice: number;
}

/** In-stock products to put in the demo orders, cart and leads (newest first, so repeatable). */
export async function demoProducts(db: Db, limit = 40): Promise<DemoProduct[]> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'images', 'price', 'discount_price'])
    .where('in_stock', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    image: parseJsonList<string>(r.images)[0] ?? '',
    price: Number(r.price),
    discountPrice: Number(r.discount_price),
  }));
}

/**
 * Each order: days ago, and the hours after placing at which it reached each later state. Oldest
 * first, so order and invoice numbers follow time as a real shop's do (seed.test.ts checks it).
 */
const ORDER_PLANS: Array<{ daysAgo: number; states: Array<[string, number]> }> = [
  {
    // Four delivered orders: their watches are the demo's reviewed ones (reviews.ts), enough for
    // the home page's row of customer pictures.
    daysAgo: 56,
    states: [
      ['ordered', 0],
      ['packed', 14],
      ['dispatched', 28],
      ['delivered', 100],
    ],
  },
  {
    daysAgo: 45,
    states: [
      ['ordered', 0],
      ['packed', 20],
      ['dispatched', 30],
      ['delivered', 110],
    ],
  },
  {
    // A parcel the courier brought back (docs/product.md#returns-to-origin), received after a week.
    daysAgo: 30,
    states: [
      ['ordered', 0],
      ['packed', 10],
      ['dispatched', 24],
      ['returned', 200],
    ],
  },
  {
    daysAgo: 26,
    states: [
      ['ordered', 0],
      ['packed', 8],
      ['dispatched', 22],
      ['delivered', 90],
    ],
  },
  {
    daysAgo: 21,
    states: [
      ['ordered', 0],
      ['packed', 6],
      ['dispatched', 26],
      ['delivered', 96],
    ],
  },
  {
    daysAgo: 12,
    states: [
      ['ordered', 0],
      ['cancelled', 5],
    ],
  },
  {
    daysAgo: 4,
    states: [
      ['ordered', 0],
      ['packed', 18],
      ['dispatched', 40],
    ],
  },
  {
    daysAgo: 2,
    states: [
      ['ordered', 0],
      ['packed', 9],
    ],
  },
  { daysAgo: 0.2, states: [['ordered', 0]] },
];

/**
 * The shipment of a demo order whose parcel left (Delhivery, entered by hand as the owner does): on
 * its way for a dispatched order, delivered for a delivered one, back at the shop and received for a
 * returned one. Its AWB comes from the order number, so each is unique and the seed repeatable.
 */
function demoShipment(orderId: string, number: string, last: { status: string; at: string }, leftAt: string) {
  const left = Date.parse(leftAt);
  const reached = Date.parse(last.at);
  const scan = {
    dispatched: { step: 'in_transit', text: 'In transit', at: left + 20 * HOUR },
    delivered: { step: 'delivered', text: 'Delivered', at: reached },
    returned: { step: 'rto_delivered', text: 'Returned to origin', at: reached - 4 * HOUR },
  }[last.status];
  if (!scan) throw new Error(`No demo shipment for a ${last.status} order`);
  const at = (ms: number) => new Date(ms).toISOString();
  return {
    order_id: orderId,
    courier: 'manual',
    courier_name: 'Delhivery',
    awb: `1490${number.replace(/\D/g, '').padStart(10, '0')}`,
    step: scan.step,
    scan_text: scan.text,
    scan_location: 'Mumbai Hub',
    scan_at: at(scan.at),
    // India date of two days after it left: when a parcel on its way is expected.
    expected_by: at(left + 2 * DAY + 5.5 * HOUR).slice(0, 10),
    booked_at: leftAt,
    received_back_at: last.status === 'returned' ? last.at : null,
    created_at: leftAt,
    updated_at: at(Math.max(scan.at, reached)),
  };
}

/** Creates the demo shopper unless their phone number is taken; returns the number of orders made. */
export async function seedShopper(
  db: Db,
  random: Random,
  products: DemoProduct[],
  now: number,
  settings: DemoOrderSettings,
): Promise<number> {
  const { orderPrefix, codAdvance } = settings;
  const taken = await db.selectFrom('users').select('id').where('phone', '=', DEMO_SHOPPER.phone).executeTakeFirst();
  if (taken || products.length < 3) return 0;
  const passwordHash = await hashPassword(DEMO_SHOPPER.password);
  const joined = now - 60 * DAY;
  const userId = seededId(random, joined);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: userId,
        name: DEMO_SHOPPER.name,
        phone: DEMO_SHOPPER.phone,
        email: DEMO_SHOPPER.email,
        addresses: JSON.stringify(DEMO_SHOPPER.addresses),
        password_hash: passwordHash,
        created_at: new Date(joined).toISOString(),
        updated_at: new Date(joined).toISOString(),
      })
      .execute();
    for (const plan of ORDER_PLANS) {
      const placed = Math.floor(now - plan.daysAgo * DAY);
      const orderId = seededId(random, placed);
      const lines = sample(random, products, int(random, 1, 3)).map((p, i) => ({
        order_id: orderId,
        line_no: i + 1,
        product_id: p.id,
        product_name: p.name,
        image: p.image,
        price: p.price,
        discount_price: p.discountPrice,
        quantity: chance(random, 0.25) ? 2 : 1,
      }));
      const events = plan.states.map(([status, hours]) => ({
        status,
        at: new Date(placed + hours * HOUR).toISOString(),
      }));
      const last = events[events.length - 1] as { status: string; at: string };
      // Demo orders that moved on had their advance; the newest still waits for it.
      const settled = last.status !== 'ordered' && last.status !== 'cancelled';
      const number = await nextOrderNumber(trx, orderPrefix);
      const address = pick(random, DEMO_SHOPPER.addresses);
      await trx
        .insertInto('orders')
        .values({
          id: orderId,
          number,
          advance_amount: codAdvance,
          advance_state: codAdvance === 0 ? 'waived' : settled ? 'received' : 'awaiting',
          user_id: userId,
          user_phone: DEMO_SHOPPER.phone,
          address,
          status: last.status,
          total_mrp: lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
          total: lines.reduce((sum, l) => sum + l.discount_price * l.quantity, 0),
          idempotency_key: null,
          created_at: new Date(placed).toISOString(),
          updated_at: last.at,
        })
        .execute();
      await trx.insertInto('order_lines').values(lines).execute();
      // The invoice is given by the same code as a real dispatch, dated when the parcel left, so a
      // delivered demo order has its invoice as a real one would (docs/product.md#invoice).
      const left = events.find((e) => stateRule(e.status).parcelLeft);
      if (left) await issueInvoice(trx, settings.invoice, { id: orderId, number, address }, left.at);
      // An invoiced order that came back has its credit note, as a real return would.
      const credit = stateRule(last.status).creditNote;
      if (left && credit) await issueCreditNote(trx, settings.invoice, orderId, credit, last.at);
      // A parcel that left has its courier and tracking number, as the owner's dispatch gives it, so
      // /track and Your Orders never say "Dispatched" beside "not handed to a courier yet".
      if (left)
        await trx
          .insertInto('shipments')
          .values(demoShipment(orderId, number, last, left.at))
          .execute();
      await trx
        .insertInto('order_events')
        .values(
          events.map((e) => ({
            id: seededId(random, Date.parse(e.at)),
            order_id: orderId,
            kind: 'state',
            status: e.status,
            admin_id: null,
            created_at: e.at,
          })),
        )
        .execute();
    }
    const cart = sample(random, products, 2).map((p, i) => ({
      user_id: userId,
      product_id: p.id,
      quantity: i + 1,
      added_at: new Date(now - (i + 1) * HOUR).toISOString(),
    }));
    await trx.insertInto('cart_items').values(cart).execute();
  });
  return ORDER_PLANS.length;
}
