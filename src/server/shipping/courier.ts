/**
 * The one courier interface (docs/product.md#shipping): what the store asks of any courier.
 * Each courier is a provider in its own folder under couriers/ (couriers/provider.ts), listed once
 * in couriers/registry.ts: the manual courier (the default: the owner books on the courier's own
 * site and types the courier's name and the AWB) and Shiprocket's external API, chosen by its
 * settings. Everything else in the store (booking jobs, tracking events, the webhook route, the
 * owner's and shopper's screens) talks to this interface only and asks a courier what it can do
 * (the optional parts below), never which courier it is.
 *
 * Amounts are whole rupees, weights grams, sizes centimetres, times ISO-8601 UTC strings.
 */

/** Whether a pincode is served, and how soon. */
export interface Serviceability {
  pincode: string;
  /** The courier delivers to this pincode at all. */
  served: boolean;
  /** Cash on delivery is possible there (false with served true: only prepaid). */
  cod: boolean;
  /** The expected delivery date (YYYY-MM-DD, India time) for a parcel leaving today, if known. */
  expectedBy: string | null;
}

/** One line of the parcel, as the courier's booking needs it. */
export interface ParcelLine {
  name: string;
  /** Our product id, the courier's SKU. */
  sku: string;
  quantity: number;
  /** The unit selling price (rupees, tax included). */
  unitPrice: number;
  hsn: string;
}

