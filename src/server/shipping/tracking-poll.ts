/**
 * The poll for parcels whose webhooks went missing (docs/product.md#shipping): a parcel booked
 * through a courier's API, still on its way, with no event received for 12 hours, is asked about
 * (Courier.track) and what the courier says is applied like a webhook's events (applyTrackingEvent:
 * a repeat changes nothing).
 */
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { applyTrackingEvent } from './apply-event.ts';
import type { Courier } from './courier.ts';

export const QUIET_HOURS = 12;
/** Steps after which nothing more is expected from the courier. */
const FINAL_STEPS = ['delivered', 'rto_delivered', 'cancelled'];

/** Booked parcels of this courier with no event received since `since` (and booked before it). */
export async function quietParcels(db: Db, courierId: string, since: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('shipments')
    .select('awb')
    .where('courier', '=', courierId)
    .where('booking_state', '=', 'booked')
    .where('awb', 'is not', null)
    .where('step', 'not in', FINAL_STEPS)
    .where('booked_at', '<', since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('shipment_events')
            .select(sql<number>`1`.as('one'))
            .whereRef('shipment_events.awb', '=', 'shipments.awb')
            .where('shipment_events.received_at', '>=', since),
        ),
      ),
    )
    .orderBy('booked_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.awb).filter((a): a is string => a !== null);
}

export interface PollLog {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

/**
 * Asks the courier about each quiet parcel and applies what it says. `recent` remembers when this
 * process last asked about an AWB, so a parcel the courier has nothing new on is asked about once
 * per quiet period, not on every round. Returns the events applied (moved a step or joined the history).
 */
export async function pollQuietParcels(
  db: Db,
  config: Config,
  courier: Courier,
  log: PollLog,
  recent: Map<string, number>,
  opts: { now?: number; limit?: number } = {},
): Promise<number> {
  // A courier without a tracking call (the manual courier): its steps are the owner's.
  const track = courier.track?.bind(courier);
  if (!track) return 0;
  const now = opts.now ?? Date.now();
  const quietMs = QUIET_HOURS * 3_600_000;
  const awbs = await quietParcels(db, courier.id, nowIso(now - quietMs), opts.limit ?? 50);
  let applied = 0;
  for (const awb of awbs) {
    if (now - (recent.get(awb) ?? 0) < quietMs) continue;
    recent.set(awb, now);
    const events = await track(awb);
    for (const event of events) {
      const result = await applyTrackingEvent(db, config, event);
      if (result.outcome === 'applied' || result.outcome === 'history') applied++;
    }
  }
  if (applied > 0) log.info({ parcels: awbs.length, applied }, 'tracking poll: events applied');
  return applied;
}
