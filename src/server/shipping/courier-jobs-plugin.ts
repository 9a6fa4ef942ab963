/**
 * The courier job worker as part of the app (docs/decisions/028-courier-booking.md):
 * `app.courierJobs.nudge()` wakes it after "Book courier" committed. With a courier that books or
 * tracks through its API (Shiprocket) it starts when the app is ready and stops when the app closes
 * (preClose: before the database closes, without waiting for a hung courier). With the manual
 * courier there is nothing to book and nudge() does nothing.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CourierWorker, type CourierWorkerOptions } from './booking-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    courierJobs: { nudge(): void; worker: CourierWorker | null };
  }
}

async function courierJobs(app: FastifyInstance, options: CourierWorkerOptions) {
  // Nothing to book and nothing to poll (the manual courier): no worker.
  if (!app.courier.booking && !app.courier.track) {
    app.decorate('courierJobs', { nudge() {}, worker: null });
    return;
  }
  const worker = new CourierWorker(app.db, app.config, app.courier, app.log, options);
  app.decorate('courierJobs', { nudge: () => worker.nudge(), worker });
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
}

export const courierJobsPlugin = fp(courierJobs, { name: 'courier-jobs', dependencies: ['shipping'] });