/** Everything a booking sends: drawn from the order and its stored advance, never recomputed. */
export interface ParcelBooking {
  /** Our order number (TSW-10427): the courier's order id, so booking twice is recognised. */
  orderNumber: string;
  orderedAt: string;
  buyerName: string;
  phone: string;
  email: string | null;
  address: string;
  city: string;
  state: string;
  pincode: string;
  lines: ParcelLine[];
  /** The order's total (rupees). */
  total: number;
  /** The advance already received (the order's own stored advance, 0 when waived). */
  advancePaid: number;
  /** The cash the courier collects: total less the advance. */
  codAmount: number;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** What a booking gives back. */
export interface BookedParcel {
  courierName: string;
  awb: string;
  /** The courier's own ids, kept for label, pickup, cancel and NDR calls. */
  courierOrderId: string | null;
  courierShipmentId: string | null;
  /** Where the courier's label PDF can be fetched, when it gives one. */
  labelUrl: string | null;
  /** When the pickup is scheduled, if it was. */
  pickupAt: string | null;
  /** The courier's own tracking page for this parcel, when it has one (shown to the shopper). */
  trackingUrl?: string | null;
}

/** The shipment steps the store knows, whatever the courier calls them (common/shipments.ts labels them). */
export type ShipmentStep =
  | 'booked'
  | 'picked_up'
  | 'in_transit'
  | 'out_for_delivery'
  | 'delivered'
  | 'undelivered'
  | 'rto_initiated'
  | 'rto_delivered'
  | 'cancelled';

/**
 * One tracking event, courier-neutral: what a webhook or a poll reports.
 * Applied once per (awb, statusId, at); an older step after a newer one is kept in the history but
 * never moves the order back.
 */
export interface TrackingEvent {
  awb: string;
  /** The courier's own status id (Shiprocket's shipment_status_id), part of the event's identity. */
  statusId: string;
  /** The courier's own words for the status, shown in the history. */
  statusText: string;
  step: ShipmentStep;
  /** When the courier says it happened. */
  at: string;
  location: string | null;
  /** For undelivered: the courier's reason (e.g. "Customer not available"). */
  reason: string | null;
  /** For undelivered: which attempt this was, when the courier says. */
  attempt: number | null;
  /** The expected delivery date the courier now gives, if any (YYYY-MM-DD). */
  expectedBy: string | null;
}

/** What the shopper chose for a failed delivery, sent on to the courier (NDR action). */
export type DeliveryRetry =
  | { action: 're-attempt'; date: string; phone?: string; landmark?: string }
  | { action: 'return' };

/** Booking through the courier's API (docs/product.md#booking-a-courier): the courier's own ids come back. */
export interface CourierBooking {
  book(parcel: ParcelBooking): Promise<BookedParcel>;
  /** The courier's label PDF for a booked parcel. */
  label(parcel: BookedParcel): Promise<Uint8Array>;
  /** Asks for a pickup; returns when it is scheduled. */
  pickup(parcel: BookedParcel): Promise<string | null>;
  cancel(parcel: BookedParcel): Promise<void>;
}

/**
 * A return parcel (docs/product.md#after-sales): the watch picked up at the shopper's address and
 * brought to the shop. `returnId` is ours (the request number, AS-000123): the courier's order id,
 * so booking twice is recognised. Prepaid: the courier collects nothing.
 */
export interface ReturnBooking {
  returnId: string;
  /** The first order's number, for the courier's records. */
  orderNumber: string;
  askedAt: string;
  shopperName: string;
  phone: string;
  email: string | null;
  address: string;
  city: string;
  state: string;
  pincode: string;
  lines: ParcelLine[];
  /** Where it goes: the shop's own address (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_PHONE). */
  to: { name: string; address: string; city: string; state: string; pincode: string; phone: string; email: string };
  /** The declared value (rupees). */
  total: number;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** Booking a return through the courier's API; its tracking events then arrive like any parcel's. */
export interface CourierReturns {
  bookReturn(parcel: ReturnBooking): Promise<BookedParcel>;
}

/** Request headers as the webhook route hands them over. */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** What a courier made of its webhook's body. */
export type WebhookReading =
  /** Its own payload; `event` null when the status has no step in the store (kept on the courier's side). */
  | { ok: true; event: TrackingEvent | null; about: { awb: string; status: string } }
  /** Not its documented payload: answered 400 in `message`, `issues` logged. */
  | { ok: false; message: string; issues: unknown[] };

/**
 * A courier's tracking webhook, posted to the one courier route (webhook-routes.ts, /api/courier/updates:
 * the address the shop registered with its courier, naming none). The route checks `authorized`
 * before it reads the body, limits the body's size and applies the event; the courier only proves
 * and reads its own payload.
 */
export interface CourierWebhook {
  /** Whether the request carries the courier's proof of origin (a token header); false: 401, body unread. */
  authorized(headers: WebhookHeaders): boolean;
  read(body: unknown): WebhookReading;
}

/**
 * A courier. What it can do is what it has: a courier without `booking` is booked by the owner on
 * its own site (the AWB typed on the order); without `serviceability` the offline pincode
 * directory answers; without `track` nothing is polled; without `retryDelivery` the owner phones a
 * failed delivery's choice in; without `webhook` no webhook route is registered.
 */
export interface Courier {
  /** 'manual', 'shiprocket', …: kept on each shipment it handles (shipments.courier). */
  readonly id: string;
  /** The courier as the owner reads it in a sentence: "Shiprocket", "the courier". */
  readonly title: string;
  /** Asks the courier's API whether a pincode is served (each call passes the caller's gate first). */
  serviceability?(pincode: string, opts: { cod: boolean; weightGrams: number }): Promise<Serviceability>;
  readonly booking?: CourierBooking;
  /** The events so far for an AWB (the poll, for parcels whose webhooks went missing). */
  track?(awb: string): Promise<TrackingEvent[]>;
  /** Sends the shopper's choice for a failed delivery to the courier (an NDR action). */
  retryDelivery?(parcel: BookedParcel, retry: DeliveryRetry): Promise<void>;
  readonly webhook?: CourierWebhook;
  /** Books a return parcel (after-sales); without it the owner types the return AWB or the shopper sends it. */
  readonly returns?: CourierReturns;
}

/**
 * A courier's refusal in its own words (a validation error, an unserved pincode): shown to the
 * owner as it is, and not retried. Any other error (network, 5xx, timeout) is retried by the job.
 */
export class CourierRefusal extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'CourierRefusal';
  }
}
