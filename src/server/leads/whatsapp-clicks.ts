/**
 * Recording BUY NOW chat clicks as WhatsApp leads (docs/product.md#better-14).
 * Anyone may click, so both limits are database slots (auth/rate-limit.ts) that
 * every app process shares: a visitor's clicks on one watch make one lead in 10
 * minutes, and an address records at most 20 clicks a minute.
 */
import { addressKey, type Limit, takeSlots } from '../auth/rate-limit.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { AppError, notFound } from '../http/errors.ts';

/** A visitor clicking BUY NOW on the same watch again within this time is the same lead. */
export const SAME_LEAD_MS = 10 * 60_000;
/** Clicks counted per client address per minute. */
export const CLICKS_PER_MINUTE = 20;
export const TOO_MANY_CLICKS = 'Too many requests, please wait a moment';

export interface Clicker {
  ip: string;
  /** The logged-in shopper, when there is one. */
  userId: string | null;
}

/** Records the click; returns false when it was the same visitor's repeat (no new lead). */
export async function recordWhatsappClick(db: Db, productId: string, clicker: Clicker): Promise<boolean> {
  const product = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!product) throw notFound('This product does not exist');
  const user = clicker.userId
    ? await db.selectFrom('users').select(['name', 'phone']).where('id', '=', clicker.userId).executeTakeFirst()
    : undefined;
  const address = addressKey(clicker.ip);
  // A shopper is themselves wherever they click from; a visitor without an account is their address.
  const visitor = clicker.userId ?? `@${address}`;
  const perAddress: Limit = { key: `lead-clicks@${address}`, max: CLICKS_PER_MINUTE, windowMs: 60_000 };
  const once: Limit = { key: `lead:${visitor}:${product.id}`, max: 1, windowMs: SAME_LEAD_MS };
  const full = await takeSlots(db, [perAddress, once]);
  if (full === perAddress) throw new AppError(429, 'too_many_requests', TOO_MANY_CLICKS);
  if (full === once) return false;
  await db
    .insertInto('leads')
    .values({
      id: newId(),
      platform: 'whatsapp',
      customer: user?.name ?? 'Website visitor',
      phone: user?.phone ?? '',
      product_id: product.id,
      product_name: product.name,
      quantity: 1,
      created_at: nowIso(),
      created_by: null,
    })
    .execute();
  return true;
}
