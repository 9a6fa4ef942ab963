/**
 * A fake of Shiprocket's external API on loopback, for tests: a node:http server following the
 * documented requests, answers and errors of every call the store makes (apidocs.shiprocket.in,
 * the "Shiprocket API" Postman collection, mirrored as OpenAPI in github.com/api-evangelist/shiprocket:
 * openapi/shiprocket-*-api-openapi.yml, errors/shiprocket-problem-types.yml,
 * asyncapi/shiprocket-tracking-webhooks.yml). Where the collection publishes no answer (a failed
 * log-in, a repeated pickup, a cancel's body) the fake answers in Shiprocket's one error shape
 * `{ message, errors?, status_code }` and says so below.
 *
 * Switches for tests: `mode` 'down' (503 to everything) or 'hang' (takes the request, never
 * answers); `expireTokens()` (every token issued so far answers 401, as an expired JWT does);
 * `loseNextAnswer(path)` (does the work, then drops the connection: the answer lost on the way back).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeShiprocketOrder {
  /** Shiprocket's order id. */
  id: number;
  /** Ours (the channel order id). */
  channelOrderId: string;
  shipmentId: number;
  status: 'NEW' | 'CANCELED' | 'RETURN PENDING';
  /** A return order (POST /orders/create/return): its AWB is asked with is_return 1. */
  isReturn?: boolean;
  awb: string | null;
  courierName: string | null;
  body: Record<string, unknown>;
  pickups: number;
}

export interface FakeScan {
  date: string;
  status: string;
  activity: string;
  location: string;
  'sr-status': string;
  'sr-status-label': string;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  authorized: boolean;
}

export interface FakeShiprocket {
  /** The API's base address, as SHIPROCKET_API_URL: http://127.0.0.1:port/v1/external. */
  apiUrl: string;
  email: string;
  password: string;
  /** The store's environment for this fake (SHIPROCKET_*), the webhook token included. */
  env: (extra?: Record<string, string>) => Record<string, string>;
  webhookToken: string;
  mode: 'normal' | 'down' | 'hang';
  /** Every request, in order of arrival. */
  requests: FakeRequest[];
  logins: number;
  /** Orders by our order number. */
  orders: Map<string, FakeShiprocketOrder>;
  /** Pincodes no courier serves, and pincodes served without cash on delivery. */
  unserved: Set<string>;
  prepaidOnly: Set<string>;
  ndrActions: Array<{ awb: string; body: Record<string, unknown> }>;
  /** AWBs whose NDR is closed (already actioned or returning): the action is refused in Shiprocket's error shape. */
  ndrClosed: Set<string>;
  cancelled: number[];
  /** The scans the tracking call answers, by AWB (oldest first). */
  scans: Map<string, FakeScan[]>;
  expireTokens: () => void;
  loseNextAnswer: (path: string) => void;
  /** Adds a scan to an AWB's tracking (India time `at`). */
  addScan: (awb: string, statusId: number, label: string, at: Date, activity?: string, location?: string) => void;
  /** Requests currently held by 'hang'. */
  hanging: () => number;
  close: () => Promise<void>;
}

const SERVICEABLE_COURIERS = [
  { courier_company_id: 43, courier_name: 'Delhivery Surface', days: 4 },
  { courier_company_id: 51, courier_name: 'Xpressbees Surface', days: 5 },
];

/** "2023-05-19 11:59:16", India time, as Shiprocket writes times. */
export function indiaStamp(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  return ist.toISOString().slice(0, 19).replace('T', ' ');
}

