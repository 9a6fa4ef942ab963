/**
 * The Shiprocket client and courier against the fake Shiprocket (fake.ts),
 * which follows the documented contract of every call used.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CourierRefusal, type ParcelBooking } from '../../courier.ts';
import { ShiprocketClient, ShiprocketUnavailable, TOKEN_LIFETIME_MS } from './client.ts';
import { type FakeShiprocket, startFakeShiprocket } from './fake.ts';
import { shiprocketSettings } from './settings.ts';
import { ShiprocketCourier } from './shiprocket-courier.ts';
import { shiprocketTime, stepForStatus } from './status-map.ts';

let fake: FakeShiprocket;
let clock: number;
let client: ShiprocketClient;
let courier: ShiprocketCourier;

function connect(timeoutMs = 2000) {
  const settings = shiprocketSettings(fake.env())!;
  client = new ShiprocketClient({ ...settings, timeoutMs, now: () => clock });
  courier = new ShiprocketCourier(client, settings, 'shop@example.in');
}

beforeEach(async () => {
  fake = await startFakeShiprocket();
  clock = Date.now();
  connect();
});

afterEach(async () => {
  await fake.close();
});

function parcel(over: Partial<ParcelBooking> = {}): ParcelBooking {
  return {
    orderNumber: 'TSW-10427',
    orderedAt: '2026-11-20T06:30:00.000Z',
    buyerName: 'Asha Kumari Rao',
    phone: '+919812345678',
    email: 'asha@example.in',
    address: 'Flat 4, Sunrise Apartments, MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    lines: [{ name: 'Titan Neo Analog', sku: 'p_1', quantity: 1, unitPrice: 4995, hsn: '9102' }],
    total: 4995,
    advancePaid: 300,
    codAmount: 4695,
    weightGrams: 400,
    lengthCm: 16,
    breadthCm: 12,
    heightCm: 10,
    ...over,
  };
}

const creates = () => fake.requests.filter((r) => r.path.endsWith('/orders/create/adhoc')).length;

describe('log-in', () => {
  it('logs in once and reuses the token for every call', async () => {
    await courier.serviceability('411001', { cod: true, weightGrams: 400 });
    await courier.serviceability('560001', { cod: true, weightGrams: 400 });
    await courier.book(parcel());
    expect(fake.logins).toBe(1);
    expect(fake.requests.filter((r) => !r.path.endsWith('/auth/login')).every((r) => r.authorized)).toBe(true);
  });

  it('logs in again once on a 401 (an expired token) and repeats the call', async () => {
    await courier.serviceability('411001', { cod: true, weightGrams: 400 });
    fake.expireTokens();
    const answer = await courier.serviceability('411001', { cod: true, weightGrams: 400 });
    expect(answer.served).toBe(true);
    expect(fake.logins).toBe(2);
  });

  it('logs in again when the 10 days are over, without waiting for a 401', async () => {
    await courier.serviceability('411001', { cod: true, weightGrams: 400 });
    clock += TOKEN_LIFETIME_MS;
    await courier.serviceability('411001', { cod: true, weightGrams: 400 });
    expect(fake.logins).toBe(2);
    expect(fake.requests.filter((r) => !r.authorized && !r.path.endsWith('/auth/login'))).toHaveLength(0);
  });

  it('one log-in for calls made at the same time', async () => {
    await Promise.all([1, 2, 3, 4].map(() => courier.serviceability('411001', { cod: false, weightGrams: 400 })));
    expect(fake.logins).toBe(1);
  });

  it('a wrong API user is a refusal in words, not retried', async () => {
    const settings = { ...shiprocketSettings(fake.env())!, password: 'wrong' };
    const wrong = new ShiprocketCourier(new ShiprocketClient(settings), settings, 'shop@example.in');
    const err = await wrong.serviceability('411001', { cod: true, weightGrams: 400 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CourierRefusal);
    expect((err as Error).message).toMatch(/Invalid email and password combination.*SHIPROCKET_EMAIL/);
  });
});

describe('serviceability', () => {
  it('served with cash on delivery, with the expected date', async () => {
    const answer = await courier.serviceability('411001', { cod: true, weightGrams: 400 });
    expect(answer).toMatchObject({ pincode: '411001', served: true, cod: true });
    expect(answer.expectedBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const asked = fake.requests.find((r) => r.path.includes('serviceability'));
    expect(asked).toBeDefined();
  });

  it('served, but cash on delivery is not available there', async () => {
    fake.prepaidOnly.add('190001');
    expect(await courier.serviceability('190001', { cod: true, weightGrams: 400 })).toMatchObject({
      served: true,
      cod: false,
    });
  });

  it('not served', async () => {
    fake.unserved.add('744101');
    expect(await courier.serviceability('744101', { cod: true, weightGrams: 400 })).toEqual({
      pincode: '744101',
      served: false,
      cod: false,
      expectedBy: null,
    });
  });
});

describe('booking', () => {
  it('books a partly paid COD order: lines at full price, the advance deducted, the balance to collect', async () => {
    const booked = await courier.book(parcel());
    const order = fake.orders.get('TSW-10427')!;
    expect(order.body).toMatchObject({
      order_id: 'TSW-10427',
      order_date: '2026-11-20 12:00',
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Kumari Rao',
      billing_pincode: 411001,
      billing_phone: 9812345678,
      payment_method: 'COD',
      sub_total: 4695,
      total_discount: 300,
      shipping_charges: 0,
      weight: 0.4,
      order_items: [{ name: 'Titan Neo Analog', sku: 'p_1', units: 1, selling_price: 4995, hsn: '9102' }],
    });
    expect(booked).toMatchObject({
      courierName: 'Delhivery Surface',
      awb: order.awb,
      courierOrderId: String(order.id),
      courierShipmentId: String(order.shipmentId),
    });
    expect(booked.labelUrl).toMatch(/\/labels\/.+\.pdf$/);
    const pdf = await courier.label(booked);
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('an order with nothing left to collect goes as Prepaid at its full value', async () => {
    await courier.book(parcel({ advancePaid: 4995, codAmount: 0 }));
    expect(fake.orders.get('TSW-10427')!.body).toMatchObject({
      payment_method: 'Prepaid',
      sub_total: 4995,
      total_discount: 0,
    });
  });

  it('never sends amounts that do not add up', async () => {
    await expect(courier.book(parcel({ codAmount: 4995 }))).rejects.toBeInstanceOf(CourierRefusal);
    expect(creates()).toBe(0);
  });

  it("a validation error is a CourierRefusal in Shiprocket's own words", async () => {
    const err = await courier.book(parcel({ pincode: '012345' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CourierRefusal);
    expect((err as Error).message).toBe('Oops! Invalid Data. billing_pincode: The billing pincode must be 6 digits.');
    expect((err as CourierRefusal).status).toBe(422);
  });

  it('a duplicate order id is refused by Shiprocket; the courier never sends one', async () => {
    await courier.book(parcel());
    const err = await client.createOrder(fake.orders.get('TSW-10427')!.body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CourierRefusal);
    expect((err as Error).message).toMatch(/Order Id already exists/);
    // Booking again finds the order and its AWB: no second create, no second AWB.
    const again = await courier.book(parcel());
    expect(again.awb).toBe(fake.orders.get('TSW-10427')!.awb);
    expect(creates()).toBe(2); // the courier's one, and the test's own duplicate
    expect(fake.requests.filter((r) => r.path.endsWith('/courier/assign/awb'))).toHaveLength(1);
  });

  it('a retry after an answer lost on the way back finds the order instead of creating a second', async () => {
    fake.loseNextAnswer('/orders/create/adhoc');
    await expect(courier.book(parcel())).rejects.toBeInstanceOf(ShiprocketUnavailable);
    expect(fake.orders.size).toBe(1);
    const booked = await courier.book(parcel());
    expect(creates()).toBe(1);
    expect(booked.awb).toBe(fake.orders.get('TSW-10427')!.awb);
  });

  it('a retry after the AWB answer was lost keeps that AWB', async () => {
    fake.loseNextAnswer('/courier/assign/awb');
    await expect(courier.book(parcel())).rejects.toBeInstanceOf(ShiprocketUnavailable);
    const awb = fake.orders.get('TSW-10427')!.awb;
    expect(awb).toBeTruthy();
    expect((await courier.book(parcel())).awb).toBe(awb);
  });

  it('asks for the pickup and gives its time', async () => {
    const booked = await courier.book(parcel());
    const at = await courier.pickup(booked);
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(fake.orders.get('TSW-10427')!.pickups).toBe(1);
  });

  it('cancels', async () => {
    const booked = await courier.book(parcel());
    await courier.cancel(booked);
    expect(fake.orders.get('TSW-10427')!.status).toBe('CANCELED');
  });
});

describe('a courier down or slow', () => {
  it('503 is a plain error (retried later), not a refusal', async () => {
    fake.mode = 'down';
    const err = await courier.book(parcel()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShiprocketUnavailable);
    expect(err).not.toBeInstanceOf(CourierRefusal);
    expect((err as Error).message).toMatch(/503/);
  });

  it('a hang is an error after the time limit', async () => {
    connect(200);
    fake.mode = 'hang';
    const started = Date.now();
    const err = await courier.serviceability('411001', { cod: true, weightGrams: 400 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShiprocketUnavailable);
    expect((err as Error).message).toMatch(/did not answer/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('tracking and failed deliveries', () => {
  it('reads the scans as steps, oldest first, leaving out statuses the store has no step for', async () => {
    const booked = await courier.book(parcel());
    expect(await courier.track(booked.awb)).toEqual([]);
    const t0 = Date.parse('2026-11-21T04:00:00Z');
    fake.addScan(booked.awb, 42, 'PICKED UP', new Date(t0));
    fake.addScan(booked.awb, 18, 'IN TRANSIT', new Date(t0 + 3_600_000), 'Bagged', 'BOM Hub');
    fake.addScan(booked.awb, 12, 'Lost', new Date(t0 + 7_200_000));
    fake.addScan(booked.awb, 21, 'Undelivered', new Date(t0 + 10_800_000), 'Customer not available');
    const events = await courier.track(booked.awb);
    expect(events.map((e) => [e.statusId, e.step])).toEqual([
      ['42', 'picked_up'],
      ['18', 'in_transit'],
      ['21', 'undelivered'],
    ]);
    expect(events[0]!.at).toBe('2026-11-21T04:00:00.000Z');
    expect(events[1]).toMatchObject({ location: 'BOM Hub', statusText: 'IN TRANSIT' });
    expect(events[2]).toMatchObject({ reason: 'Customer not available' });
  });

  it('sends the NDR action: a re-attempt on a date with a corrected phone, or a return', async () => {
    const booked = await courier.book(parcel());
    await courier.retryDelivery(booked, {
      action: 're-attempt',
      date: '2026-11-25',
      phone: '+91 98765 43210',
      landmark: 'Opposite the temple',
    });
    await courier.retryDelivery(booked, { action: 'return' });
    expect(fake.ndrActions).toEqual([
      {
        awb: booked.awb,
        body: {
          action: 're-attempt',
          comments: 'The buyer asked for another attempt on 2026-11-25',
          deferred_date: '2026-11-25',
          phone: '9876543210',
          address2: 'Opposite the temple',
        },
      },
      { awb: booked.awb, body: { action: 'return', comments: 'The buyer asked to cancel the delivery' } },
    ]);
  });
});

describe('status table and times', () => {
  it('maps the documented ids', () => {
    expect(stepForStatus('42')).toBe('picked_up');
    expect(stepForStatus(17)).toBe('out_for_delivery');
    expect(stepForStatus('7')).toBe('delivered');
    expect(stepForStatus('9')).toBe('rto_initiated');
    expect(stepForStatus('10')).toBe('rto_delivered');
    expect(stepForStatus('12')).toBeNull();
    expect(stepForStatus('999')).toBeNull();
    expect(stepForStatus('NA')).toBeNull();
  });

  it("reads Shiprocket's India times both ways", () => {
    expect(shiprocketTime('2022-07-19 11:37:00')).toBe('2022-07-19T06:07:00.000Z');
    expect(shiprocketTime('23 05 2023 11:43:52')).toBe('2023-05-23T06:13:52.000Z');
    expect(shiprocketTime('yesterday')).toBeNull();
    expect(shiprocketTime('2023-13-01 10:00:00')).toBeNull();
  });
});
