/**
 * "Notify me" on an out-of-stock watch (docs/product.md#back-in-stock): anyone, with or without an
 * account, leaves a phone (for one WhatsApp message) or an email, once per watch. The request is
 * stored in a transaction that first takes the watch's row lock (the no-op update), so it cannot
 * slip past a restock committing at the same moment: either the restock sees the request, or the
 * request sees the watch back in stock and says so.
 */
import {
  contactKind,
  NOTIFY_ADDED,
  NOTIFY_ALREADY,
  NOTIFY_IN_STOCK,
  NOTIFY_NO_WHATSAPP,
  NOTIFY_WHATSAPP_NEEDED,
} from '../../common/back-in-stock-rules.ts';
import type { NotifyMeReply } from '../../common/schemas/back-in-stock.ts';
import { UNKNOWN_PRODUCT } from '../../common/schemas/cart.ts';
import { addressKey, giveBack, type Limit, takeSlots } from '../auth/rate-limit.ts';
import { isOrderable } from '../cart/queries.ts';
import type { Config } from '../config.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { accountProven } from '../notifications/whatsapp/consent.ts';
import { proofLinkFor } from '../notifications/whatsapp/proof-codes.ts';

/** Requests one address may make in an hour: enough for a family's watches, not for a list of strangers. */
export const NOTIFY_PER_ADDRESS = 20;
export const TOO_MANY_NOTIFY = 'You have asked about many watches in the last hour. Please try again later.';

export interface NotifyMe {
  productId: string;
  /** Checked by the form rules: 10 digits or an email, one plain line. */
  contact: string;
  whatsapp: boolean;
}

/**
 * Checks and stores the request; answers whether it is new, and for a phone not proven yet the
 * "Get updates on WhatsApp" link whose code proves it (whatsapp/proof-codes.ts): until it is
 * sent from that phone, the restock sends that phone nothing. Bad input throws a 4xx and changes
 * nothing.
 */
export async function requestBackInStock(
  db: Db,
  config: Config,
  input: NotifyMe,
  userId: string | null,
  ip: string,
): Promise<NotifyMeReply> {
  const kind = contactKind(input.contact);
  if (kind === 'phone' && !config.whatsapp) throw badRequest(NOTIFY_NO_WHATSAPP, { contact: NOTIFY_NO_WHATSAPP });
  if (kind === 'phone' && !input.whatsapp)
    throw badRequest(NOTIFY_WHATSAPP_NEEDED, { whatsapp: NOTIFY_WHATSAPP_NEEDED });
  const contact = kind === 'email' ? input.contact.toLowerCase() : input.contact;

  const limit: Limit = { key: `notify@${addressKey(ip)}`, max: NOTIFY_PER_ADDRESS, windowMs: 60 * 60_000 };
  if (await takeSlots(db, [limit])) throw new AppError(429, 'too_many_attempts', TOO_MANY_NOTIFY);
  let stored: { reply: NotifyMeReply; requestId: string | null; proven: boolean };
  try {
    stored = await writeTransaction(db, async (trx) => {
      // The watch's row lock (PostgreSQL; SQLite has one writer): a restock waits for this, or this for it.
      const product = await trx
        .updateTable('products')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', input.productId)
        .returning(['in_stock', 'stock_count', 'deleted_at'])
        .executeTakeFirst();
      if (!product || product.deleted_at !== null) throw notFound(UNKNOWN_PRODUCT);
      if (isOrderable(product)) throw new AppError(409, 'in_stock', NOTIFY_IN_STOCK);
      const user = userId
        ? await trx.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst()
        : undefined;
      const now = nowIso();
      // One waiting request per person and watch: the partial unique index turns a repeat into nothing.
      const inserted = await trx
        .insertInto('back_in_stock_requests')
        .values({
          id: newId(),
          product_id: input.productId,
          contact,
          phone: kind === 'phone' ? contact : null,
          email: kind === 'email' ? contact : null,
          user_id: userId,
          whatsapp_consent_at: kind === 'phone' ? now : null,
          language: user?.language ?? 'en',
          created_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      const reply = inserted
        ? { status: 'added' as const, message: NOTIFY_ADDED }
        : { status: 'already' as const, message: NOTIFY_ALREADY };
      if (kind !== 'phone') return { reply, requestId: null, proven: true };
      const waiting = await trx
        .selectFrom('back_in_stock_requests')
        .select(['id', 'whatsapp_proven_at'])
        .where('product_id', '=', input.productId)
        .where('contact', '=', contact)
        .where('notified_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (waiting.whatsapp_proven_at !== null) return { reply, requestId: waiting.id, proven: true };
      // The shopper's own account number, already proven, needs no second code.
      if (userId && (await accountProven(trx, userId, contact))) {
        await trx
          .updateTable('back_in_stock_requests')
          .set({ whatsapp_proven_at: now })
          .where('id', '=', waiting.id)
          .execute();
        return { reply, requestId: waiting.id, proven: true };
      }
      return { reply, requestId: waiting.id, proven: false };
    });
  } catch (err) {
    // Not stored after all: the slot was never used.
    await giveBack(db, [limit.key]);
    throw err;
  }
  if (stored.proven || stored.requestId === null) return stored.reply;
  // Stored; a code limit refused here answers 429, and asking again gives "already" with the link.
  const proof = await proofLinkFor(db, config, { phone: contact, userId, requestId: stored.requestId }, ip);
  return { ...stored.reply, proof };
}
