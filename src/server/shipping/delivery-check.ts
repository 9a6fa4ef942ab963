/**
 * The pincode check before an order (docs/product.md#shipping): the chosen courier's serviceability,
 * in the words the product page and the checkout show, and the refusal of an order to a pincode the
 * courier does not serve or where cash on delivery is not possible.
 *
 * Answers are kept a day per pincode in this process's memory (docs/decisions/027-shipping-core.md):
 * a courier's serviceability changes rarely, a day-old answer is what the courier's own panels show,
 * and a memory map costs the shopper's request nothing, where a database cache would add a write to
 * a public read. Bounded (India has about 19,000 pincodes): a flood of made-up pincodes cannot grow it.
 * A courier that fails to answer is never a refusal: the offline directory answers instead and the
 * answer is not kept, so the order goes through and the owner books by hand.
 *
 * A pincode the offline directory does not know (a typo, a made-up one) is answered "not served"
 * from the directory, as the manual courier does, without asking the courier: 40 made-up pincodes
 * from one address made 40 serviceability calls (issue 34). The calls the courier still gets (a
 * real pincode not yet kept) pass the caller's gate first: the route limits them per address.
 */

import { DELIVERY_DAYS } from '../../common/constants.ts';
import { indiaDay } from '../../common/india-time.ts';
import type { DeliveryCheck } from '../../common/schemas/shipping.ts';
import { deliveryCheckMessage } from '../../common/shipments.ts';
import { addressKey, FIFTEEN_MINUTES, takeSlots } from '../auth/rate-limit.ts';
import type { Db } from '../db/tables.ts';
import { AppError } from '../http/errors.ts';
import type { Courier, Serviceability } from './courier.ts';
import { addressPincode, pincodePlace } from './pincode-places.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_KEPT = 25_000;
/** The weight the check asks about: one boxed watch (the shop default is per parcel, not needed here). */
const CHECK_GRAMS = 500;

/**
 * The offline directory's answer, for a courier without a serviceability call (the manual courier)
 * and whenever the courier's fails: a pincode the directory knows is served, with cash on delivery,
 * within the store's promised window (common/orders.ts deliveryWindow: a date we can keep).
 */
export function directoryServiceability(pincode: string, now = Date.now()): Serviceability {
  const served = pincodePlace(pincode) !== null;
  return { pincode, served, cod: served, expectedBy: served ? indiaDay(now + DELIVERY_DAYS.max * DAY_MS) : null };
}

/** Run before the courier is asked (never for a kept answer or the directory's): throws to refuse. */
export type CourierGate = () => Promise<void>;

export const PINCODE_TOO_MANY = 'Too many pincode checks from your connection. Please wait 15 minutes and try again.';
/** Pincodes one address may have the courier asked about in 15 minutes (kept answers are free). */
export const PINCODE_CHECKS_PER_ADDRESS = 20;

/** The route's gate: a database limit per address, so every app process counts the same. */
export function perAddressGate(db: Db, ip: string): CourierGate {
  return async () => {
    const limit = { key: `pincode@${addressKey(ip)}`, max: PINCODE_CHECKS_PER_ADDRESS, windowMs: FIFTEEN_MINUTES };
    if (await takeSlots(db, [limit])) throw new AppError(429, 'too_many_attempts', PINCODE_TOO_MANY);
  };
}

export interface DeliveryChecker {
  check(pincode: string, gate?: CourierGate): Promise<DeliveryCheck>;
  /** Why an order to this address is refused (the check's own words), or null when it may be placed. */
  refusal(address: string): Promise<string | null>;
}

export function deliveryChecker(
  courier: Courier,
  opts: { ttlMs?: number; maxKept?: number; now?: () => number; onError?: (err: unknown) => void } = {},
): DeliveryChecker {
  const ttl = opts.ttlMs ?? DAY_MS;
  const maxKept = opts.maxKept ?? MAX_KEPT;
  const now = opts.now ?? Date.now;
  const kept = new Map<string, { answer: Serviceability; until: number }>();

  async function ask(pincode: string, gate?: CourierGate): Promise<Serviceability> {
    const directory = () => directoryServiceability(pincode);
    // A courier without a serviceability call (the manual courier): the directory, nothing to limit.
    if (pincodePlace(pincode) === null || !courier.serviceability) return directory();
    const hit = kept.get(pincode);
    if (hit && hit.until > now()) return hit.answer;
    await gate?.();
    let answer: Serviceability;
    try {
      answer = await courier.serviceability(pincode, { cod: true, weightGrams: CHECK_GRAMS });
    } catch (err) {
      opts.onError?.(err);
      return directory();
    }
    // The oldest entry leaves first (a Map keeps insertion order).
    kept.delete(pincode);
    if (kept.size >= maxKept) kept.delete(kept.keys().next().value as string);
    kept.set(pincode, { answer, until: now() + ttl });
    return answer;
  }

  async function check(pincode: string, gate?: CourierGate): Promise<DeliveryCheck> {
    const a = await ask(pincode, gate);
    const answer = { pincode, served: a.served, cod: a.served && a.cod, expectedBy: a.served ? a.expectedBy : null };
    return { ...answer, message: deliveryCheckMessage(answer) };
  }

  return {
    check,
    async refusal(address: string) {
      // An address without a pincode (saved before the checkout's form asked for one) is not refused:
      // nothing can be checked, and the owner reads the address before booking.
      const pincode = addressPincode(address);
      if (!pincode) return null;
      const answer = await check(pincode);
      return answer.served && answer.cod ? null : answer.message;
    },
  };
}
