/**
 * The mails an order sends (docs/product.md#notifications): to the owner, a new order and a
 * submitted advance; to the shopper (when they gave an email), the advance
 * received or refused, dispatched, delivered, cancelled. Each is composed from
 * the order as the caller's transaction sees it and queued in that transaction
 * (outbox.ts), so it tells of exactly what committed.
 *
 * This runs inside every order's transaction: one read (the order with its
 * shopper and lines) and one insert, with the formatters made once.
 */
import type { Kysely, Transaction } from 'kysely';
import { ADVANCE_ADMIN_LABELS, ADVANCE_LABELS, type AdvanceState, type CodMoney } from '../../common/advance.ts';
import { formatDate, formatDateTime } from '../../common/india-time.ts';
import { formatRupees } from '../../common/money.ts';
import { deliveryWindow } from '../../common/orders.ts';
import { ADMIN_PAGE, PAGE } from '../../common/page-paths.ts';
import { type Settlement, settlementLines } from '../../common/settlement.ts';
import { plainLine } from '../../common/text.ts';
import { type Config, publicBase } from '../config.ts';
import { reusedQuery, slot } from '../db/reused-query.ts';
import type { Database } from '../db/tables.ts';
import { escapeHtml } from '../http/html.ts';
import { orderCodMoney } from '../money/cod-money.ts';
import { addressLinkUrl } from '../orders/address-link-url.ts';
import { advanceLinkUrl } from '../orders/advance-link-url.ts';
import type { OrderMessageKind } from '../orders/hooks.ts';
import { orderForMessage } from '../orders/message-read.ts';
import { settlementOfOrder } from '../orders/settlement-read.ts';
import { mailHtml, mailText } from './mail-layout.ts';
import { queueMail } from './outbox.ts';
import { queueOrderWhatsApp, unpaidExpiry, WHATSAPP_FOR_MAIL } from './whatsapp/order-messages.ts';
import { queueOwnerOrderWhatsApp } from './whatsapp/owner-messages.ts';

/** The owner's and the advance's mails, and the state mails the state table names (common/orders.ts). */
export type OrderMailKind = OrderMessageKind;

export const OWNER_MAIL_KINDS: readonly OrderMailKind[] = ['new-order', 'advance-submitted'];
/** The shopper's mails that ask for the advance: they carry its link (orders/advance-link-url.ts). */
const ADVANCE_MAILS: readonly OrderMailKind[] = ['unpaid-reminder', 'advance-refused'];

type Trx = Kysely<Database> | Transaction<Database>;

/** "12 Mar 2026, 4:05 pm IST": every time in a mail is India time, and says so. */
export function indiaDateTime(iso: string): string {
  return `${formatDateTime(iso)} IST`;
}

interface OrderFacts {
  number: string;
  placedAt: string;
  address: string;
  phone: string;
  total: number;
  /** Its advance and cash on delivery by the one rule (common/advance.ts codMoney), on its own stored advance. */
  money: CodMoney;
  advanceState: AdvanceState;
  advanceUtr: string | null;
  advanceNote: string | null;
  customerName: string;
  /** When an unpaid order expires (its UNPAID_ORDER_HOURS after it was placed); null when it never does. */
  expiresAt: string | null;
  /** The owner's note of what is unclear in a doubtful address (orders/address-check.ts), else null. */
  addressNote: string | null;
  /** The address correction link in the address-check mail (orders/address-link-url.ts); else null. */
  addressUrl: string | null;
  /** The order's advance link (orders/advance-link-url.ts) in a mail that asks for the advance; else null. */
  advanceUrl: string | null;
  lines: Array<{ name: string; quantity: number; price: number }>;
  /** For a refund recorded or an advance kept: the order's settlement (common/settlement.ts). */
  settlement: Settlement | null;
}

/** The kinds that tell of the money settled: they read the order's settlement. */
const SETTLEMENT_MAILS: readonly OrderMailKind[] = ['refund-recorded', 'advance-kept'];

/** What one kind of mail says before the order summary. */
interface Wording {
  subject: string;
  greeting: string;
  /** Paragraphs of plain text (escaped for the HTML version). */
  paragraphs: string[];
}

