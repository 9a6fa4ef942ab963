/**
 * The messages of each step of an exchange or problem report (docs/product.md#after-sales;
 * docs/whatsapp.md `after_sales_update`), queued in the caller's transaction (the outboxes,
 * docs/decisions/014-outbox.md): the shopper's WhatsApp message when they agreed and proved their
 * number, with the mail held behind it (sent only if WhatsApp fails), or the mail alone; and the
 * owner's mail when a request comes in or a checked parcel waits for the next step.
 *
 * The WhatsApp message carries only the store's own sentences ({{4}} below, in the shopper's
 * language): text a shopper or the owner typed (a reason, a refusal) goes only by mail, escaped,
 * and on the orders page.
 */
import type { Kysely, Transaction } from 'kysely';
import { PROBLEM_LABELS, type Problem } from '../../common/after-sales-rules.ts';
import { POLICY } from '../../common/constants.ts';
import { formatRupees } from '../../common/money.ts';
import { ADMIN_PAGE, PAGE } from '../../common/page-paths.ts';
import { type Config, publicBase } from '../config.ts';
import type { Database } from '../db/tables.ts';
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

type Trx = Kysely<Database> | Transaction<Database>;

export type AfterSalesStep = 'asked' | 'refused' | 'approved' | 'received' | 'failed' | 'replacement' | 'refund';

/** {{4}} of `after_sales_update`: the store's own words for each step, in both languages. */
const STEP_WORDS: Record<AfterSalesStep, Record<WhatsAppLanguage, (due: string) => string>> = {
  asked: {
    en: () => 'we have received it and will answer within 2 days.',
    hi: () => 'हमें यह मिल गया है, हम 2 दिन में जवाब देंगे।',
  },
  refused: {
    en: () => 'we cannot accept it. Our reason is on your orders page and in our email.',
    hi: () => 'हम इसे स्वीकार नहीं कर सकते। कारण आपके ऑर्डर पेज पर और हमारे ईमेल में है।',
  },
  approved: {
    en: () => 'it is approved. Please pack the watch; how to send it back is on your orders page.',
    hi: () => 'यह स्वीकार हो गया है। कृपया घड़ी पैक करें; वापस भेजने का तरीका आपके ऑर्डर पेज पर है।',
  },
  received: {
    en: () => 'your watch is back with us and passed our check.',
    hi: () => 'आपकी घड़ी हमें मिल गई है और जाँच में ठीक पाई गई।',
  },
  failed: {
    en: () => 'your watch is back with us but did not pass our check. We will call you.',
    hi: () => 'आपकी घड़ी हमें मिल गई है पर जाँच में ठीक नहीं पाई गई। हम आपको फ़ोन करेंगे।',
  },
  replacement: {
    en: (due) =>
      due
        ? `your replacement order is placed. Please pay ${due} on your orders page to have it sent.`
        : 'your replacement order is placed and will be sent soon.',
    hi: (due) =>
      due
        ? `आपका बदले का ऑर्डर बन गया है। भेजने के लिए कृपया ऑर्डर पेज पर ${due} दें।`
        : 'आपका बदले का ऑर्डर बन गया है और जल्द भेजा जाएगा।',
  },
  refund: {
    en: () => `your refund will be sent within ${POLICY.refundBusinessDays} business days.`,
    hi: () => `आपका रिफ़ंड ${POLICY.refundBusinessDays} कार्य दिवसों में भेजा जाएगा।`,
  },
};

const SUBJECTS: Record<AfterSalesStep, string> = {
  asked: 'we received your request',
  refused: 'we cannot accept your request',
  approved: 'approved: please send the watch back',
  received: 'your watch is back and checked',
  failed: 'your watch did not pass our check',
  replacement: 'your replacement order',
  refund: 'your refund',
};

export interface StepFacts {
  requestId: string;
  step: AfterSalesStep;
  /** What the replacement order asks before it leaves (rupees), for 'replacement'. */
  due?: number;
  /** How to send the watch back, for 'approved' (plain lines the store wrote). */
  returnLines?: readonly string[];
}

