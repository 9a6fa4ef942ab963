/**
 * The shopper's messages on a shipment's steps (docs/product.md#shipping): picked up, out for
 * delivery, a failed attempt, delivered. Which step sends which is the step table's
 * (common/shipments.ts); this file words them. A consumer of shipping's step changes
 * (shipping/hooks.ts, registered in shipment-hooks.ts), queued in the transaction that applies the
 * tracking event, so a mail exists exactly when the step it tells of does, and is sent by the
 * outbox's worker. A shopper who agreed to WhatsApp gets the step there first, the mail held
 * behind it (docs/whatsapp.md).
 *
 * Every courier-given text (the scan's words, place, reason) is folded to one plain line: it came
 * from outside and reaches a person's mail (common/text.ts).
 */
import type { Transaction } from 'kysely';
import { trackingUrl } from '../../common/couriers.ts';
import { formatDate } from '../../common/india-time.ts';
import { formatRupees } from '../../common/money.ts';
import { PAGE } from '../../common/page-paths.ts';
import type { StepMail } from '../../common/shipments.ts';
import { plainLine } from '../../common/text.ts';
import { ensureLinkSecret } from '../auth/signed-links.ts';
import { type Config, publicBase } from '../config.ts';
import type { Database } from '../db/tables.ts';
import { escapeHtml } from '../http/html.ts';
import { orderCodMoney } from '../money/cod-money.ts';
import { deliveryChoiceUrl } from '../shipping/delivery-choice-link.ts';
import type { ShipmentFacts } from '../shipping/hooks.ts';
import { mailHtml, mailText } from './mail-layout.ts';
import { queueMail } from './outbox.ts';
import {
  queueDeliveryFailedWhatsApp,
  queueOrderWhatsApp,
  queueOutForDeliveryWhatsApp,
  queueShippedWhatsApp,
} from './whatsapp/order-messages.ts';

export interface ShipmentMailFacts {
  number: string;
  customerName: string;
  courierName: string;
  awb: string;
  /** The courier's tracking page for this AWB, when we know the courier. */
  link: string | null;
  /** YYYY-MM-DD, India time. */
  expectedBy: string | null;
  reason: string | null;
  /** A failed delivery's link where the shopper chooses what happens next (delivery-choice-link.ts). */
  choiceLink?: string | null;
  /** Rupees to pay the courier (the order's total less its own advance). */
  balance: number;
}

function wording(kind: StepMail, f: ShipmentMailFacts, shopName: string): { subject: string; paragraphs: string[] } {
  const by = f.expectedBy ? ` It should reach you by ${formatDate(`${f.expectedBy}T12:00:00+05:30`)}.` : '';
  const pay = f.balance > 0 ? `Please keep ${formatRupees(f.balance)} ready to pay the courier.` : null;
  const parcel = `${f.courierName} tracking number (AWB): ${f.awb}`;
  switch (kind) {
    case 'picked-up':
      return {
        subject: `Your order ${f.number} is on its way - ${shopName}`,
        paragraphs: [`${f.courierName} picked up your order ${f.number}.${by}`, parcel, ...(pay ? [pay] : [])],
      };
    case 'out-for-delivery':
      return {
        subject: `Your order ${f.number} is out for delivery today - ${shopName}`,
        paragraphs: [`${f.courierName} is bringing your order ${f.number} today.`, parcel, ...(pay ? [pay] : [])],
      };
    case 'delivery-failed':
      return {
        subject: `We could not deliver your order ${f.number} - ${shopName}`,
        paragraphs: [
          `${f.courierName} could not deliver your order ${f.number}.`,
          `The courier says: ${f.reason ?? 'no reason given'}`,
          ...(f.choiceLink
            ? [
                `Choose what happens next (another day, a corrected phone or landmark, or cancel): ${f.choiceLink}`,
                'Without a choice the courier will try again.',
              ]
            : [
                'The courier will try again. If you need a different day, or your phone or landmark changed, please reply to this mail or call us.',
              ]),
          parcel,
        ],
      };
    case 'delivered':
      return {
        subject: `Your order ${f.number} was delivered - ${shopName}`,
        paragraphs: [`Your order ${f.number} was delivered. Thank you for shopping with us!`],
      };
  }
}

