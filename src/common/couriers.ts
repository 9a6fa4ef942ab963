/**
 * The couriers a small Indian shop books with, and each one's public tracking page
 * (docs/product.md#shipping). The owner picks one of these names on the order, or types another;
 * a known name gives the shopper a tracking link, an unknown one shows the AWB alone.
 *
 * The couriers publish no stable "deep link" contract, so each address below is the one their own
 * tracking pages answer and that shipping integrations use (checked 2026-11-27 in public code: Odoo's
 * Blue Dart connector, WooCommerce Shipment Tracking's provider list for DTDC, and courier lists
 * in several Indian storefronts for the others). A courier that moves its page is one line here.
 */

export interface KnownCourier {
  name: string;
  /** The courier's public tracking page for one AWB; `{awb}` is replaced (URL-encoded). */
  trackingUrl: string;
}

export const KNOWN_COURIERS: readonly KnownCourier[] = [
  { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{awb}' },
  { name: 'Blue Dart', trackingUrl: 'https://www.bluedart.com/trackdartresultthirdparty?trackFor=0&trackNo={awb}' },
  {
    name: 'DTDC',
    trackingUrl: 'https://www.dtdc.in/tracking/tracking_results.asp?Ttype=awb_no&strCnno={awb}&TrkType2=awb_no',
  },
  { name: 'Ekart', trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{awb}' },
  { name: 'Xpressbees', trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}' },
  { name: 'Ecom Express', trackingUrl: 'https://ecomexpress.in/tracking/?awb_field={awb}' },
  { name: 'Shadowfax', trackingUrl: 'https://tracker.shadowfax.in/#/track/{awb}' },
  // India Post's tracking page takes the number in its own form, not in the address: the link opens
  // it and the shopper pastes the AWB shown beside it.
  {
    name: 'India Post',
    trackingUrl: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
  },
];

/** The courier's name as typed or chosen: one line, at most 60 characters. */
export const COURIER_NAME_MAX = 60;
/** An AWB as couriers print them: 6 to 40 letters, digits and dashes. */
export const AWB_PATTERN = /^[A-Za-z0-9-]{6,40}$/;
export const AWB_MESSAGE = 'Please enter the tracking number (AWB): 6 to 40 letters, digits or dashes';

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The known courier a typed name means ("bluedart", "Blue Dart Express" -> Blue Dart), if any. */
export function knownCourier(name: string): KnownCourier | null {
  const typed = squash(name);
  if (!typed) return null;
  return KNOWN_COURIERS.find((c) => typed === squash(c.name) || typed.startsWith(squash(c.name))) ?? null;
}

/** The shopper's tracking link for this courier and AWB, or null for a courier we do not know. */
export function trackingUrl(courierName: string, awb: string): string | null {
  const courier = knownCourier(courierName);
  if (!courier || !AWB_PATTERN.test(awb)) return null;
  return courier.trackingUrl.replace('{awb}', encodeURIComponent(awb));
}
