/**
 * Runs the unpaid-order expiry and the reminder before it (unpaid.ts) in every app process: once when the app gets ready (awaited), then
 * every EXPIRY_EVERY_MS. Each run's claim per order makes concurrent processes safe. The timer
 * never keeps the process alive, and a failed run (the database briefly away) is logged and
 * tried again on the next tick.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireUnpaidOrders, remindUnpaidOrders } from './unpaid.ts';

/** An order expires (or is reminded) within this long after its time came. */
export const EXPIRY_EVERY_MS = 10 * 60_000;

async function expiry(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= expireUnpaidOrders(app.db, app.config)
      .then(async (expired) => {
        const reminded = await remindUnpaidOrders(app.db, app.config);
        if (expired.length > 0) app.log.info({ orders: expired }, 'unpaid orders expired');
        if (reminded.length > 0) app.log.info({ orders: reminded }, 'unpaid orders reminded');
        if (expired.length + reminded.length > 0) app.mail.nudge();
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