function wording(kind: OrderMailKind, o: OrderFacts, shopName: string, placed: string): Wording {
  const balance = formatRupees(o.money.onDelivery);
  const advance = formatRupees(o.money.advance);
  const hello = `Hello ${o.customerName},`;
  // Paid in full (common/pay-in-full.ts): nothing is collected, and the mail says so.
  const keepReady =
    o.money.onDelivery > 0
      ? `Please keep ${balance} ready to pay on delivery.`
      : 'Your order is paid in full: nothing to pay on delivery.';
  switch (kind) {
    case 'new-order':
      return {
        subject: `New order ${o.number}: ${formatRupees(o.total)} from ${o.customerName}`,
        greeting: 'A new order came in.',
        paragraphs: [
          `${o.customerName} (phone ${o.phone}) placed order ${o.number} on ${placed}.`,
          `Deliver to: ${o.address}`,
          o.money.advance > 0
            ? `Wait for the ${advance} advance before packing; the shopper pays ${balance} on delivery.`
            : `No advance was asked: pack it when ready; the shopper pays ${balance} on delivery.`,
        ],
      };
    case 'advance-submitted':
      return {
        subject: `Advance to check for order ${o.number}: UPI reference ${o.advanceUtr ?? '(none)'}`,
        greeting: 'A shopper says they paid the advance.',
        paragraphs: [
          `${o.customerName} (phone ${o.phone}) sent UPI reference ${o.advanceUtr ?? '(none)'} for the ${advance} advance of order ${o.number}.`,
          'Find the payment in your bank account, then mark the advance received, or refused with a reason.',
        ],
      };
    case 'advance-received':
      return {
        subject: `Advance received for your order ${o.number} - ${shopName}`,
        greeting: hello,
        paragraphs: [
          `We received your ${advance} advance for order ${o.number}. Thank you! We are packing your order now.`,
          keepReady,
        ],
      };
    case 'advance-refused':
      return {
        subject: `We could not find your advance for order ${o.number} - ${shopName}`,
        greeting: hello,
        paragraphs: [
          `We could not find your ${advance} advance for order ${o.number}${o.advanceUtr ? ` (UPI reference ${o.advanceUtr})` : ''}.`,
          `Reason: ${o.advanceNote ?? 'not given'}`,
          'Please check the UPI reference in your payment app and send it again from the link below, or reply to this mail.',
        ],
      };
    case 'dispatched': {
      const window = deliveryWindow(o.placedAt);
      return {
        subject: `Your order ${o.number} is on its way - ${shopName}`,
        greeting: hello,
        paragraphs: [
          `Your order ${o.number} has been dispatched. It should reach you between ${formatDate(window.from)} and ${formatDate(window.to)}.`,
          keepReady,
        ],
      };
    }
    case 'delivered':
      return {
        subject: `Your order ${o.number} was delivered - ${shopName}`,
        greeting: hello,
        paragraphs: [`Your order ${o.number} was delivered. Thank you for shopping with us!`],
      };
    case 'expired':
      return {
        subject: `Your order ${o.number} was cancelled: the advance was not paid - ${shopName}`,
        greeting: hello,
        paragraphs: [
          `Your order ${o.number} was cancelled because its ${advance} advance did not reach us in time, and the watches went back on sale.`,
          'If you paid the advance, please reply to this mail with its UPI reference and we will sort it out. You are welcome to order again.',
        ],
      };
    case 'returned':
      // A parcel back at the shop (docs/product.md#returns-to-origin): its invoice has a credit note.
      return {
        subject: `Your order ${o.number} came back to us - ${shopName}`,
        greeting: hello,
        paragraphs: [
          `The courier could not deliver your order ${o.number} and brought it back to us. We have received it and closed the order.`,
          'Its invoice is cancelled by a credit note, which you can read with the order on your orders page.',
          'To get the watch, you are welcome to order again. About your advance, please reply to this mail or call us.',
        ],
      };
    case 'unpaid-reminder': {
      const by = o.expiresAt ? indiaDateTime(o.expiresAt) : 'soon';
      return {
        subject: `Your order ${o.number} is waiting for its ${advance} advance - ${shopName}`,
        greeting: hello,
        paragraphs: [
          `Your order ${o.number} is still waiting for its ${advance} advance. Please pay it from the link below.`,
          `If it is not paid by ${by}, the order will be cancelled and the watches go back on sale.`,
        ],
      };
    }
    case 'address-check':
      return {
        subject: `Please check the delivery address of your order ${o.number} - ${shopName}`,
        greeting: hello,
        paragraphs: [
          `We could not be sure of the delivery address of your order ${o.number}: ${o.address}`,
          `What is unclear: ${o.addressNote ?? 'please check every part'}`,
          'Please check and correct it from the link below before we pack your order. It waits until then.',
        ],
      };
    case 'refund-recorded':
    case 'advance-kept':
      // The owner's record, worded as Your Orders and /track word it (common/settlement.ts).
      return {
        subject:
          kind === 'refund-recorded'
            ? `A refund for your order ${o.number} - ${shopName}`
            : `About the advance of your order ${o.number} - ${shopName}`,
        greeting: hello,
        paragraphs: [
          ...(o.settlement ? settlementLines(o.settlement) : []),
          kind === 'refund-recorded'
            ? 'Your bank may take a day or two to show it. If you do not see it, please reply to this mail with the reference.'
            : 'This is the case our Return and refund policy gives for keeping it. If you think it is wrong, please reply to this mail or call us.',
        ],
      };
    case 'cancelled':
      return {
        subject: `Your order ${o.number} was cancelled - ${shopName}`,
        greeting: hello,
        paragraphs: [
          `Your order ${o.number} was cancelled.`,
          'If you did not ask for this, or paid the advance, please reply to this mail or call us.',
        ],
      };
  }
}

