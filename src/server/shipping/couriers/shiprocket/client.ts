/**
 * A typed client of Shiprocket's external API (apidocs.shiprocket.in: the published Postman
 * collection "Shiprocket API", id SzYW1zB2; its requests and answers are mirrored as OpenAPI in
 * github.com/api-evangelist/shiprocket, openapi/shiprocket-*-api-openapi.yml, which the comments
 * below cite by file). Only the calls the store makes; each answer is checked with zod, leniently
 * (Shiprocket sends ids as numbers or strings from one call to the next).
 *
 * Errors, so the booking job knows what to retry (docs/decisions/028-courier-booking.md):
 * - Shiprocket's own refusal (a 4xx other than 401 and 429, with its `message` and per-field
 *   `errors`, errors/shiprocket-problem-types.yml) becomes a CourierRefusal in its words: shown
 *   to the owner, never retried.
 * - No answer in time, a network error, a 5xx or 429 become ShiprocketUnavailable: retried later.
 * - 401: the token expired or was revoked; the client logs in again and repeats the call, once.
 *
 * Log-in (authentication/shiprocket-authentication.yml; "Generate Token"): POST /auth/login with
 * the API user's email and password answers `{ token, ... }`, a JWT "valid for 10 days (240
 * hours)". The token is kept in memory and reused until shortly before that; one log-in at a time.
 */
import { z } from 'zod';
import { CourierRefusal } from '../../courier.ts';

/** No answer, a network error, a 5xx or 429: the job tries again later. */
export class ShiprocketUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShiprocketUnavailable';
  }
}

/** The documented token lifetime, less an hour so a token is never used in its last minutes. */
export const TOKEN_LIFETIME_MS = 10 * 24 * 3_600_000;
const TOKEN_MARGIN_MS = 3_600_000;
/** Shiprocket's answers are small; a larger one is not Shiprocket's (or is broken). */
const MAX_ANSWER_BYTES = 2_000_000;
/** A courier label PDF is tens of kilobytes. */
const MAX_LABEL_BYTES = 5_000_000;
/** The courier's words shown to the owner are cut here. */
const WORDS_MAX = 300;

export interface ShiprocketClientOptions {
  apiUrl: string;
  email: string;
  password: string;
  /** Each call's limit (ms), answer body included: a hang is an error. Default 20 s. */
  timeoutMs?: number;
  /** The clock (tests of token expiry move it). */
  now?: () => number;
}

const id = z.union([z.number(), z.string()]).transform((v) => String(v));
const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? null : String(v)));

/** "Generate Token" answer: authentication/shiprocket-authentication.yml. */
const loginAnswer = z.object({ token: z.string().min(10) });

/**
 * "Check Courier Serviceability" (GET /courier/serviceability), openapi/shiprocket-couriers-api-openapi.yml:
 * `data.available_courier_companies[]` with `cod` (1: cash on delivery possible), `etd`
 * ("Jul 01, 2024") and `estimated_delivery_days`; `data.recommended_courier_company_id`. A pincode
 * nobody serves answers without couriers, or `{ status: 404, message }` (documented at HTTP 200).
 */
const serviceabilityAnswer = z.object({
  status: z.union([z.number(), z.string()]).optional(),
  message: z.string().optional(),
  data: z
    .object({
      available_courier_companies: z
        .array(
          z.object({
            courier_company_id: id,
            courier_name: z.string(),
            cod: z.union([z.number(), z.boolean(), z.string()]).transform((v) => Number(v) === 1 || v === true),
            etd: optionalText,
            estimated_delivery_days: optionalText,
          }),
        )
        .optional()
        .default([]),
      recommended_courier_company_id: id.optional().nullable(),
    })
    .optional(),
});
export type ServiceabilityAnswer = z.infer<typeof serviceabilityAnswer>;

/** "Create Custom Order" answer: openapi/shiprocket-create-or-update-order-api-openapi.yml. */
const createOrderAnswer = z.object({
  order_id: id,
  shipment_id: id,
  status: z.string().optional(),
  status_code: z.number().optional(),
  awb_code: optionalText,
  courier_name: optionalText,
});
export type CreatedOrder = z.infer<typeof createOrderAnswer>;

/**
 * "Get all Orders" (GET /orders?search=), openapi/shiprocket-orders-api-openapi.yml: `search`
 * finds "AWB or Channel order_id (order id specified by you)"; each order has `id` (Shiprocket's),
 * `channel_order_id` (ours), `status` ("NEW", "CANCELED" …) and `shipments[]` with `id`, `awb`, `courier`.
 */
