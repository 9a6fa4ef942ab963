/**
 * Runs the cart reminder (reminder.ts) in every app process: when the app gets ready, then every
 * REMINDER_EVERY_MS. Each reminder's claim makes concurrent processes safe. The timer never keeps
 * the process alive, and a failed run is logged and tried again on the next tick.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendCartReminders } from './reminder.ts';

/** A cart is reminded within this long after its 24 hours are up. */
export const REMINDER_EVERY_MS = 15 * 60_000;

async function cartReminder(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= sendCartReminders(app.db, app.config)
      .then((reminded) => {
        if (reminded.length === 0) return;
        app.log.info({ shoppers: reminded.length }, 'cart reminders queued');
        app.mail.nudge();
      })
      .catch((err: unknown) => app.log.error({ err }, 'cart reminders failed; trying again later'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, REMINDER_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export const cartReminderPlugin = fp(cartReminder, { name: 'cart-reminder', dependencies: ['mail'] });
