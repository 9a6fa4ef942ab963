/**
 * The cart reminder (docs/product.md#cart-reminder; docs/decisions/039-back-in-stock-and-cart-reminder.md):
 * one WhatsApp message, no discount, to a logged-in shopper who agreed to updates and to offers
 * (cart_reminder is a marketing template) and whose server cart has not changed for
 * CART_REMINDER_HOURS. Never a second for the same cart: the reminder is tied to the cart's last
 * change (users.cart_changed_at), so only a cart changed after it, and then left another 24 hours,
 * can have another. Without WhatsApp's settings nothing is sent (as before this feature).
 *
 * Every app process runs the sweep (cart-reminder-plugin.ts); the conditional update that records the
 * reminder is the claim, so two processes never remind one cart twice (as the unpaid-order expiry,
 * orders/unpaid.ts).
 */
import { plainLine } from '../../../common/text.ts';
import { type Config, publicBase } from '../../config.ts';
import { nowIso } from '../../db/ids.ts';
import type { Db } from '../../db/tables.ts';
import { fillBody, greetingName, templateParam, WHATSAPP_TEMPLATES, whatsappLanguage } from '../whatsapp-templates.ts';
import { accountProven } from './consent.ts';
import { queueShopperWhatsApp } from './daily-cap.ts';
import { whatsappAllowed } from './order-messages.ts';
import { toE164 } from './outbox.ts';

export const CART_REMINDER_HOURS = 24;
/** Reminders queued per run at most: a backlog goes over a few runs. */
const BATCH = 100;

/** "Seiko Presage" or "Seiko Presage and 2 more watches": what the message says is in the cart. */
export function describeCart(names: readonly string[]): string {
  const [first = 'your watches', ...rest] = names;
  const name = templateParam(plainLine(first), 80);
  if (rest.length === 0) return name;
  return `${name} and ${rest.length} more ${rest.length === 1 ? 'watch' : 'watches'}`;
}

/**
 * Queues the reminders due at `now`; returns the ids of the shoppers this call reminded (another
 * process may have reminded others).
 */
export async function sendCartReminders(db: Db, config: Config, now = Date.now()): Promise<string[]> {
  if (!config.whatsapp) return [];
  const cutoff = nowIso(now - CART_REMINDER_HOURS * 3_600_000);
  const due = await db
    .selectFrom('users')
    .select(['id', 'cart_changed_at'])
    .where('cart_changed_at', '<=', cutoff)
    .where((eb) => eb.or([eb('cart_reminded_at', 'is', null), eb('cart_reminded_at', '<', eb.ref('cart_changed_at'))]))
    .where('whatsapp_consent_at', 'is not', null)
    .where('offers_consent_at', 'is not', null)
    .where('deleted_at', 'is', null)
    // Only a number proven the account's (proof-codes.ts): an unproven cart is never claimed, so it
    // can still be reminded once its number is proven.
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('whatsapp_proofs')
          .select('whatsapp_proofs.id')
          .whereRef('whatsapp_proofs.user_id', '=', 'users.id')
          .whereRef('whatsapp_proofs.phone', '=', 'users.phone'),
      ),
    )
    .where((eb) =>
      eb.exists(eb.selectFrom('cart_items').select('user_id').whereRef('cart_items.user_id', '=', 'users.id')),
    )
    .orderBy('cart_changed_at')
    .limit(BATCH)
    .execute();
  const base = publicBase(config);
  const template = WHATSAPP_TEMPLATES.cart_reminder;
  const reminded: string[] = [];
  for (const user of due) {
    const done = await db.transaction().execute(async (trx) => {
      // The claim: the cart is still the one found (unchanged since) and not reminded yet.
      const claimed = await trx
        .updateTable('users')
        .set({ cart_reminded_at: nowIso(now) })
        .where('id', '=', user.id)
        .where('cart_changed_at', '=', user.cart_changed_at)
        .where((eb) =>
          eb.or([eb('cart_reminded_at', 'is', null), eb('cart_reminded_at', '<', eb.ref('cart_changed_at'))]),
        )
        .returning(['name', 'phone', 'language', 'whatsapp_consent_at', 'offers_consent_at', 'deleted_at'])
        .executeTakeFirst();
      // Consent and proof read again in the claim: a STOP or a new number since the search is respected.
      if (!claimed || !whatsappAllowed(claimed, template.category)) return false;
      if (!(await accountProven(trx, user.id, claimed.phone))) return false;
      const lines = await trx
        .selectFrom('cart_items')
        .innerJoin('products', 'products.id', 'cart_items.product_id')
        .select(['products.id', 'products.name'])
        .where('cart_items.user_id', '=', user.id)
        .orderBy('cart_items.added_at')
        .orderBy('cart_items.product_id')
        .execute();
      if (lines.length === 0) return false;
      const language = whatsappLanguage(claimed.language);
      const body = [greetingName(claimed.name, language), describeCart(lines.map((l) => l.name)), `${base}/cart`];
      const queued = await queueShopperWhatsApp(trx, config, {
        kind: 'cart-reminder',
        to: toE164(claimed.phone),
        content: { template: template.name, language, body, buttons: [] },
        preview: fillBody(template.body[language], body),
      });
      return queued !== null;
    });
    if (done) reminded.push(user.id);
  }
  return reminded;
}