/** "Jul 01, 2024". */
function etdText(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const month = ist.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${month} ${String(ist.getUTCDate()).padStart(2, '0')}, ${ist.getUTCFullYear()}`;
}

/**
 * A tracking webhook's body as Shiprocket documents it (asyncapi/shiprocket-tracking-webhooks.yml,
 * the provider's own example): `current_timestamp` is India time as "DD MM YYYY HH:mm:ss".
 */
export function shiprocketWebhookBody(opts: {
  awb: string;
  statusId: number;
  status: string;
  at: Date;
  orderId?: string;
  activity?: string;
  location?: string;
  etd?: Date;
  /** A return shipment's event (Create Return Order's parcel): Shiprocket marks it is_return 1. */
  isReturn?: boolean;
}): Record<string, unknown> {
  const stamp = indiaStamp(opts.at);
  const [date, time] = stamp.split(' ') as [string, string];
  const [y, m, d] = date.split('-');
  return {
    awb: opts.awb,
    courier_name: 'Delhivery Surface',
    current_status: opts.status,
    current_status_id: opts.statusId,
    shipment_status: opts.status,
    shipment_status_id: opts.statusId,
    current_timestamp: `${d} ${m} ${y} ${time}`,
    order_id: opts.orderId ?? '1373900_150876814',
    sr_order_id: 348456385,
    awb_assigned_date: stamp,
    pickup_scheduled_date: stamp,
    etd: opts.etd ? indiaStamp(opts.etd) : '',
    scans: [
      {
        date: stamp,
        status: 'X-PPOM',
        activity: opts.activity ?? opts.status,
        location: opts.location ?? 'Mumbai_Hub (Maharashtra)',
        'sr-status': String(opts.statusId),
        'sr-status-label': opts.status,
      },
    ],
    is_return: opts.isReturn ? 1 : 0,
    channel_id: 3422553,
    pod_status: '',
    pod: 'Not Available',
  };
}

/** A one-page PDF, enough to be a label file. */
const LABEL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 288 432]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The fields Create Custom Order requires (its parameter table). */
const CREATE_REQUIRED = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'shipping_is_billing',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

/**
 * The money of a Create Custom Order body, checked as its parameter table defines it
 * (openapi/shiprocket-create-or-update-order-api-openapi.yml): `sub_total` is the "Calculated sub
 * total amount in Rupee after deductions", and "The total is not calculated automatically through the
 * API", so Shiprocket takes whatever it is sent and, for a COD order, the courier collects it. The
 * real API would not catch a wrong sum; the fake refuses one (the items' selling prices × units, plus
 * shipping, less `total_discount`), so a store that books a paid-in-full order as COD, or a sum that
 * does not add up, fails its test instead of a courier collecting the wrong cash.
 */
function subTotalProblem(body: Record<string, unknown>): string | null {
  if (!Array.isArray(body.order_items)) return null;
  const items = body.order_items as Array<Record<string, unknown>>;
  const lines = items.reduce((sum, i) => sum + Number(i.selling_price) * Number(i.units), 0);
  const expected = lines + Number(body.shipping_charges ?? 0) - Number(body.total_discount ?? 0);
  if (Math.abs(Number(body.sub_total) - expected) > 0.005) {
    return `The sub total must be the items' total plus shipping less the total discount (${expected}).`;
  }
  if (body.payment_method === 'COD' && !(Number(body.sub_total) > 0)) {
    return 'A COD order must have an amount to collect: send it as Prepaid.';
  }
  return null;
}
/** The fields Create Return Order requires (its parameter table). */
const RETURN_REQUIRED = [
  'order_id',
  'order_date',
  'pickup_customer_name',
  'pickup_address',
  'pickup_city',
  'pickup_state',
  'pickup_country',
  'pickup_pincode',
  'pickup_phone',
  'shipping_customer_name',
  'shipping_address',
  'shipping_city',
  'shipping_country',
  'shipping_pincode',
  'shipping_state',
  'shipping_phone',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

function words(field: string): string {
  return field.replace(/_/g, ' ');
}

export async function startFakeShiprocket(
  opts: { email?: string; password?: string; pickupLocation?: string } = {},
): Promise<FakeShiprocket> {
  const email = opts.email ?? 'api-user@example.in';
  const password = opts.password ?? 'fake-api-password';
  const pickupLocation = opts.pickupLocation ?? 'Primary';
  const webhookToken = `whk_${randomBytes(16).toString('hex')}`;
  const tokens = new Map<string, { expired: boolean }>();
  const sockets = new Set<Socket>();
  const held = new Set<ServerResponse>();
  const losing = new Set<string>();
  let nextOrderId = 281_248_000;
  let nextShipmentId = 16_090_000;
  let nextAwb = 321_055_706_000;

  const fake: FakeShiprocket = {
    apiUrl: '',
    email,
    password,
    webhookToken,
    env: (extra = {}) => ({
      SHIPROCKET_EMAIL: email,
      SHIPROCKET_PASSWORD: password,
      SHIPROCKET_API_URL: fake.apiUrl,
      SHIPROCKET_PICKUP_LOCATION: pickupLocation,
      SHIPROCKET_PICKUP_PINCODE: '400001',
      SHIPROCKET_WEBHOOK_TOKEN: webhookToken,
      ...extra,
    }),
    mode: 'normal',
    requests: [],
    logins: 0,
    orders: new Map(),
    unserved: new Set(),
    prepaidOnly: new Set(),
    ndrActions: [],
    ndrClosed: new Set(),
    cancelled: [],
    scans: new Map(),
    expireTokens: () => {
      for (const t of tokens.values()) t.expired = true;
    },
    loseNextAnswer: (path) => {
      losing.add(path);
    },
    addScan: (awb, statusId, label, at, activity, location) => {
      const list = fake.scans.get(awb) ?? [];
      list.push({
        date: indiaStamp(at),
        status: 'X',
        activity: activity ?? label,
        location: location ?? 'Mumbai_Hub (Maharashtra)',
        'sr-status': String(statusId),
        'sr-status-label': label,
      });
      fake.scans.set(awb, list);
    },
    hanging: () => held.size,
    close: async () => {
      for (const res of held) res.destroy();
      for (const s of sockets) s.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      send(res, 500, { message: String(err), status_code: 500 });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  function send(res: ServerResponse, status: number, body: unknown): void {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return {};
    try {
      return JSON.parse(text);
    } catch {
      return { __invalid: text };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'POST' ? await readJson(req) : {};
    const auth = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    const authorized = auth !== undefined && tokens.get(auth)?.expired === false;
    fake.requests.push({ method: req.method ?? '', path: url.pathname, body, authorized });

    // The label file is on Shiprocket's storage (an S3 address in the docs), not the API.
    if (url.pathname.startsWith('/labels/')) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(LABEL_PDF);
      return;
    }
    if (fake.mode === 'down') {
      send(res, 503, { message: 'Service Unavailable', status_code: 503 });
      return;
    }
    if (fake.mode === 'hang') {
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    const base = '/v1/external';
    if (!url.pathname.startsWith(`${base}/`)) {
      send(res, 404, { message: '404 Not Found', status_code: 404 });
      return;
    }
    const path = url.pathname.slice(base.length);
    let answer: { status: number; body: unknown };
    if (path === '/auth/login' && req.method === 'POST') {
      answer = login(body as Record<string, unknown>);
    } else if (!authorized) {
      // errors/shiprocket-problem-types.yml: 401 "Unauthenticated."
      answer = { status: 401, body: { message: 'Unauthenticated.', status_code: 401 } };
    } else {
      answer = route(req.method ?? 'GET', path, url.searchParams, body as Record<string, unknown>);
    }
    if (losing.delete(path)) {
      // The work is done; the answer never arrives.
      res.socket?.destroy();
      return;
    }
    send(res, answer.status, answer.body);
  }

  /** "Generate Token": the API user's email and password; a JWT valid for 10 days. */
  function login(body: Record<string, unknown>): { status: number; body: unknown } {
    if (body.email !== email || body.password !== password) {
      // Not published in the collection; Shiprocket's one error shape.
      return { status: 401, body: { message: 'Invalid email and password combination', status_code: 401 } };
    }
    fake.logins++;
    const token = `eyJ.${randomBytes(24).toString('base64url')}.sig`;
    tokens.set(token, { expired: false });
    return {
      status: 200,
      body: {
        id: 1234567,
        first_name: 'API',
        last_name: 'User',
        email,
        company_id: 25149,
        created_at: '2024-01-05 10:00:00',
        token,
      },
    };
  }

  function invalid(errors: Record<string, string[]>, message = 'Oops! Invalid Data.') {
    return { status: 422, body: { message, errors, status_code: 422 } };
  }

  function byShipment(id: unknown): FakeShiprocketOrder | undefined {
    for (const o of fake.orders.values()) if (o.shipmentId === Number(id)) return o;
    return undefined;
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    if (method === 'GET' && (path === '/courier/serviceability' || path === '/courier/serviceability/')) {
      return serviceability(query);
    }
    if (method === 'POST' && path === '/orders/create/adhoc') return createOrder(body);
    if (method === 'POST' && path === '/orders/create/return') return createReturnOrder(body);
    if (method === 'GET' && path === '/orders') return listOrders(query);
    if (method === 'POST' && path === '/courier/assign/awb') return assignAwb(body);
    if (method === 'POST' && path === '/courier/generate/label') return label(body);
    if (method === 'POST' && path === '/courier/generate/pickup') return pickup(body);
    if (method === 'POST' && path === '/orders/cancel') return cancel(body);
    const track = path.match(/^\/courier\/track\/awb\/([^/]+)$/);
    if (method === 'GET' && track) return tracking(decodeURIComponent(track[1]!));
    const ndr = path.match(/^\/ndr\/([^/]+)\/action$/);
    if (method === 'POST' && ndr) return ndrAction(decodeURIComponent(ndr[1]!), body);
    return { status: 404, body: { message: '404 Not Found', status_code: 404 } };
  }

  /** "Check Courier Serviceability": 422 "Required field missing" without cod and weight. */
  function serviceability(query: URLSearchParams) {
    const errors: Record<string, string[]> = {};
    for (const f of ['pickup_postcode', 'delivery_postcode']) {
      if (!query.get(f)) errors[f] = [`The ${words(f)} field is required.`];
    }
    if (!query.get('weight')) errors.weight = ['The weight field is required when order id is not present.'];
    if (query.get('cod') === null) errors.cod = ['The cod field is required when order id is not present.'];
    if (Object.keys(errors).length > 0) return invalid(errors, 'Required field missing');
    const pincode = query.get('delivery_postcode')!;
    if (fake.unserved.has(pincode)) {
      // The collection's "Invalid Data" answer of this call: HTTP 200 with status 404.
      return { status: 200, body: { status: 404, message: 'No courier serviceable for this pincode' } };
    }
    const cod = fake.prepaidOnly.has(pincode) ? 0 : 1;
    const now = new Date();
    return {
      status: 200,
      body: {
        currency: 'INR',
        status: 200,
        data: {
          available_courier_companies: SERVICEABLE_COURIERS.map((c) => ({
            courier_company_id: c.courier_company_id,
            courier_name: c.courier_name,
            cod,
            etd: etdText(new Date(now.getTime() + c.days * 86_400_000)),
            estimated_delivery_days: String(c.days),
            rate: 54,
            postcode: pincode,
          })),
          recommended_courier_company_id: 43,
        },
      },
    };
  }

  /** "Create Custom Order": the required fields, then a new order and shipment. */
  function createOrder(body: Record<string, unknown>) {
    const errors: Record<string, string[]> = {};
    for (const f of CREATE_REQUIRED) {
      if (body[f] === undefined || body[f] === null || body[f] === '')
        errors[f] = [`The ${words(f)} field is required.`];
    }
    if (body.billing_pincode !== undefined && !/^[1-9]\d{5}$/.test(String(body.billing_pincode))) {
      errors.billing_pincode = ['The billing pincode must be 6 digits.'];
    }
    if (body.billing_phone !== undefined && !/^\d{10}$/.test(String(body.billing_phone))) {
      errors.billing_phone = ['The billing phone must be 10 digits.'];
    }
    if (body.pickup_location !== undefined && body.pickup_location !== pickupLocation) {
      // "The name of the pickup location added in your Shiprocket account. This cannot be a new location."
      errors.pickup_location = [`Wrong Pickup location entered. Please choose one location from data given`];
    }
    if (!['COD', 'Prepaid'].includes(String(body.payment_method ?? ''))) {
      errors.payment_method = ['The payment method must be COD or Prepaid.'];
    }
    const sums = subTotalProblem(body);
    if (sums) errors.sub_total = [sums];
    if (Object.keys(errors).length > 0) return invalid(errors);
    const channelOrderId = String(body.order_id);
    if (fake.orders.has(channelOrderId)) {
      // "order_id field cannot be equal to an already existing id. Doing so does not change or
      // affect the existing order … If error 422 shows up … consider changing the order_id."
      return invalid({ order_id: ['Order Id already exists.'] });
    }
    const order: FakeShiprocketOrder = {
      id: nextOrderId++,
      channelOrderId,
      shipmentId: nextShipmentId++,
      status: 'NEW',
      awb: null,
      courierName: null,
      body,
      pickups: 0,
    };
    fake.orders.set(channelOrderId, order);
    return {
      status: 200,
      body: {
        order_id: order.id,
        shipment_id: order.shipmentId,
        status: 'NEW',
        status_code: 1,
        onboarding_completed_now: 0,
        awb_code: null,
        courier_company_id: null,
        courier_name: null,
      },
    };
  }

  /**
   * "Create Return Order" (apidocs.shiprocket.in, Orders folder; openapi/shiprocket-orders-api-openapi.yml):
   * its required fields (pickup_* the customer, shipping_* the warehouse), then a return order and
   * shipment answered as `{ order_id, shipment_id, status: "RETURN PENDING", status_code: 21 }`.
   */
  function createReturnOrder(body: Record<string, unknown>) {
    const errors: Record<string, string[]> = {};
    for (const f of RETURN_REQUIRED) {
      if (body[f] === undefined || body[f] === null || body[f] === '')
        errors[f] = [`The ${words(f)} field is required.`];
    }
    for (const f of ['pickup_pincode', 'shipping_pincode']) {
      if (body[f] !== undefined && !/^[1-9]\d{5}$/.test(String(body[f])))
        errors[f] = [`The ${words(f)} must be 6 digits.`];
    }
    for (const f of ['pickup_phone', 'shipping_phone']) {
      if (body[f] !== undefined && !/^\d{10}$/.test(String(body[f])))
        errors[f] = [`The ${words(f)} must be 10 digits.`];
    }
    if (body.payment_method !== undefined && !/^prepaid$/i.test(String(body.payment_method))) {
      errors.payment_method = ['The payment method must be PREPAID.'];
    }
    if (Object.keys(errors).length > 0) return invalid(errors);
    const channelOrderId = String(body.order_id);
    if (fake.orders.has(channelOrderId)) return invalid({ order_id: ['Order Id already exists.'] });
    const order: FakeShiprocketOrder = {
      id: nextOrderId++,
      channelOrderId,
      shipmentId: nextShipmentId++,
      status: 'RETURN PENDING',
      isReturn: true,
      awb: null,
      courierName: null,
      body,
      pickups: 0,
    };
    fake.orders.set(channelOrderId, order);
    return {
      status: 200,
      body: { order_id: order.id, shipment_id: order.shipmentId, status: 'RETURN PENDING', status_code: 21 },
    };
  }

  /** "Get all Orders" with `search`: AWB or channel order id. */
  function listOrders(query: URLSearchParams) {
    const search = query.get('search') ?? '';
    const found = [...fake.orders.values()].filter((o) => !search || o.channelOrderId === search || o.awb === search);
    return {
      status: 200,
      body: {
        data: found.map((o) => ({
          id: o.id,
          channel_id: 76893,
          channel_name: 'CUSTOM',
          channel_order_id: o.channelOrderId,
          status: o.status,
          status_code: o.status === 'NEW' ? 1 : 5,
          payment_method: String(o.body.payment_method).toLowerCase(),
          total: String(o.body.sub_total),
          shipments: [
            {
              id: o.shipmentId,
              courier: o.courierName ?? '',
              awb: o.awb ?? '',
              pickup_scheduled_date: null,
            },
          ],
        })),
        meta: { pagination: { total: found.length, count: found.length, per_page: 15, current_page: 1 } },
      },
    };
  }

  /** "Generate AWB for Shipment". */
  function assignAwb(body: Record<string, unknown>) {
    if (body.shipment_id === undefined || body.shipment_id === '') {
      return invalid({ shipment_id: ['The shipment id field is required.'] }, 'Required field missing');
    }
    const order = byShipment(body.shipment_id);
    if (!order || order.status === 'CANCELED') {
      return { status: 400, body: { message: 'Oops! Cannot reassign courier for this shipment.', status_code: 400 } };
    }
    if (order.awb) {
      return { status: 400, body: { message: 'Oops! Cannot reassign courier for this shipment.', status_code: 400 } };
    }
    // A return shipment's AWB is asked with is_return 1 ("Generate AWB for Shipment"'s return flag).
    if (Boolean(order.isReturn) !== (Number(body.is_return ?? 0) === 1)) {
      return invalid({ is_return: ['The is return field does not match the shipment.'] });
    }
    order.awb = String(nextAwb++);
    order.courierName = 'Delhivery Surface';
    return {
      status: 200,
      body: {
        awb_assign_status: 1,
        response: {
          data: {
            courier_company_id: 43,
            awb_code: order.awb,
            cod: order.body.payment_method === 'COD' ? 1 : 0,
            order_id: order.id,
            shipment_id: order.shipmentId,
            awb_code_status: 1,
            courier_name: order.courierName,
            pickup_scheduled_date: indiaStamp(new Date(Date.now() + 3 * 3_600_000)),
          },
        },
      },
    };
  }

  /** "Generate Label": `shipment_id` must be an array; the AWB must be assigned. */
  function label(body: Record<string, unknown>) {
    if (!Array.isArray(body.shipment_id)) return invalid({ shipment_id: ['The shipment id must be an array.'] });
    const orders = body.shipment_id.map(byShipment).filter((o) => o?.awb) as FakeShiprocketOrder[];
    if (orders.length === 0) {
      return {
        status: 200,
        body: { label_created: 0, not_created: [], response: 'No valid shipment ids to print label' },
      };
    }
    const o = orders[0]!;
    return {
      status: 200,
      body: {
        label_created: 1,
        label_url: `${origin}/labels/shipping-label-${o.shipmentId}-${o.awb}.pdf`,
        response: 'Label has been created and uploaded successfully!',
        not_created: [],
      },
    };
  }

  /** "Request for Shipment Pickup": the AWB must be assigned (400 "Invalid shipment id" otherwise). */
  function pickup(body: Record<string, unknown>) {
    const ids = Array.isArray(body.shipment_id) ? body.shipment_id : [body.shipment_id];
    const order = byShipment(ids[0]);
    if (!order?.awb) return { status: 400, body: { message: 'Invalid shipment id', status_code: 400 } };
    order.pickups++;
    return {
      status: 200,
      body: {
        pickup_status: 1,
        response: {
          pickup_scheduled_date: indiaStamp(new Date(Date.now() + 3 * 3_600_000)),
          pickup_token_number: `Reference No: 194_BIGFOOT ${order.shipmentId}`,
          status: 3,
          data: `Pickup is confirmed by ${order.courierName} For AWB :- ${order.awb}`,
        },
      },
    };
  }

  /** "Cancel an Order": `ids`, Shiprocket order ids (422 "Required field missing" without). */
  function cancel(body: Record<string, unknown>) {
    if (!Array.isArray(body.ids) || body.ids.length === 0) {
      return invalid({ ids: ['The ids field is required.'] }, 'Required field missing');
    }
    for (const idValue of body.ids) {
      for (const o of fake.orders.values()) {
        if (o.id === Number(idValue)) {
          o.status = 'CANCELED';
          fake.cancelled.push(o.id);
        }
      }
    }
    return { status: 200, body: { status: 200, message: 'Order cancelled successfully.' } };
  }

  /** "Get Tracking through AWB". */
  function tracking(awb: string) {
    const known = [...fake.orders.values()].some((o) => o.awb === awb);
    if (!known) return { status: 404, body: { message: '404 Not Found', status_code: 404 } };
    const scans = fake.scans.get(awb) ?? [];
    if (scans.length === 0) {
      return {
        status: 200,
        body: {
          tracking_data: {
            track_status: 0,
            error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
          },
        },
      };
    }
    const latest = scans[scans.length - 1]!;
    return {
      status: 200,
      body: {
        tracking_data: {
          track_status: 1,
          shipment_status: Number(latest['sr-status']),
          shipment_track: [{ awb_code: awb, current_status: latest['sr-status-label'] }],
          // Newest first, as in the documented example.
          shipment_track_activities: [...scans].reverse(),
          track_url: `https://shiprocket.co/tracking/${awb}`,
          etd: indiaStamp(new Date(Date.now() + 2 * 86_400_000)),
        },
      },
    };
  }

  /** "Action NDR": `action` and `comments` required; answers 202. */
  function ndrAction(awb: string, body: Record<string, unknown>) {
    const errors: Record<string, string[]> = {};
    if (!['re-attempt', 'return', 'fake-attempt'].includes(String(body.action ?? ''))) {
      errors.action = ['The selected action is invalid.'];
    }
    if (!body.comments) errors.comments = ['The comments field is required.'];
    if (Object.keys(errors).length > 0) return invalid(errors);
    if (![...fake.orders.values()].some((o) => o.awb === awb)) {
      return { status: 400, body: { message: 'AWB not found in NDR', status_code: 400 } };
    }
    // The collection publishes no refusal of a closed NDR: Shiprocket's one error shape, at 422.
    if (fake.ndrClosed.has(awb)) {
      return {
        status: 422,
        body: { message: 'Action can not be taken as the shipment is not in NDR state', status_code: 422 },
      };
    }
    fake.ndrActions.push({ awb, body });
    return { status: 202, body: { status: 'Data Updated Sucessfully' } };
  }

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  fake.apiUrl = `${origin}/v1/external`;
  return fake;
}
