/**
 * The manual courier (docs/product.md#shipping), the default with no courier settings: the owner
 * books the parcel on the courier's own site and types the courier's name and the AWB on the order;
 * the steps change by hand (../../admin-routes.ts). It has no API, so it has none of the Courier's
 * optional parts: the offline pincode directory answers serviceability (../../delivery-check.ts),
 * nothing is booked or polled, and a failed delivery's choice is phoned in by the owner.
 *
 * Its id also marks a parcel the owner typed by hand whatever courier the store books with.
 */
import type { Courier } from '../../courier.ts';
import type { CourierProvider } from '../provider.ts';

export const MANUAL_COURIER_ID = 'manual';

export const manualCourier: Courier = { id: MANUAL_COURIER_ID, title: 'the courier' };

/** Always set up, with no settings: the registry's last provider, chosen when no other is. */
export const manualProvider: CourierProvider = {
  id: MANUAL_COURIER_ID,
  settingsDocs: [],
  readSettings: () => ({ ok: true, setup: { id: MANUAL_COURIER_ID, create: () => manualCourier } }),
};
