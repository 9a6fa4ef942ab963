/**
 * The Courier interface (../courier.ts) over Shiprocket's external API (client.ts), used when
 * SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD are set (docs/product.md#shipping).
 *
 * A booking is idempotent on our order number (docs/decisions/028-courier-booking.md): Shiprocket
 * has no idempotency key, and its create call with an order id it already has "does not change or
 * affect the existing order" (Create Custom Order notes). So every attempt first asks Shiprocket
 * for an order with our number (GET /orders?search=) and carries on with that one (its shipment,
 * its AWB if it has one) instead of creating a second: a retry after an answer lost on the way
 * back finds the order the lost answer was about.
 */
import { indiaDateTimeCell } from '../../../../common/india-time.ts';
import {
  type BookedParcel,
  type Courier,
  type CourierBooking,
  CourierRefusal,
  type CourierReturns,
  type CourierWebhook,
  type DeliveryRetry,
  type ParcelBooking,
  type ReturnBooking,
  type Serviceability,
  type TrackingEvent,
} from '../../courier.ts';
import type { ShiprocketClient, TrackAnswer } from './client.ts';
import type { ShiprocketSettings } from './settings.ts';
import { shiprocketDate, shiprocketTime, stepForStatus } from './status-map.ts';
import { shiprocketWebhook } from './webhook.ts';

/** Shiprocket's limit on billing_city ("Max char: 30", Create Custom Order). */
const CITY_MAX = 30;

/**
 * The body of POST /orders/create/adhoc for a parcel (openapi/shiprocket-create-or-update-order-api-openapi.yml,
 * Create Custom Order's parameter table).
 *
 * An order partly paid in advance (docs/product.md#booking-a-courier): Shiprocket's order has no
 * separate "amount to collect" field. Its documented money fields are each item's `selling_price`,
 * `shipping_charges`, `total_discount` ("The total discount amount in Rupee") and `sub_total`
 * ("Calculated sub total amount in Rupee after deductions"; "The total is not calculated
 * automatically through the API"), with `payment_method` COD or Prepaid; for a COD order the
 * courier collects that total. So the lines go at their full prices, the advance already received
 * is a deduction (`total_discount`), and `sub_total` is the balance: total less the order's own
 * stored advance, which is what the courier collects. An order with nothing left to collect goes
 * as Prepaid with its full value (for the courier's liability), and no deduction.
 */
export function shiprocketOrderBody(parcel: ParcelBooking, settings: ShiprocketSettings, shopEmail: string) {
  const linesTotal = parcel.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const cod = parcel.codAmount > 0;
  // The order's total beyond its lines (a delivery charge), or below them (a discount on the order).
  const extra = parcel.total - linesTotal;
  const shippingCharges = Math.max(0, extra);
  const orderDiscount = Math.max(0, -extra);
  const [first, ...rest] = parcel.buyerName.trim().split(/\s+/);
  return {
    order_id: parcel.orderNumber,
    order_date: indiaDateTimeCell(parcel.orderedAt),
    pickup_location: settings.pickupLocation,
    billing_customer_name: first ?? parcel.buyerName,
    billing_last_name: rest.join(' '),
    billing_address: parcel.address,
    billing_city: parcel.city.slice(0, CITY_MAX),
    billing_pincode: Number(parcel.pincode),
    billing_state: parcel.state,
    billing_country: 'India',
    // Required by Shiprocket; a shopper without an email gets the shop's, so no courier mail goes astray.
    billing_email: parcel.email ?? shopEmail,
    billing_phone: Number(parcel.phone.replace(/\D/g, '').slice(-10)),
    shipping_is_billing: true,
    order_items: parcel.lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      units: l.quantity,
      selling_price: l.unitPrice,
      discount: 0,
      hsn: l.hsn,
    })),
    payment_method: cod ? 'COD' : 'Prepaid',
    shipping_charges: shippingCharges,
    total_discount: cod ? parcel.advancePaid + orderDiscount : orderDiscount,
    sub_total: cod ? parcel.codAmount : parcel.total,
    length: parcel.lengthCm,
    breadth: parcel.breadthCm,
    height: parcel.heightCm,
    weight: gramsToKg(parcel.weightGrams),
  };
}

/**
 * The body of POST /orders/create/return for a return parcel (apidocs.shiprocket.in "Create Return
 * Order", its parameter table): pickup_* is where the courier collects it (the shopper), shipping_*
 * where it goes (the shop), payment_method PREPAID (a return collects nothing), the watch at its
 * price for the courier's liability.
 */
