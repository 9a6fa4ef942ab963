/**
 * The owner's WhatsApp messages (docs/whatsapp.md#the-owner): a new order, a submitted advance, a
 * failed delivery and a complaint also go to OWNER_WHATSAPP, as templates (a message that starts a
 * conversation must be one), queued in the transaction of the change they tell of, like the
 * owner's mails. They stand beside those mails, not in front of them: the owner gets both, and a
 * failed WhatsApp message releases nothing.
 *
 * Nothing is queued unless WhatsApp is set up and OWNER_WHATSAPP is set. Every shopper-typed
 * value is folded to one short plain line (templateParam): it reaches the owner's phone.
 */

import type { Kysely, Transaction } from 'kysely';
import type { CodMoney } from '../../../common/advance.ts';
import { formatRupees } from '../../../common/money.ts';
import { ADMIN_PAGE } from '../../../common/page-paths.ts';
import type { WhatsAppKind } from '../../../common/whatsapp-kinds.ts';
import { type Config, publicBase } from '../../config.ts';
import type { Database } from '../../db/tables.ts';
import { orderForMessage } from '../../orders/message-read.ts';
import { fillBody, type TemplateName, templateParam, WHATSAPP_TEMPLATES } from '../whatsapp-templates.ts';
import { queueWhatsApp } from './outbox.ts';

type Trx = Kysely<Database> | Transaction<Database>;

export type OwnerWhatsAppKind = Extract<WhatsAppKind, `owner-${string}`>;

const TEMPLATE: Record<OwnerWhatsAppKind, TemplateName> = {
  'owner-new-order': 'owner_new_order',
  'owner-advance-submitted': 'owner_advance_submitted',
  'owner-delivery-failed': 'owner_delivery_failed',
  'owner-complaint': 'owner_complaint',
  'owner-inbox-waiting': 'owner_inbox_waiting',
};

const base = publicBase;

/** Queues one owner message in `trx`; null when WhatsApp or OWNER_WHATSAPP is not set. */
export async function queueOwnerWhatsApp(
  trx: Trx,
  config: Config,
  kind: OwnerWhatsAppKind,
  params: string[],
  orderId: string | null,
): Promise<string | null> {
  if (!config.whatsapp || !config.ownerWhatsapp) return null;
  const template = WHATSAPP_TEMPLATES[TEMPLATE[kind]];
  const body = params.map((p) => templateParam(p));
  return queueWhatsApp(trx, {
    kind,
    to: config.ownerWhatsapp,
    content: { template: template.name, language: 'en', body, buttons: [] },
    preview: fillBody(template.body.en, body),
    orderId,
  });
}

/** What the owner's order messages tell: the order as the caller's transaction sees it. */
export interface OwnerOrderFacts {
  id: string;
  number: string;
  customerName: string;
  phone: string;
  total: number;
  /** By the one rule (common/advance.ts codMoney). */
  money: CodMoney;
  advanceUtr: string | null;
}

/** A new order, or a shopper's UPI reference to check (beside the owner's mail of that kind). */
export async function queueOwnerOrderWhatsApp(
  trx: Trx,
  config: Config,
  kind: 'new-order' | 'advance-submitted',
  o: OwnerOrderFacts,
): Promise<string | null> {
  const link = `${base(config)}${ADMIN_PAGE.orders}`;
  if (kind === 'new-order') {
    const advance = o.money.advance > 0 ? formatRupees(o.money.advance) : 'none';
    return queueOwnerWhatsApp(
      trx,
      config,
      'owner-new-order',
      [o.number, o.customerName, o.phone, formatRupees(o.total), advance, link],
      o.id,
    );
  }
  return queueOwnerWhatsApp(
    trx,
    config,
    'owner-advance-submitted',
    [o.number, o.customerName, o.advanceUtr ?? '(none)', formatRupees(o.money.advance), link],
    o.id,
  );
}

/** The courier could not deliver: the owner hears of it with the courier's reason. */
export async function queueOwnerDeliveryFailedWhatsApp(
  trx: Trx,
  config: Config,
  orderId: string,
): Promise<string | null> {
  if (!config.whatsapp || !config.ownerWhatsapp) return null;
  const row = await orderForMessage(trx)
    .leftJoin('shipments', 'shipments.order_id', 'orders.id')
    .select('shipments.undelivered_reason')
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  return queueOwnerWhatsApp(
    trx,
    config,
    'owner-delivery-failed',
    [
      row.number,
      row.name || row.buyer_name,
      row.user_phone,
      row.undelivered_reason ?? 'no reason given',
      `${base(config)}${ADMIN_PAGE.orders}`,
    ],
    orderId,
  );
}

/** A complaint from /contact: the owner must acknowledge it in time (docs/product.md#contact). */
export async function queueOwnerComplaintWhatsApp(
  trx: Trx,
  config: Config,
  c: { ticket: string; name: string; phone: string; message: string; answerBy: string },
): Promise<string | null> {
  return queueOwnerWhatsApp(
    trx,
    config,
    'owner-complaint',
    [c.ticket, c.name, c.phone, c.answerBy, c.message, `${base(config)}${ADMIN_PAGE.complaints}`],
    null,
  );
}