const ordersAnswer = z.object({
  data: z
    .array(
      z.object({
        id: id,
        channel_order_id: id,
        status: z.string().optional().default(''),
        shipments: z
          .array(z.object({ id: id, awb: optionalText, courier: optionalText }))
          .optional()
          .default([]),
      }),
    )
    .optional()
    .default([]),
});
export type FoundOrder = z.infer<typeof ordersAnswer>['data'][number];

/**
 * "Generate AWB for Shipment" (POST /courier/assign/awb), openapi/shiprocket-couriers-api-openapi.yml:
 * `awb_assign_status` 1 and `response.data.awb_code`, `courier_name`, `pickup_scheduled_date`.
 * A refusal can also come at HTTP 200 with `awb_assign_status` 0 and the reason in
 * `response.data.awb_assign_error` (or `message`).
 */
const assignAwbAnswer = z.object({
  awb_assign_status: z.union([z.number(), z.string()]).transform(Number),
  message: z.string().optional(),
  response: z
    .object({
      data: z
        .object({
          awb_code: optionalText,
          courier_name: optionalText,
          courier_company_id: id.optional(),
          pickup_scheduled_date: optionalText,
          awb_assign_error: optionalText,
        })
        .optional(),
    })
    .optional(),
});

/** "Generate Label" (POST /courier/generate/label): openapi/shiprocket-labels-manifests-invoice-api-openapi.yml. */
const labelAnswer = z.object({
  label_created: z.union([z.number(), z.boolean()]).transform(Number),
  label_url: z.string().optional(),
  response: z.string().optional(),
});

/** "Request for Shipment Pickup" (POST /courier/generate/pickup): openapi/shiprocket-couriers-api-openapi.yml. */
const pickupAnswer = z.object({
  pickup_status: z.union([z.number(), z.string()]).transform(Number),
  response: z.object({ pickup_scheduled_date: optionalText, data: optionalText }).optional(),
  message: z.string().optional(),
});

const scan = z.object({
  date: z.string(),
  status: optionalText,
  activity: optionalText,
  location: optionalText,
  'sr-status': optionalText,
  'sr-status-label': optionalText,
});
/**
 * "Get Tracking through AWB" (GET /courier/track/awb/{awb_code}), openapi/shiprocket-tracking-api-openapi.yml:
 * `tracking_data.track_status` (0: nothing yet, with `error`), `shipment_status` (the status id),
 * `shipment_track_activities[]` (each scan's `date`, `activity`, `location`, `sr-status` id and
 * `sr-status-label`), `etd`, `track_url`.
 */
const trackAnswer = z.object({
  tracking_data: z.object({
    track_status: z.union([z.number(), z.string()]).transform(Number),
    shipment_status: z.union([z.number(), z.string()]).optional(),
    shipment_track_activities: z.array(scan).nullable().optional(),
    etd: optionalText,
    track_url: optionalText,
    error: optionalText,
  }),
});
export type TrackAnswer = z.infer<typeof trackAnswer>['tracking_data'];

/** Shiprocket's error body: `{ message, errors?: { field: [words] }, status_code? }` (errors/shiprocket-problem-types.yml). */
const errorBody = z.object({
  message: z.string().optional(),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).optional(),
});

/** Shiprocket's own words from an error body: the message and each field's complaint. */
export function refusalWords(body: unknown, fallback: string): string {
  const parsed = errorBody.safeParse(body);
  const parts: string[] = [];
  if (parsed.success) {
    if (parsed.data.message) parts.push(parsed.data.message);
    for (const [field, words] of Object.entries(parsed.data.errors ?? {})) {
      parts.push(`${field}: ${Array.isArray(words) ? words.join(' ') : words}`);
    }
  }
  const text = (parts.join(' ') || fallback).replace(/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu, ' ');
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > WORDS_MAX ? `${folded.slice(0, WORDS_MAX)}…` : folded;
}

interface Answer {
  status: number;
  body: unknown;
}

type Query = Record<string, string | number>;

export class ShiprocketClient {
  private readonly apiUrl: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private token: { value: string; usableUntil: number } | null = null;
  private loggingIn: Promise<string> | null = null;

  constructor(private readonly options: ShiprocketClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.now = options.now ?? Date.now;
  }

  /** Forgets the token (the next call logs in). */
  forgetToken(): void {
    this.token = null;
  }

  async serviceability(q: {
    pickupPostcode: string;
    deliveryPostcode: string;
    cod: boolean;
    weightKg: number;
  }): Promise<ServiceabilityAnswer> {
    const body = await this.call('GET', '/courier/serviceability/', {
      query: {
        pickup_postcode: q.pickupPostcode,
        delivery_postcode: q.deliveryPostcode,
        cod: q.cod ? 1 : 0,
        weight: q.weightKg,
      },
      // A pincode no courier serves is an answer, not a refusal.
      notFoundIsAnswer: true,
    });
    return parse(serviceabilityAnswer, body, 'courier/serviceability');
  }

