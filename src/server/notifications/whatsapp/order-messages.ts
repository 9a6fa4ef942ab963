/**
 * The WhatsApp messages an order sends the shopper, one function per kind, each queued in the
 * caller's transaction (whatsapp/outbox.ts) from the order as that transaction sees it.
 *
 * Nothing is queued, and the caller's mail goes as before, unless WhatsApp is set up
 * (WHATSAPP_TOKEN...) and the shopper agreed to order updates on WhatsApp (users.whatsapp_consent_at,
 * docs/whatsapp.md#consent). Each returns the message's id, or null when none was queued; the
 * order mail (order-mail.ts) then holds its mail behind that id, so the mail goes out only if the
 * WhatsApp message fails.
 */

import type { Kysely, Transaction } from 'kysely';
import { formatPaise } from '../../../common/gst.ts';
import { formatDate, formatDateTime } from '../../../common/india-time.ts';
import { formatRupees } from '../../../common/money.ts';
import { PAGE } from '../../../common/page-paths.ts';
import { KEEP_REASON_WORDS, REFUND_REASON_WORDS, type Settlement } from '../../../common/settlement.ts';
import type { WhatsAppKind } from '../../../common/whatsapp-kinds.ts';
import { type Config, publicBase } from '../../config.ts';
import type { Database } from '../../db/tables.ts';
import { orderCodMoney } from '../../money/cod-money.ts';
import { addressLinkUrl } from '../../orders/address-link-url.ts';
import { advanceLinkUrl } from '../../orders/advance-link-url.ts';
import { orderForMessage } from '../../orders/message-read.ts';
import { settlementOfOrder } from '../../orders/settlement-read.ts';
import {
  fillBody,
  greetingName,
  type TemplateCategory,
  type TemplateName,
  templateParam,
  WHATSAPP_TEMPLATES,
  type WhatsAppLanguage,
  whatsappLanguage,
} from '../whatsapp-templates.ts';
import { accountProven } from './consent.ts';
import { queueShopperWhatsApp } from './daily-cap.ts';
import { toE164 } from './outbox.ts';

type Trx = Kysely<Database> | Transaction<Database>;

export type OrderWhatsAppKind = Extract<
  WhatsAppKind,
  | 'order-placed'
  | 'dispatched'
  | 'out-for-delivery'
  | 'delivery-failed'
  | 'delivered'
  | 'cancelled'
  | 'expired'
  | 'unpaid-reminder'
  | 'address-check'
  | 'refund-recorded'
  | 'advance-kept'
>;

/** What some kinds need beyond the order: the courier's tracking link, a failed delivery's reason... */
export interface OrderMessageExtra {
  trackingUrl?: string;
  reason?: string;
  rescheduleUrl?: string;
  /** When an unpaid order expires (ISO time). */
  expiresAt?: string;
  /** A refund recorded or an advance kept: the order's settlement, in the shopper's language. */
  settlement?: Settlement | null;
  language?: WhatsAppLanguage;
}

/** Whether this shopper may get a template of this category (docs/whatsapp.md#consent). */
export function whatsappAllowed(
  user: { whatsapp_consent_at: string | null; offers_consent_at: string | null; deleted_at: string | null },
  category: TemplateCategory,
): boolean {
  if (user.deleted_at !== null || user.whatsapp_consent_at === null) return false;
  return category === 'utility' || user.offers_consent_at !== null;
}

/** The messages that tell of money settled: they read the order's settlement. */
const SETTLEMENT_KINDS: readonly OrderWhatsAppKind[] = ['refund-recorded', 'advance-kept'];

/** The messages that ask for the advance: they carry its link. */
const ADVANCE_KINDS: readonly OrderWhatsAppKind[] = ['order-placed', 'unpaid-reminder'];

interface OrderFacts {
  name: string;
  number: string;
  total: number;
  advance: number;
  balance: number;
  base: string;
  /** The order's advance link (orders/advance-link-url.ts), for the messages that ask for the advance. */
  advanceUrl: string;
  /** The order's address correction link (orders/address-link-url.ts), for address-check only. */
  addressUrl: string;
}

function templateFor(kind: OrderWhatsAppKind, o: OrderFacts, extra: OrderMessageExtra): [TemplateName, string[]] {
  const rupees = formatRupees;
  const orders = `${o.base}${PAGE.orders}`;
  switch (kind) {
    case 'order-placed':
      return o.advance > 0
        ? ['order_placed', [o.name, o.number, rupees(o.total), rupees(o.advance), o.advanceUrl, rupees(o.balance)]]
        : ['cod_confirm', [o.name, o.number, rupees(o.balance)]];
    case 'dispatched':
      return ['order_shipped', [o.name, o.number, extra.trackingUrl ?? orders, rupees(o.balance)]];
    case 'out-for-delivery':
      return ['out_for_delivery', [o.name, o.number, rupees(o.balance)]];
    case 'delivery-failed':
      return [
        'delivery_failed',
        [o.name, o.number, extra.reason ?? 'no one was available', extra.rescheduleUrl ?? orders],
      ];
    case 'delivered':
      return ['order_delivered', [o.name, o.number]];
    case 'cancelled':
    case 'expired':
      return ['order_cancelled', [o.name, o.number]];
    case 'address-check':
      return ['address_check', [o.name, o.number, o.addressUrl]];
    case 'refund-recorded': {
      // The refund just recorded: the last of the order's refunds (settlements/record.ts).
      const refund = extra.settlement?.refunds.at(-1);
      if (!refund) throw new Error(`order ${o.number} has no refund to tell of`);
      return [
        'refund_recorded',
        [
          o.name,
          o.number,
          formatPaise(refund.amountPaise),
          formatDate(`${refund.paidOn}T06:30:00.000Z`),
          REFUND_REASON_WORDS[refund.reason][extra.language ?? 'en'],
          refund.reference,
        ],
      ];
    }
    case 'advance-kept': {
      const s = extra.settlement;
      if (!s?.keptReason) throw new Error(`order ${o.number} has no advance kept`);
      return [
        'advance_kept',
        [o.name, o.number, formatPaise(s.keptPaise), KEEP_REASON_WORDS[s.keptReason][extra.language ?? 'en']],
      ];
    }
    case 'unpaid-reminder':
      return [
        'unpaid_reminder',
        [o.name, o.number, rupees(o.advance), `${formatDateTime(extra.expiresAt ?? '')} IST`, o.advanceUrl],
      ];
  }
}

