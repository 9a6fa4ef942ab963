/**
 * The review messages (docs/product.md#reviews): the ask after delivery, its one reminder, and the
 * word that a review was not published with the policy's reason. Like an order's messages
 * (notifications/order-mail.ts), a WhatsApp template goes first to a number the shopper proved
 * and agreed to (docs/whatsapp.md#numbers-proven-first), and the mail is held behind it, sent only
 * if that fails; without WhatsApp the mail goes alone. Queued in the caller's transaction.
 * Nothing the shopper typed is in them but the first name's letters (greetingName).
 */
import type { WhatsAppKind } from '../../common/whatsapp-kinds.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/tables.ts';
import { escapeHtml } from '../http/html.ts';
import { mailHtml, mailText } from '../notifications/mail-layout.ts';
import { queueMail } from '../notifications/outbox.ts';
import { accountProven } from '../notifications/whatsapp/consent.ts';
import { queueShopperWhatsApp } from '../notifications/whatsapp/daily-cap.ts';
import { whatsappAllowed } from '../notifications/whatsapp/order-messages.ts';
import { toE164 } from '../notifications/whatsapp/outbox.ts';
import {
  fillBody,
  greetingName,
  templateParam,
  WHATSAPP_TEMPLATES,
  type WhatsAppLanguage,
  whatsappLanguage,
} from '../notifications/whatsapp-templates.ts';
import { orderForMessage } from '../orders/message-read.ts';
import { reviewLinkUrl } from './link.ts';

export type ReviewMessageKind = Extract<WhatsAppKind, 'review-request' | 'review-reminder' | 'review-rejected'>;

const TEMPLATE = {
  'review-request': WHATSAPP_TEMPLATES.review_request,
  'review-reminder': WHATSAPP_TEMPLATES.review_reminder,
  'review-rejected': WHATSAPP_TEMPLATES.review_rejected,
} as const;

interface Facts {
  name: string;
  number: string;
  link: string;
  /** The policy's words, for a rejection. */
  reason: string;
}

function mailWords(kind: ReviewMessageKind, f: Facts, shop: string): { subject: string; paragraphs: string[] } {
  switch (kind) {
    case 'review-request':
      return {
        subject: `How is your watch? Review order ${f.number} - ${shop}`,
        paragraphs: [
          `Your order ${f.number} was delivered. Would you tell other buyers what you think of it?`,
          'Give it 1 to 5 stars, a few words and up to 4 photos if you like. Every rating is published under our reviews policy, whatever it is.',
        ],
      };
    case 'review-reminder':
      return {
        subject: `A last reminder: review order ${f.number} - ${shop}`,
        paragraphs: [
          `Your review of order ${f.number} would help other buyers choose. This is our last reminder; we will not ask again.`,
        ],
      };
    case 'review-rejected':
      return {
        subject: `Your review of order ${f.number} was not published - ${shop}`,
        paragraphs: [
          `We could not publish your review of order ${f.number}.`,
          `Reason: ${f.reason}`,
          'You can read it and write it again from the link below.',
        ],
      };
  }
}

function whatsappParams(kind: ReviewMessageKind, f: Facts): string[] {
  return kind === 'review-rejected' ? [f.name, f.number, f.reason, f.link] : [f.name, f.number, f.link];
}

/** Queues this kind's message about the order's review in `trx`: WhatsApp first, the mail held behind it. */
export async function queueReviewMessage(
  trx: Db,
  config: Config,
  kind: ReviewMessageKind,
  orderId: string,
  reason = '',
): Promise<void> {
  const order = await orderForMessage(trx).where('orders.id', '=', orderId).executeTakeFirst();
  if (!order) throw new Error(`queueReviewMessage: no order ${orderId}`);
  const link = await reviewLinkUrl(trx, config, order.number);
  const language: WhatsAppLanguage = whatsappLanguage(order.language);
  const template = TEMPLATE[kind];
  let heldFor: string | null = null;
  if (
    config.whatsapp &&
    whatsappAllowed(order, template.category) &&
    (await accountProven(trx, order.user_id, order.user_phone))
  ) {
    const body = whatsappParams(kind, {
      name: greetingName(order.name, language),
      number: order.number,
      link,
      reason,
    }).map((p) => templateParam(p));
    heldFor = await queueShopperWhatsApp(trx, config, {
      kind,
      to: toE164(order.user_phone),
      content: { template: template.name, language, body, buttons: [] },
      preview: fillBody(template.body[language], body),
      orderId,
    });
  }
  const to = order.email.trim();
  if (!to) return;
  const hello = `Hello ${greetingName(order.name, 'en')},`;
  const words = mailWords(kind, { name: '', number: order.number, link, reason }, config.shop.name);
  const linkText = kind === 'review-rejected' ? 'Read your review' : 'Write your review';
  const text = mailText([hello, '', ...words.paragraphs.flatMap((p) => [p, '']), `${linkText}: ${link}`], config.shop);
  const e = escapeHtml;
  const html = mailHtml(
    [
      `<p>${e(hello)}</p>`,
      ...words.paragraphs.map((p) => `<p>${e(p)}</p>`),
      `<p><a href="${e(link)}">${e(linkText)}</a></p>`,
    ],
    config.shop,
  );
  await queueMail(trx, { kind, to, subject: words.subject, text, html, orderId, heldFor });
}