export function shiprocketReturnBody(parcel: ReturnBooking) {
  const [first, ...rest] = parcel.shopperName.trim().split(/\s+/);
  return {
    order_id: parcel.returnId,
    order_date: indiaDateTimeCell(parcel.askedAt),
    pickup_customer_name: first ?? parcel.shopperName,
    pickup_last_name: rest.join(' '),
    pickup_address: parcel.address,
    pickup_city: parcel.city.slice(0, CITY_MAX),
    pickup_state: parcel.state,
    pickup_country: 'India',
    pickup_pincode: Number(parcel.pincode),
    pickup_email: parcel.email ?? parcel.to.email,
    pickup_phone: parcel.phone.replace(/\D/g, '').slice(-10),
    shipping_customer_name: parcel.to.name,
    shipping_address: parcel.to.address,
    shipping_city: parcel.to.city.slice(0, CITY_MAX),
    shipping_country: 'India',
    shipping_pincode: Number(parcel.to.pincode),
    shipping_state: parcel.to.state,
    shipping_email: parcel.to.email,
    shipping_phone: parcel.to.phone.replace(/\D/g, '').slice(-10),
    order_items: parcel.lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      units: l.quantity,
      selling_price: l.unitPrice,
      discount: 0,
      hsn: l.hsn,
    })),
    payment_method: 'PREPAID',
    sub_total: parcel.total,
    length: parcel.lengthCm,
    breadth: parcel.breadthCm,
    height: parcel.heightCm,
    weight: gramsToKg(parcel.weightGrams),
  };
}

function gramsToKg(grams: number): number {
  return Math.round(grams) / 1000;
}

