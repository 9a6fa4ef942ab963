/**
 * At most WHATSAPP_DAILY_MAX messages to one shopper's number in an India day (issue 34 item 1;
 * docs/whatsapp.md#numbers-proven-first), counted in the database (rate_limits, the counters
 * every process shares) inside the transaction that queues the message, so a message rolled back
 * gives its slot back. Past the cap the message is not queued and the caller's mail goes instead.
 * The owner's own number (owner-messages.ts) is not capped: the owner set it.
 */
import { indiaDay } from '../../../common/india-time.ts';
import { takeSlot } from '../../auth/rate-limit.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/tables.ts';
import { type QueuedWhatsApp, queueWhatsApp } from './outbox.ts';

/** The day's key outlives its day, so a slot taken at 23:59 IST still counts until midnight. */
const KEY_LIFE_MS = 2 * 24 * 3_600_000;

/** Queues a message to a shopper's number if that number has room today; its id, or null (capped). */
export async function queueShopperWhatsApp(trx: Db, config: Config, message: QueuedWhatsApp): Promise<string | null> {
  const max = config.whatsapp?.dailyMax;
  if (max === undefined) return null;
  const now = Date.now();
  const key = `wa-day:${message.to.replace(/\D/g, '')}:${indiaDay(now)}`;
  if (!(await takeSlot(trx, { key, max, windowMs: KEY_LIFE_MS }, now))) return null;
  return queueWhatsApp(trx, message);
}
