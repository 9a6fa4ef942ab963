/**
 * The tracking benchmark's stream of courier webhooks (issue 23): for each parcel, the scans a
 * delivery goes through, as Shiprocket's tracking webhook sends them (shiprocketWebhookBody, the
 * documented payload), with what a real stream also holds:
 * - a failed first attempt on 1 parcel in 20 (out for delivery, undelivered, out for delivery again);
 * - 1 parcel in 10 whose "reached destination hub" arrives after "out for delivery" (kept in the
 *   history only: the step never moves back);
 * - 1 delivery in 10 sent twice (Shiprocket retries when it missed our 200): changes nothing.
 * Parcels are interleaved the way a courier's stream is (many parcels in flight); the sender
 * (tracking-entry.ts) sends a parcel's next event only once its previous one was answered, so one
 * parcel's events never race each other and the outcomes (applied, history, duplicate) are known
 * in advance and checked.
 */
import { shiprocketWebhookBody } from '../../src/server/shipping/couriers/shiprocket/fake.ts';

export interface Delivery {
  awb: string;
  /** The webhook's JSON, as Shiprocket POSTs it. */
  body: Record<string, unknown>;
  expect: 'applied' | 'history' | 'duplicate';
}

export interface EventStream {
  deliveries: Delivery[];
  expected: { applied: number; history: number; duplicate: number };
}

/** A fixed pseudo-random sequence, so every run sends the same mix. */
function sequence(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const HOUR = 3_600_000;

/** One parcel's scans, in the order the courier sends them. */
function parcelScans(awb: string, start: number, index: number) {
  const scan = (statusId: number, status: string, hours: number, location: string, activity?: string) =>
    shiprocketWebhookBody({ awb, statusId, status, at: new Date(start + hours * HOUR), location, activity });
  const pickedUp = scan(42, 'PICKED UP', 2, 'Mumbai_Hub (Maharashtra)');
  const inTransit = scan(18, 'IN TRANSIT', 9, 'Bhiwandi_Gateway (Maharashtra)');
  const atHub = scan(38, 'REACHED AT DESTINATION HUB', 30, 'Pune_Hub (Maharashtra)');
  const out = scan(17, 'OUT FOR DELIVERY', 40, 'Pune_Hub (Maharashtra)');
  const delivered = scan(7, 'DELIVERED', 45, 'Pune_Hub (Maharashtra)');
  const late = index % 10 === 3;
  const failed = index % 20 === 7;
  const scans: Array<{ body: Record<string, unknown>; expect: Delivery['expect'] }> = [
    { body: pickedUp, expect: 'applied' },
    { body: inTransit, expect: 'applied' },
  ];
  if (!late) scans.push({ body: atHub, expect: 'applied' });
  scans.push({ body: out, expect: 'applied' });
  if (late) scans.push({ body: atHub, expect: 'history' });
  if (failed) {
    scans.push(
      { body: scan(21, 'UNDELIVERED', 44, 'Pune_Hub (Maharashtra)', 'Customer not available'), expect: 'applied' },
      { body: scan(17, 'OUT FOR DELIVERY', 64, 'Pune_Hub (Maharashtra)'), expect: 'applied' },
    );
  }
  scans.push({ body: failed ? scan(7, 'DELIVERED', 68, 'Pune_Hub (Maharashtra)') : delivered, expect: 'applied' });
  return scans;
}

export function eventStream(awbs: readonly string[], seed: number): EventStream {
  const random = sequence(seed);
  const start = Date.parse('2026-11-20T04:00:00.000Z');
  const perParcel = awbs.map((awb, i) => {
    const list: Delivery[] = [];
    for (const s of parcelScans(awb, start + i * 60_000, i)) {
      list.push({ awb, body: s.body, expect: s.expect });
      if (random() < 0.1) list.push({ awb, body: s.body, expect: 'duplicate' });
    }
    return list;
  });
  // Parcels report in no fixed order (a shuffle, Fisher-Yates), in the same order wave after wave:
  // a parcel's next event comes about a wave of other parcels' events later.
  const order = perParcel.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const deliveries: Delivery[] = [];
  const longest = Math.max(...perParcel.map((l) => l.length));
  for (let k = 0; k < longest; k++) {
    for (const i of order) {
      const delivery = perParcel[i]?.[k];
      if (delivery) deliveries.push(delivery);
    }
  }
  const count = (e: Delivery['expect']) => deliveries.filter((d) => d.expect === e).length;
  return {
    deliveries,
    expected: { applied: count('applied'), history: count('history'), duplicate: count('duplicate') },
  };
}