/** The advance as its reader sees it: state, UPI reference, the owner's note. */
function advanceLines(o: OrderFacts, forOwner: boolean): string[] {
  const labels = forOwner ? ADVANCE_ADMIN_LABELS : ADVANCE_LABELS;
  const out = [labels[o.advanceState] ?? o.advanceState];
  if (o.advanceUtr) out.push(`UPI reference: ${o.advanceUtr}`);
  if (o.advanceNote) out.push(`Note: ${o.advanceNote}`);
  return out;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** Plain text and simple HTML of one order mail (every value escaped in the HTML). */
export function composeOrderMail(kind: OrderMailKind, o: OrderFacts, config: Config, forOwner: boolean): ComposedMail {
  const shop = config.shop;
  const base = publicBase(config);
  // A mail asking for the advance links to the order's advance page: no log-in (issue 34 item 16).
  const link = forOwner ? `${base}${ADMIN_PAGE.orders}` : (o.addressUrl ?? o.advanceUrl ?? `${base}${PAGE.orders}`);
  const linkText = forOwner
    ? 'Open the orders in your dashboard'
    : o.addressUrl
      ? 'Correct the address'
      : o.advanceUrl
        ? 'Pay the advance'
        : 'See your orders';
  const placed = indiaDateTime(o.placedAt);
  const w = wording(kind, o, shop.name, placed);
  const amounts: Array<[string, string]> = [
    ['Total', formatRupees(o.total)],
    ['Advance', formatRupees(o.money.advance)],
    ['To pay on delivery', formatRupees(o.money.onDelivery)],
  ];
  const advance = advanceLines(o, forOwner);
  const lineAmounts = o.lines.map((l) => formatRupees(l.price * l.quantity));
  const lineText = (l: OrderFacts['lines'][number], i: number) =>
    `${l.quantity} x ${l.name}: ${lineAmounts[i]}${l.quantity > 1 ? ` (${formatRupees(l.price)} each)` : ''}`;

  const text = mailText(
    [
      w.greeting,
      '',
      ...w.paragraphs.flatMap((p) => [p, '']),
      `Order ${o.number}, placed ${placed}`,
      ...o.lines.map((l, i) => `  ${lineText(l, i)}`),
      ...amounts.map(([k, v]) => `${k}: ${v}`),
      advance.join('; '),
      '',
      `${linkText}: ${link}`,
    ],
    shop,
  );

  const e = escapeHtml;
  const html = mailHtml(
    [
      `<p>${e(w.greeting)}</p>`,
      ...w.paragraphs.map((p) => `<p>${e(p)}</p>`),
      `<h2>Order ${e(o.number)}</h2>`,
      `<p>Placed ${e(placed)}</p>`,
      '<table><tr><th>Watch</th><th class="n">Qty</th><th class="n">Amount</th></tr>',
      ...o.lines.map(
        (l, i) =>
          `<tr class="l"><td>${e(l.name)}</td><td class="n">${l.quantity}</td><td class="n">${e(lineAmounts[i] ?? '')}</td></tr>`,
      ),
      ...amounts.map(([k, v]) => `<tr><th colspan="2">${e(k)}</th><td class="n">${e(v)}</td></tr>`),
      '</table>',
      `<p>${advance.map(e).join('<br>')}</p>`,
      `<p><a href="${e(link)}">${e(linkText)}</a></p>`,
    ],
    shop,
  );

  return { subject: w.subject, text, html };
}

/**
 * Composes the order's mail of this kind and queues it in `trx`. Shopper mails
 * are skipped when the shopper gave no email. Throws when the order does not
 * exist (the caller's change then rolls back: it is a bug, not a mail problem).
 * A shopper who agreed to WhatsApp gets this kind's WhatsApp message first, and
 * the mail is held behind it: it goes out only if that message fails
 * (whatsapp/order-messages.ts, docs/decisions/031-whatsapp-channel.md).
 */
/**
 * The order, its shopper and its lines (one row per line, the order's columns repeated), compiled
 * once (db/reused-query.ts): every order placed and every change that mails reads it, and Kysely
 * spent more CPU building and compiling it than SQLite spent running it (decision 073).
 */
const orderWithLines = reusedQuery((db) =>
  orderForMessage(db)
    .leftJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select([
      'orders.address',
      'orders.advance_utr',
      'orders.advance_note',
      'orders.address_doubt_note',
      'order_lines.product_name',
      'order_lines.quantity',
      'order_lines.discount_price',
    ])
    .where('orders.id', '=', slot<string>('orderId'))
    .orderBy('order_lines.line_no'),
);

export async function queueOrderMail(trx: Trx, config: Config, kind: OrderMailKind, orderId: string): Promise<void> {
  const rows = await orderWithLines(trx, { orderId });
  const order = rows[0];
  if (!order) throw new Error(`queueOrderMail: no order ${orderId}`);
  const forOwner = OWNER_MAIL_KINDS.includes(kind);
  const whatsappKind = forOwner ? undefined : WHATSAPP_FOR_MAIL[kind];
  const heldFor = whatsappKind ? await queueOrderWhatsApp(trx, config, whatsappKind, orderId) : null;
  if (kind === 'new-order' || kind === 'advance-submitted') {
    // Beside the owner's mail, not in front of it (whatsapp/owner-messages.ts).
    await queueOwnerOrderWhatsApp(trx, config, kind, {
      id: orderId,
      number: order.number,
      customerName: order.name,
      phone: order.user_phone,
      total: Number(order.total),
      money: orderCodMoney(order),
      advanceUtr: order.advance_utr,
    });
  }
  const to = forOwner ? config.ownerEmail : order.email.trim();
  if (!to) return;

  const facts: OrderFacts = {
    number: order.number,
    placedAt: order.created_at,
    // Rows stored before the plain-text rule may hold line breaks or controls (text.ts).
    address: plainLine(order.address),
    phone: order.user_phone,
    total: Number(order.total),
    money: orderCodMoney(order),
    advanceState: order.advance_state as AdvanceState,
    advanceUtr: order.advance_utr,
    advanceNote: order.advance_note,
    customerName: plainLine(order.name),
    expiresAt: unpaidExpiry(order.created_at, config),
    advanceUrl: ADVANCE_MAILS.includes(kind) ? await advanceLinkUrl(trx, config, order.number) : null,
    // Owner-typed, but it reaches the shopper's mail: one plain line (text.ts).
    addressNote: order.address_doubt_note ? plainLine(order.address_doubt_note) : null,
    addressUrl: kind === 'address-check' ? await addressLinkUrl(trx, config, order.number) : null,
    settlement: SETTLEMENT_MAILS.includes(kind) ? await settlementOfOrder(trx, order) : null,
    lines: rows.flatMap((l) =>
      l.product_name === null
        ? []
        : [{ name: l.product_name, quantity: Number(l.quantity), price: Number(l.discount_price) }],
    ),
  };
  const mail = composeOrderMail(kind, facts, config, forOwner);
  await queueMail(trx, { kind, to, ...mail, orderId, heldFor });
}