async function readRequest(trx: Trx, requestId: string) {
  const request = await trx
    .selectFrom('after_sales_requests')
    .select(['id', 'number', 'order_id', 'kind', 'problem', 'reason', 'owner_note', 'wanted_name'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const order = await orderForMessage(trx).where('orders.id', '=', request.order_id).executeTakeFirstOrThrow();
  return { request, order };
}

/** The shopper's message of this step, and the owner's mail when the owner has something to do. */
export async function queueStepMessages(trx: Trx, config: Config, facts: StepFacts): Promise<void> {
  const { request, order } = await readRequest(trx, facts.requestId);
  const base = publicBase(config);
  const ordersLink = `${base}${PAGE.history}`;
  const due = facts.due ? formatRupees(facts.due) : '';
  let heldFor: string | null = null;
  if (config.whatsapp) {
    const template = WHATSAPP_TEMPLATES.after_sales_update;
    if (whatsappAllowed(order, template.category) && (await accountProven(trx, order.user_id, order.user_phone))) {
      const language = whatsappLanguage(order.language);
      const body = [
        greetingName(order.name, language),
        request.number,
        order.number,
        STEP_WORDS[facts.step][language](due),
        ordersLink,
      ].map((p) => templateParam(p));
      heldFor = await queueShopperWhatsApp(trx, config, {
        kind: 'after-sales',
        to: toE164(order.user_phone),
        content: { template: template.name, language, body, buttons: [] },
        preview: fillBody(template.body[language], body),
        orderId: order.id,
      });
    }
  }
  if (order.email) {
    const lines = [
      `Hello ${order.name},`,
      '',
      `About your request ${request.number} for order ${order.number}: ${STEP_WORDS[facts.step].en(due)}`,
      ...(facts.step === 'refused' && request.owner_note ? ['', 'Our reason:', request.owner_note] : []),
      ...(facts.step !== 'refused' && request.owner_note ? ['', 'Our note:', request.owner_note] : []),
      ...(facts.returnLines?.length ? ['', ...facts.returnLines] : []),
      '',
      `Your orders: ${ordersLink}`,
    ];
    const html = lines.map((l) => (l === '' ? '' : `<p>${escapeHtml(l)}</p>`)).filter((l) => l !== '');
    await queueMail(trx, {
      kind: `after-sales-${facts.step}`,
      to: order.email,
      subject: `${request.number} (order ${order.number}): ${SUBJECTS[facts.step]}`,
      text: mailText(lines, config.shop),
      html: mailHtml(html, config.shop),
      orderId: order.id,
      heldFor,
    });
  }
  if (facts.step === 'asked') await queueOwnerMail(trx, config, request, order);
}

async function queueOwnerMail(
  trx: Trx,
  config: Config,
  request: { number: string; kind: string; problem: string | null; reason: string; wanted_name: string | null },
  order: { number: string; buyer_name: string; user_phone: string; id: string },
): Promise<void> {
  const base = publicBase(config);
  const link = `${base}${ADMIN_PAGE.afterSales}`;
  const what =
    request.kind === 'exchange'
      ? `an exchange for ${request.wanted_name ?? 'another watch'}`
      : `a problem: ${PROBLEM_LABELS[request.problem as Problem] ?? request.problem}`;
  const lines = [
    `${order.buyer_name} (phone ${order.user_phone}) asks ${what} on order ${order.number}.`,
    '',
    'They wrote:',
    request.reason,
    '',
    `Approve or refuse it in your dashboard: ${link}`,
  ];
  await queueMail(trx, {
    kind: 'after-sales-owner',
    to: config.ownerEmail,
    subject: `${request.number}: ${request.kind === 'exchange' ? 'exchange' : 'problem'} asked on ${order.number}`,
    text: mailText(lines, config.shop, 'name'),
    html: mailHtml(
      lines.filter((l) => l !== '').map((l) => `<p>${escapeHtml(l)}</p>`),
      config.shop,
      'name',
    ),
    orderId: order.id,
  });
}
