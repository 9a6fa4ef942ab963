/**
 * The real app with Shiprocket's settings pointed at the fake Shiprocket (shipping/couriers/shiprocket/fake.ts), and
 * helpers to place orders ready to book (advance received) through the real APIs.
 */
import { join } from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Dialect } from '../db/database.ts';
import type { CourierWorkerOptions } from '../shipping/booking-worker.ts';
import type { FakeShiprocket } from '../shipping/couriers/shiprocket/fake.ts';
import { adminCookie, placeOrder, settleAdvance } from './admin.ts';
import type { TestApp } from './app.ts';
import { createTestDatabase } from './databases.ts';
import { insertProduct, type Shopper, signUp } from './shoppers.ts';

export async function createCourierTestApp(options: {
  dialect?: Dialect;
  /** Shiprocket's settings point here; without it the manual courier. */
  fake?: FakeShiprocket;
  env?: Record<string, string>;
  courierJobs?: CourierWorkerOptions;
}): Promise<TestApp> {
  const database = await createTestDatabase(options.dialect ?? 'sqlite');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    UNPAID_ORDERS_MAX: '1000',
    ...(options.fake ? options.fake.env() : {}),
    ...options.env,
  });
  config.uploadsDir = join(database.dataDir, 'uploads');
  const app = await buildApp({
    config,
    database,
    logger: false,
    courierJobs: { trackPollMs: 0, ...options.courierJobs },
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.cleanup();
    },
  };
}

/** A shopper, the owner's cookie, and a way to place orders whose advance is received. */
export async function orderDesk(t: TestApp) {
  const admin = await adminCookie(t);
  const shopper: Shopper = await signUp(t.app, { email: 'buyer@example.in' });
  const product = await insertProduct(t.app.db, { price: 5000, discountPrice: 3500 });
  return {
    admin,
    shopper,
    product,
    /** A new order, its advance settled as told (received by default); its number. */
    order: async (advance: 'received' | 'waived' | 'awaiting' = 'received') => {
      const number = await placeOrder(t, shopper.cookie, product.id);
      if (advance !== 'awaiting')
        await settleAdvance(t, admin, number, advance, advance === 'waived' ? 'Known buyer' : '');
      return number;
    },
  };
}

export { until } from './until.ts';
