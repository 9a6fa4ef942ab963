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
 */

import type { DeliveryCheck } from '../../common/schemas/shipping.ts';
import { deliveryCheckMessage } from '../../common/shipments.ts';
import type { Courier, Serviceability } from './courier.ts';
import { manualCourier } from './manual-courier.ts';
import { addressPincode } from './pincode-places.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_KEPT = 25_000;
/** The weight the check asks about: one boxed watch (the shop default is per parcel, not needed here). */
const CHECK_GRAMS = 500;

export interface DeliveryChecker {
  check(pincode: string): Promise<DeliveryCheck>;
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

  async function ask(pincode: string): Promise<Serviceability> {
    const hit = kept.get(pincode);
    if (hit && hit.until > now()) return hit.answer;
    let answer: Serviceability;
    try {
      answer = await courier.serviceability(pincode, { cod: true, weightGrams: CHECK_GRAMS });
    } catch (err) {
      opts.onError?.(err);
      return manualCourier.serviceability(pincode, { cod: true, weightGrams: CHECK_GRAMS });
    }
    // The oldest entry leaves first (a Map keeps insertion order).
    kept.delete(pincode);
    if (kept.size >= maxKept) kept.delete(kept.keys().next().value as string);
    kept.set(pincode, { answer, until: now() + ttl });
    return answer;
  }

  async function check(pincode: string): Promise<DeliveryCheck> {
    const a = await ask(pincode);
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