/** When an order placed at `createdAt` expires unpaid (orders/unpaid.ts), as an ISO time. */
export function unpaidExpiry(createdAt: string, config: Config): string {
  return new Date(Date.parse(createdAt) + config.unpaidOrderHours * 3_600_000).toISOString();
}

/** The order message of this kind, queued in `trx` when WhatsApp is set up and the shopper agreed. */
export async function queueOrderWhatsApp(
  trx: Trx,
  config: Config,
  kind: OrderWhatsAppKind,
  orderId: string,
  extra: OrderMessageExtra = {},
): Promise<string | null> {
  if (!config.whatsapp) return null;
  const order = await orderForMessage(trx).where('orders.id', '=', orderId).executeTakeFirst();
  if (!order) throw new Error(`queueOrderWhatsApp: no order ${orderId}`);
  const money = orderCodMoney(order);
  const facts: OrderFacts = {
    // Shopper-typed: only a first name's letters reach the phone (whatsapp-templates.ts greetingName).
    name: greetingName(order.name, whatsappLanguage(order.language)),
    number: order.number,
    total: Number(order.total),
    advance: money.advance,
    balance: money.onDelivery,
    base: publicBase(config),
    // A page that shows this order's advance without a log-in (issue 34 item 16), not /orders.
    advanceUrl: ADVANCE_KINDS.includes(kind) ? await advanceLinkUrl(trx, config, order.number) : '',
    addressUrl: kind === 'address-check' ? await addressLinkUrl(trx, config, order.number) : '',
  };
  // The reminder tells when the order expires: UNPAID_ORDER_HOURS after it was placed (orders/unpaid.ts).
  const expiresAt = extra.expiresAt ?? unpaidExpiry(order.created_at, config);
  const language = whatsappLanguage(order.language);
  const settlement = SETTLEMENT_KINDS.includes(kind) ? await settlementOfOrder(trx, order) : undefined;
  const [name, params] = templateFor(kind, facts, { ...extra, expiresAt, settlement, language });
  const template = WHATSAPP_TEMPLATES[name];
  if (!whatsappAllowed(order, template.category)) return null;
  // Only a number that sent this account's code (proof-codes.ts); until then the mail goes.
  if (!(await accountProven(trx, order.user_id, order.user_phone))) return null;
  const body = params.map((p) => templateParam(p));
  // A button's payload names what it acts on; the webhook checks the replying phone is the order's.
  const buttons = 'quickReplies' in template ? template.quickReplies.map((b) => `${b.id}:${order.id}`) : [];
  return queueShopperWhatsApp(trx, config, {
    kind,
    to: toE164(order.user_phone),
    content: { template: template.name, language, body, buttons },
    preview: fillBody(template.body[language], body),
    orderId: order.id,
  });
}

/** After a new order: Confirm/Cancel, with the advance link when the order has an advance. */
export const queueOrderPlacedWhatsApp = (trx: Trx, config: Config, orderId: string) =>
  queueOrderWhatsApp(trx, config, 'order-placed', orderId);

/** The parcel left, with the courier's tracking link (the shopper's orders page without one). */
export const queueShippedWhatsApp = (trx: Trx, config: Config, orderId: string, trackingUrl?: string) =>
  queueOrderWhatsApp(trx, config, 'dispatched', orderId, trackingUrl ? { trackingUrl } : {});

export const queueOutForDeliveryWhatsApp = (trx: Trx, config: Config, orderId: string) =>
  queueOrderWhatsApp(trx, config, 'out-for-delivery', orderId);

export const queueDeliveryFailedWhatsApp = (
  trx: Trx,
  config: Config,
  orderId: string,
  reason: string,
  rescheduleUrl?: string,
) =>
  queueOrderWhatsApp(trx, config, 'delivery-failed', orderId, rescheduleUrl ? { reason, rescheduleUrl } : { reason });

/** The order mails that have a WhatsApp message (order-mail.ts sends that first, the mail only if it fails). */
export const WHATSAPP_FOR_MAIL: Partial<Record<string, OrderWhatsAppKind>> = {
  dispatched: 'dispatched',
  delivered: 'delivered',
  cancelled: 'cancelled',
  expired: 'expired',
  'unpaid-reminder': 'unpaid-reminder',
  'address-check': 'address-check',
  'refund-recorded': 'refund-recorded',
  'advance-kept': 'advance-kept',
};