  /** POST /orders/create/adhoc: `order` is the documented body (see shiprocket-courier.ts). */
  async createOrder(order: Record<string, unknown>): Promise<CreatedOrder> {
    return parse(createOrderAnswer, await this.call('POST', '/orders/create/adhoc', { body: order }), 'orders/create');
  }

  /** Orders whose channel order id (ours) is exactly `orderNumber`, newest first as Shiprocket lists them. */
  async findOrders(orderNumber: string): Promise<FoundOrder[]> {
    const body = await this.call('GET', '/orders', { query: { search: orderNumber }, notFoundIsAnswer: true });
    const answer = parse(ordersAnswer, body ?? {}, 'orders');
    return answer.data.filter((o) => o.channel_order_id === orderNumber);
  }

  /**
   * "Create Return Order" (POST /orders/create/return; apidocs.shiprocket.in, the collection's
   * Orders folder, mirrored in openapi/shiprocket-orders-api-openapi.yml): `order` is the documented
   * body (shiprocket-courier.ts shiprocketReturnBody); answers the return's order_id and shipment_id.
   */
  async createReturnOrder(order: Record<string, unknown>): Promise<CreatedOrder> {
    return parse(
      createOrderAnswer,
      await this.call('POST', '/orders/create/return', { body: order }),
      'orders/create/return',
    );
  }

  /** "Generate AWB for Shipment"; `isReturn` asks a return shipment's AWB (the call's `is_return: 1`). */
  async assignAwb(
    shipmentId: string,
    isReturn = false,
  ): Promise<{ awb: string; courierName: string; pickupAt: string | null }> {
    const body = await this.call('POST', '/courier/assign/awb', {
      body: { shipment_id: Number(shipmentId), ...(isReturn ? { is_return: 1 } : {}) },
    });
    const answer = parse(assignAwbAnswer, body, 'courier/assign/awb');
    const data = answer.response?.data;
    if (answer.awb_assign_status !== 1 || !data?.awb_code) {
      throw new CourierRefusal(
        refusalWords({ message: data?.awb_assign_error ?? answer.message }, 'Shiprocket could not assign an AWB'),
      );
    }
    return { awb: data.awb_code, courierName: data.courier_name ?? '', pickupAt: data.pickup_scheduled_date };
  }

  /** The label's address (a PDF on Shiprocket's storage). */
  async generateLabel(shipmentId: string): Promise<string> {
    const body = await this.call('POST', '/courier/generate/label', { body: { shipment_id: [Number(shipmentId)] } });
    const answer = parse(labelAnswer, body, 'courier/generate/label');
    if (answer.label_created !== 1 || !answer.label_url) {
      throw new CourierRefusal(refusalWords({ message: answer.response }, 'Shiprocket could not make the label'));
    }
    return answer.label_url;
  }

  /** Asks for the pickup; the scheduled time Shiprocket gives ("2021-12-10 12:39:54", India time), if any. */
  async generatePickup(shipmentId: string): Promise<string | null> {
    const body = await this.call('POST', '/courier/generate/pickup', { body: { shipment_id: [Number(shipmentId)] } });
    const answer = parse(pickupAnswer, body, 'courier/generate/pickup');
    if (answer.pickup_status !== 1) {
      throw new CourierRefusal(refusalWords({ message: answer.message }, 'Shiprocket could not schedule the pickup'));
    }
    return answer.response?.pickup_scheduled_date ?? null;
  }

  /** "Cancel an Order" (POST /orders/cancel, `ids`: Shiprocket order ids). */
  async cancelOrders(orderIds: string[]): Promise<void> {
    await this.call('POST', '/orders/cancel', { body: { ids: orderIds.map(Number) } });
  }

  async track(awb: string): Promise<TrackAnswer> {
    const body = await this.call('GET', `/courier/track/awb/${encodeURIComponent(awb)}`, {});
    return parse(trackAnswer, body, 'courier/track/awb').tracking_data;
  }

  /**
   * "Action NDR" (POST /ndr/{awb}/action): `action` 're-attempt' or 'return', `comments`
   * (required), and for a re-attempt `phone`, `address1`/`address2`, `deferred_date`
   * (YYYY-MM-DD). Answers 202 `{ status: "Data Updated Sucessfully" }`.
   */
  async ndrAction(awb: string, action: Record<string, string>): Promise<void> {
    await this.call('POST', `/ndr/${encodeURIComponent(awb)}/action`, { body: action });
  }

  /** Fetches a file Shiprocket made (the label PDF), with the same time limit. */
  async download(url: string): Promise<Uint8Array> {
    const res = await this.fetchOnce(url, { method: 'GET' });
    if (!res.ok) {
      await res.body?.cancel();
      if (res.status >= 500 || res.status === 429)
        throw new ShiprocketUnavailable(`Shiprocket's file answered ${res.status}`);
      throw new CourierRefusal(`Shiprocket's label could not be fetched (HTTP ${res.status})`, res.status);
    }
    const bytes = new Uint8Array(await this.readBody(res, MAX_LABEL_BYTES));
    return bytes;
  }

