/**
 * The manual courier (docs/product.md#shipping), the default with no courier settings: the owner books
 * the parcel on the courier's own site and types the courier's name and the AWB on the order; the
 * steps change by hand (admin-routes.ts). It answers serviceability from the offline pincode
 * directory, as the checkout's address form does: a pincode the directory knows is served, with
 * cash on delivery, and delivered within the store's promised window (DELIVERY_DAYS). Everything
 * else it refuses in words: the owner does it on the courier's site.
 */
import { DELIVERY_DAYS } from '../../common/constants.ts';
import { indiaDay } from '../../common/india-time.ts';
import { type Courier, CourierRefusal, type Serviceability } from './courier.ts';
import { pincodePlace } from './pincode-places.ts';

const BY_HAND = 'The manual courier is booked on the courier’s own site: type its name and the AWB on the order.';
const DAY_MS = 24 * 60 * 60 * 1000;

export const manualCourier: Courier = {
  id: 'manual',
  automatic: false,
  async serviceability(pincode: string): Promise<Serviceability> {
    const served = pincodePlace(pincode) !== null;
    return {
      pincode,
      served,
      cod: served,
      // The end of the window the order promises (common/orders.ts deliveryWindow): a date we can keep.
      expectedBy: served ? indiaDay(Date.now() + DELIVERY_DAYS.max * DAY_MS) : null,
    };
  },
  async book() {
    throw new CourierRefusal(BY_HAND);
  },
  async label() {
    throw new CourierRefusal(BY_HAND);
  },
  async pickup() {
    throw new CourierRefusal(BY_HAND);
  },
  async cancel() {
    throw new CourierRefusal(BY_HAND);
  },
  // No API to ask: the manual courier's events are the owner's own steps.
  async track() {
    return [];
  },
  async retryDelivery() {
    throw new CourierRefusal(BY_HAND);
  },
};