/** Scans (the poll) as tracking events, oldest first; a scan without a known status id is left out. */
export function scansToEvents(awb: string, tracking: TrackAnswer): TrackingEvent[] {
  const expectedBy = shiprocketDate(tracking.etd);
  const events: TrackingEvent[] = [];
  for (const scan of tracking.shipment_track_activities ?? []) {
    const statusId = scan['sr-status'];
    const step = stepForStatus(statusId);
    const at = shiprocketTime(scan.date);
    if (!step || !statusId || !at) continue;
    events.push({
      awb,
      statusId,
      statusText: scan['sr-status-label'] ?? scan.activity ?? '',
      step,
      at,
      location: scan.location,
      reason: step === 'undelivered' ? scan.activity : null,
      attempt: null,
      expectedBy,
    });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

export const SHIPROCKET_ID = 'shiprocket';

/** Shiprocket books, labels, picks up and cancels (`booking`), answers serviceability, tracks and takes NDR actions. */
export class ShiprocketCourier implements Courier, CourierBooking {
  readonly id = SHIPROCKET_ID;
  readonly title = 'Shiprocket';
  readonly booking: CourierBooking = this;
  readonly returns: CourierReturns = { bookReturn: (parcel) => this.bookReturn(parcel) };
  /** Only with SHIPROCKET_WEBHOOK_TOKEN: without it no webhook route, tracking by the poll. */
  readonly webhook: CourierWebhook | undefined;

  constructor(
    private readonly client: ShiprocketClient,
    private readonly settings: ShiprocketSettings,
    private readonly shopEmail: string,
  ) {
    this.webhook = settings.webhookToken ? shiprocketWebhook(settings.webhookToken) : undefined;
  }

  /**
   * Asked with the parcel's weight and the payment wanted. With COD wanted and no COD courier,
   * asked again as prepaid: "served, but not cash on delivery" differs from "not served".
   */
  async serviceability(pincode: string, opts: { cod: boolean; weightGrams: number }): Promise<Serviceability> {
    const ask = async (cod: boolean) => {
      const answer = await this.client.serviceability({
        pickupPostcode: this.settings.pickupPincode,
        deliveryPostcode: pincode,
        cod,
        weightKg: gramsToKg(opts.weightGrams),
      });
      const companies = answer.data?.available_courier_companies ?? [];
      const recommended = companies.find((c) => c.courier_company_id === answer.data?.recommended_courier_company_id);
      return { companies, recommended };
    };
    const first = await ask(opts.cod);
    const usable = opts.cod ? first.companies.filter((c) => c.cod) : first.companies;
    if (usable.length > 0) {
      const pick = first.recommended && usable.includes(first.recommended) ? first.recommended : usable[0]!;
      return { pincode, served: true, cod: usable.some((c) => c.cod), expectedBy: expected(pick) };
    }
    if (!opts.cod) return { pincode, served: false, cod: false, expectedBy: null };
    const prepaid = first.companies.length > 0 ? first : await ask(false);
    if (prepaid.companies.length === 0) return { pincode, served: false, cod: false, expectedBy: null };
    const pick = prepaid.recommended ?? prepaid.companies[0]!;
    return { pincode, served: true, cod: false, expectedBy: expected(pick) };
  }

  /**
   * A return, idempotent on our request number as a booking is on the order number: an order
   * Shiprocket already has under it is carried on with, then its AWB assigned (is_return: 1).
   * Its tracking events reach the one webhook route like any parcel's.
   */
  async bookReturn(parcel: ReturnBooking): Promise<BookedParcel> {
    const existing = (await this.client.findOrders(parcel.returnId)).find(
      (o) => !/cancel/i.test(o.status) && o.shipments.length > 0,
    );
    let courierOrderId: string;
    let shipmentId: string;
    let awb: string | null;
    let courierName: string;
    let pickupAt: string | null = null;
    if (existing) {
      const shipment = existing.shipments[0]!;
      courierOrderId = existing.id;
      shipmentId = shipment.id;
      awb = shipment.awb?.trim() || null;
      courierName = shipment.courier ?? '';
    } else {
      const created = await this.client.createReturnOrder(shiprocketReturnBody(parcel));
      courierOrderId = created.order_id;
      shipmentId = created.shipment_id;
      awb = created.awb_code?.trim() || null;
      courierName = created.courier_name ?? '';
    }
    if (!awb) {
      const assigned = await this.client.assignAwb(shipmentId, true);
      awb = assigned.awb;
      courierName = assigned.courierName;
      pickupAt = shiprocketTime(assigned.pickupAt);
    }
    return { courierName, awb, courierOrderId, courierShipmentId: shipmentId, labelUrl: null, pickupAt };
  }

  async book(parcel: ParcelBooking): Promise<BookedParcel> {
    if (parcel.codAmount !== parcel.total - parcel.advancePaid || parcel.codAmount < 0) {
      // The booking is drawn from the order's stored amounts; a mismatch is a bug, never sent on.
      throw new CourierRefusal(
        `The amounts do not add up: total ₹${parcel.total}, advance ₹${parcel.advancePaid}, to collect ₹${parcel.codAmount}`,
      );
    }
    const existing = (await this.client.findOrders(parcel.orderNumber)).find(
      (o) => !/cancel/i.test(o.status) && o.shipments.length > 0,
    );
    let courierOrderId: string;
    let shipmentId: string;
    let awb: string | null = null;
    let courierName = '';
    let pickupAt: string | null = null;
    if (existing) {
      const shipment = existing.shipments[0]!;
      courierOrderId = existing.id;
      shipmentId = shipment.id;
      awb = shipment.awb?.trim() || null;
      courierName = shipment.courier ?? '';
    } else {
      const created = await this.client.createOrder(shiprocketOrderBody(parcel, this.settings, this.shopEmail));
      courierOrderId = created.order_id;
      shipmentId = created.shipment_id;
      awb = created.awb_code?.trim() || null;
      courierName = created.courier_name ?? '';
    }
    if (!awb) {
      const assigned = await this.client.assignAwb(shipmentId);
      awb = assigned.awb;
      courierName = assigned.courierName;
      pickupAt = shiprocketTime(assigned.pickupAt);
    }
    const labelUrl = await this.client.generateLabel(shipmentId);
    return {
      courierName,
      awb,
      courierOrderId,
      courierShipmentId: shipmentId,
      labelUrl,
      pickupAt,
      trackingUrl: shiprocketTrackingUrl(awb),
    };
  }

  async label(parcel: BookedParcel): Promise<Uint8Array> {
    const url = parcel.labelUrl ?? (await this.client.generateLabel(this.shipmentOf(parcel)));
    return this.client.download(url);
  }

  async pickup(parcel: BookedParcel): Promise<string | null> {
    return shiprocketTime(await this.client.generatePickup(this.shipmentOf(parcel)));
  }

  async cancel(parcel: BookedParcel): Promise<void> {
    if (!parcel.courierOrderId) throw new CourierRefusal('This parcel has no Shiprocket order to cancel');
    await this.client.cancelOrders([parcel.courierOrderId]);
  }

  async track(awb: string): Promise<TrackingEvent[]> {
    const tracking = await this.client.track(awb);
    if (tracking.track_status !== 1) return [];
    return scansToEvents(awb, tracking);
  }

  async retryDelivery(parcel: BookedParcel, retry: DeliveryRetry): Promise<void> {
    if (retry.action === 'return') {
      await this.client.ndrAction(parcel.awb, {
        action: 'return',
        comments: 'The buyer asked to cancel the delivery',
      });
      return;
    }
    const body: Record<string, string> = {
      action: 're-attempt',
      comments: `The buyer asked for another attempt on ${retry.date}`,
      deferred_date: retry.date,
    };
    if (retry.phone) body.phone = retry.phone.replace(/\D/g, '').slice(-10);
    if (retry.landmark) body.address2 = retry.landmark;
    await this.client.ndrAction(parcel.awb, body);
  }

  private shipmentOf(parcel: BookedParcel): string {
    if (!parcel.courierShipmentId) throw new CourierRefusal('This parcel has no Shiprocket shipment id');
    return parcel.courierShipmentId;
  }
}

/**
 * Shiprocket's public tracking page for an AWB: the `track_url` its tracking answer gives
 * ("https://shiprocket.co//tracking/141123221084922" in the documented example).
 */
export function shiprocketTrackingUrl(awb: string): string {
  return `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;
}

function expected(company: { etd: string | null; estimated_delivery_days: string | null }): string | null {
  const fromEtd = shiprocketDate(company.etd);
  if (fromEtd) return fromEtd;
  const days = Number(company.estimated_delivery_days);
  if (!Number.isInteger(days) || days < 0 || days > 60) return null;
  const today = new Date(`${indiaDateTimeCell(Date.now()).slice(0, 10)}T00:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
