/**
 * Runs the unpaid-order expiry (unpaid.ts) in every app process: once when the app gets ready (awaited), then
 * every EXPIRY_EVERY_MS. Each run's claim per order makes concurrent processes safe. The timer
 * never keeps the process alive, and a failed run (the database briefly away) is logged and
 * tried again on the next tick.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireUnpaidOrders } from './unpaid.ts';

/** An order expires within this long after its UNPAID_ORDER_HOURS are up. */
export const EXPIRY_EVERY_MS = 10 * 60_000;

async function expiry(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= expireUnpaidOrders(app.db, app.config)
      .then((expired) => {
        if (expired.length === 0) return;
        app.log.info({ orders: expired }, 'unpaid orders expired');
        app.mail.nudge();
      })
      .catch((err: unknown) => app.log.error({ err }, 'unpaid order expiry failed; trying again later'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    // The first run finishes before the app serves: what is overdue at start is settled first.
    run();
    await running;
    timer = setInterval(run, EXPIRY_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export const expiryPlugin = fp(expiry, { name: 'order-expiry', dependencies: ['mail'] });
