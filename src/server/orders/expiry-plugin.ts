/**
 * Runs the unpaid-order expiry and the reminder before it (unpaid.ts) in every app process, on the
 * workers' one polling loop (background/poll-loop.ts): once when the app gets ready (awaited), then
 * every EXPIRY_EVERY_MS. Each run's claim per order makes concurrent processes safe; a failed run
 * (the database briefly away) is logged and tried again on the next tick.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PollLoop } from '../background/poll-loop.ts';
import { expireUnpaidOrders, remindUnpaidOrders } from './unpaid.ts';

/** An order expires (or is reminded) within this long after its time came. */
export const EXPIRY_EVERY_MS = 10 * 60_000;

async function expiry(app: FastifyInstance) {
  const loop = new PollLoop({
    name: 'unpaid order expiry',
    everyMs: EXPIRY_EVERY_MS,
    log: app.log,
    pass: async () => {
      const expired = await expireUnpaidOrders(app.db, app.config);
      const reminded = await remindUnpaidOrders(app.db, app.config);
      if (expired.length > 0) app.log.info({ orders: expired }, 'unpaid orders expired');
      if (reminded.length > 0) app.log.info({ orders: reminded }, 'unpaid orders reminded');
      if (expired.length + reminded.length > 0) app.mail.nudge();
    },
  });
  app.addHook('onReady', async () => {
    // The first run finishes before the app serves: what is overdue at start is settled first.
    loop.start();
    await loop.finished();
  });
  app.addHook('preClose', async () => {
    loop.stop();
    await loop.finished();
  });
}

export const expiryPlugin = fp(expiry, { name: 'order-expiry', dependencies: ['mail'] });
