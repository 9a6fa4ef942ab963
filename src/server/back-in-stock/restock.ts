/**
 * The watch is back (docs/product.md#back-in-stock): every person waiting for it gets one
 * message, queued in the transaction that brought the stock back (decision 014's outbox), so the
 * message exists exactly when the stock does. Called by every write that can make a watch orderable
 * again: the owner's edit and in-stock toggle (catalog/product-writes.ts) and stock put back by a
 * cancellation or a return (orders/stock.ts returnStock).
 *
 * Once per wait: each request is claimed by a conditional update (`notified_at is null`), and only
 * the transaction whose update changed it queues the message. Two restocks, or two app processes
 * restocking at once, find it claimed the second time (PostgreSQL re-checks the condition on the
 * committed row; SQLite has one writer).
 */
import type { Kysely, Transaction } from 'kysely';
import { productPath } from '../../common/catalog.ts';
import { isOrderable } from '../cart/queries.ts';
import { registerRestockHook } from '../catalog/restock-hooks.ts';
import { type Config, publicBase } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Database } from '../db/tables.ts';
import { escapeHtml } from '../http/html.ts';
import { mailHtml, mailText } from '../notifications/mail-layout.ts';
import { queueMail } from '../notifications/outbox.ts';
import { queueShopperWhatsApp } from '../notifications/whatsapp/daily-cap.ts';
import { toE164 } from '../notifications/whatsapp/outbox.ts';
import { fillBody, templateParam, WHATSAPP_TEMPLATES, whatsappLanguage } from '../notifications/whatsapp-templates.ts';

type Trx = Kysely<Database> | Transaction<Database>;

export type BackInStockChannel = 'whatsapp' | 'mail' | 'none';

interface Waiting {
  phone: string | null;
  email: string | null;
  whatsapp_consent_at: string | null;
  whatsapp_proven_at: string | null;
}

/**
 * How this person hears of it: WhatsApp when they gave a phone, ticked the box (back_in_stock is a
 * marketing template: that tick is the consent to it, and STOP takes it back), the phone sent the
 * request's code (whatsapp/proof-codes.ts: a typed number proves nothing) and the shop has
 * WhatsApp set up; else a mail when they gave an email; else nothing.
 */
export function channelFor(config: Config, w: Waiting): BackInStockChannel {
  if (config.whatsapp && w.phone && w.whatsapp_consent_at !== null && w.whatsapp_proven_at !== null) return 'whatsapp';
  return w.email ? 'mail' : 'none';
}

/** The mail: plain text and simple HTML, every value escaped. */
export function composeBackInStockMail(config: Config, name: string, link: string) {
  const shop = config.shop;
  const subject = `Back in stock: ${name}`;
  const lines = [
    'Good news: the watch you asked about is back in stock.',
    `${name}: ${link}`,
    'We sent this once, because you asked on our shop to be told. We will not write again about it.',
  ];
  const text = mailText(lines, shop);
  const e = escapeHtml;
  const html = mailHtml(
    [`<p>${e(lines[0] ?? '')}</p>`, `<p><a href="${e(link)}">${e(name)}</a></p>`, `<p>${e(lines[2] ?? '')}</p>`],
    shop,
  );
  return { subject, text, html };
}

/**
 * Queues one message per person waiting for this watch, if it is orderable now; returns how many
 * were queued (the caller nudges the workers after its commit). Cheap when nobody waits: one read.
 */
export async function queueBackInStock(trx: Trx, config: Config, productId: string): Promise<number> {
  const waiting = await trx
    .selectFrom('back_in_stock_requests')
    .select(['id', 'phone', 'email', 'whatsapp_consent_at', 'whatsapp_proven_at', 'language'])
    .where('product_id', '=', productId)
    .where('notified_at', 'is', null)
    .orderBy('created_at')
    .execute();
  if (waiting.length === 0) return 0;
  const product = await trx
    .selectFrom('products')
    .select(['id', 'name', 'in_stock', 'stock_count', 'deleted_at'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product || !isOrderable(product)) return 0;

  const base = publicBase(config);
  const link = `${base}${productPath(product)}`;
  const name = templateParam(product.name, 120);
  const template = WHATSAPP_TEMPLATES.back_in_stock;
  const at = nowIso();
  let queued = 0;
  for (const w of waiting) {
    const channel = channelFor(config, w);
    // The claim: only the transaction that changes the row sends its message.
    const claimed = await trx
      .updateTable('back_in_stock_requests')
      .set({ notified_at: at, channel })
      .where('id', '=', w.id)
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    if (channel === 'whatsapp' && w.phone) {
      const language = whatsappLanguage(w.language);
      const body = [name, link];
      const id = await queueShopperWhatsApp(trx, config, {
        kind: 'back-in-stock',
        to: toE164(w.phone),
        content: { template: template.name, language, body, buttons: [] },
        preview: fillBody(template.body[language], body),
      });
      if (id === null) {
        // The number had its day's messages already (daily-cap.ts): recorded as not sent.
        await trx.updateTable('back_in_stock_requests').set({ channel: 'none' }).where('id', '=', w.id).execute();
        continue;
      }
    } else if (channel === 'mail' && w.email) {
      await queueMail(trx, { kind: 'back-in-stock', to: w.email, ...composeBackInStockMail(config, name, link) });
    } else continue;
    queued += 1;
  }
  return queued;
}

/** A watch back in stock, from catalog or orders (catalog/restock-hooks.ts), queues the messages. */
export function registerBackInStockHooks(): void {
  registerRestockHook(queueBackInStock);
}