  /** A call with the token; a 401 logs in again and repeats it once. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    opts: { query?: Query; body?: unknown; notFoundIsAnswer?: boolean },
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.validToken();
      const answer = await this.send(method, path, opts, token);
      if (answer.status === 401 && attempt === 0) {
        // Only forget the token this call used: another call may have logged in meanwhile.
        if (this.token?.value === token) this.token = null;
        continue;
      }
      return this.judge(answer, path, opts.notFoundIsAnswer ?? false);
    }
  }

  private judge(answer: Answer, path: string, notFoundIsAnswer: boolean): unknown {
    const { status, body } = answer;
    if (status >= 200 && status < 300) return body;
    if (status === 404 && notFoundIsAnswer) return body;
    if (status >= 500 || status === 429 || status === 408) {
      throw new ShiprocketUnavailable(
        `Shiprocket answered ${status} to ${path}: ${refusalWords(body, 'no reason given')}`,
      );
    }
    if (status === 401)
      throw new CourierRefusal('Shiprocket refused the API user: check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD', 401);
    throw new CourierRefusal(refusalWords(body, `Shiprocket refused the request (HTTP ${status})`), status);
  }

  private async validToken(): Promise<string> {
    if (this.token && this.now() < this.token.usableUntil) return this.token.value;
    // One log-in at a time: calls arriving meanwhile wait for it.
    this.loggingIn ??= this.login().finally(() => {
      this.loggingIn = null;
    });
    return this.loggingIn;
  }

  private async login(): Promise<string> {
    const loggedInAt = this.now();
    const answer = await this.send('POST', '/auth/login', {
      body: { email: this.options.email, password: this.options.password },
    });
    if (answer.status >= 200 && answer.status < 300) {
      const { token } = parse(loginAnswer, answer.body, 'auth/login');
      this.token = { value: token, usableUntil: loggedInAt + TOKEN_LIFETIME_MS - TOKEN_MARGIN_MS };
      return token;
    }
    if (answer.status >= 500 || answer.status === 429) {
      throw new ShiprocketUnavailable(`Shiprocket's log-in answered ${answer.status}`);
    }
    throw new CourierRefusal(
      `Shiprocket refused the API user's log-in: ${refusalWords(answer.body, `HTTP ${answer.status}`)} (check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD)`,
      answer.status,
    );
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    opts: { query?: Query; body?: unknown },
    token?: string,
  ): Promise<Answer> {
    const url = new URL(this.apiUrl + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.fetchOnce(url.href, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = new TextDecoder().decode(await this.readBody(res, MAX_ANSWER_BYTES));
    let body: unknown = null;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        // A proxy's HTML error page, most likely: a 5xx is retried, anything else is shown as it is.
        body = { message: `HTTP ${res.status} with a body that is not JSON` };
      }
    }
    return { status: res.status, body };
  }

  /** One request within the time limit; network errors and time-outs become ShiprocketUnavailable. */
  private async fetchOnce(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'error' });
    } catch (err) {
      throw unavailable(err, this.timeoutMs, url);
    }
  }

  /** The body, up to `max` bytes, within the same time limit (the signal covers the body too). */
  private async readBody(res: Response, max: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      const reader = res.body?.getReader();
      for (;;) {
        const next = reader ? await reader.read() : { done: true as const, value: undefined };
        if (next.done) break;
        size += next.value.byteLength;
        if (size > max) {
          await reader?.cancel();
          throw new ShiprocketUnavailable(`Shiprocket's answer is larger than ${max} bytes`);
        }
        chunks.push(Buffer.from(next.value));
      }
    } catch (err) {
      if (err instanceof ShiprocketUnavailable) throw err;
      throw unavailable(err, this.timeoutMs, res.url);
    }
    return Buffer.concat(chunks);
  }
}

function unavailable(err: unknown, timeoutMs: number, url: string): ShiprocketUnavailable {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  const path = (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  })();
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
    return new ShiprocketUnavailable(`Shiprocket did not answer ${path} within ${Math.round(timeoutMs / 1000)} s`);
  }
  const reason = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
  return new ShiprocketUnavailable(`Shiprocket could not be reached (${path}): ${reason}`);
}

function parse<T extends z.ZodTypeAny>(schema: T, body: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    // Not Shiprocket's documented answer: retried (it may be a passing fault), and logged with the job.
    throw new ShiprocketUnavailable(`Shiprocket's answer to ${what} is not the documented one`);
  }
  return parsed.data;
}