/** Plain text and simple HTML of one shipment mail (every value escaped in the HTML). */
export function composeShipmentMail(kind: StepMail, f: ShipmentMailFacts, config: Config) {
  const shop = config.shop;
  const base = publicBase(config);
  const ordersLink = `${base}${PAGE.orders}`;
  const w = wording(kind, f, shop.name);
  const hello = `Hello ${f.customerName},`;
  const track = f.link ? `Track it on ${f.courierName}'s site: ${f.link}` : null;
  const text = mailText(
    [
      hello,
      '',
      ...w.paragraphs.flatMap((p) => [p, '']),
      ...(track ? [track, ''] : []),
      `See your orders: ${ordersLink}`,
    ],
    shop,
  );
  const e = escapeHtml;
  const html = mailHtml(
    [
      `<p>${e(hello)}</p>`,
      ...w.paragraphs.map((p) => `<p>${e(p)}</p>`),
      ...(f.link ? [`<p><a href="${e(f.link)}">Track it on ${e(f.courierName)}'s site</a></p>`] : []),
      `<p><a href="${e(ordersLink)}">See your orders</a></p>`,
    ],
    shop,
  );
  return { subject: w.subject, text, html };
}

/**
 * The step's WhatsApp message, to a shopper who agreed (whatsapp/order-messages.ts); its id, for
 * the mail to wait behind (docs/decisions/031-whatsapp-channel.md). A failed delivery's message,
 * with its reschedule link, is not sent from here.
 */
function queueStepWhatsApp(
  trx: Transaction<Database>,
  config: Config,
  kind: StepMail,
  orderId: string,
  link: string | null,
): Promise<string | null> {
  switch (kind) {
    case 'picked-up':
      return queueShippedWhatsApp(trx, config, orderId, link ?? undefined);
    case 'out-for-delivery':
      return queueOutForDeliveryWhatsApp(trx, config, orderId);
    case 'delivered':
      return queueOrderWhatsApp(trx, config, 'delivered', orderId);
    case 'delivery-failed':
      return Promise.resolve(null);
  }
}

/**
 * Queues the step's messages to the shopper in `trx`: the WhatsApp message to a shopper who agreed
 * to it, and the mail (when the shopper gave an email), held behind that message so that it goes
 * only if WhatsApp fails.
 */
export async function queueShipmentMail(
  trx: Transaction<Database>,
  config: Config,
  kind: StepMail,
  orderId: string,
  /** The facts as the step change's transaction holds them (shipping/hooks.ts): not read again. */
  row: ShipmentFacts,
): Promise<void> {
  const link = trackingUrl(row.courier_name, row.awb);
  const reason = row.undelivered_reason ? plainLine(row.undelivered_reason) : null;
  // A failed delivery carries the shopper's choice link, on WhatsApp first when they agreed to it
  // (the mail is then held for that message and goes only if it fails, as order-mail.ts does);
  // the other steps send their own template (docs/decisions/040).
  if (kind === 'delivery-failed') await ensureLinkSecret(trx, config);
  const choiceLink = kind === 'delivery-failed' ? deliveryChoiceUrl(config, row.number) : null;
  const heldFor = choiceLink
    ? await queueDeliveryFailedWhatsApp(trx, config, orderId, reason ?? 'no one was available', choiceLink)
    : await queueStepWhatsApp(trx, config, kind, orderId, link);
  const to = row.email.trim();
  if (!to) return;
  const facts: ShipmentMailFacts = {
    number: row.number,
    customerName: plainLine(row.name || row.buyer_name),
    courierName: plainLine(row.courier_name) || 'The courier',
    awb: row.awb,
    link,
    expectedBy: row.expected_by,
    reason,
    choiceLink,
    balance: orderCodMoney(row).onDelivery,
  };
  await queueMail(trx, {
    kind: `shipment-${kind}`,
    to,
    ...composeShipmentMail(kind, facts, config),
    orderId,
    ...(heldFor ? { heldFor } : {}),
  });
}
