/**
 * Runs the cart reminder (cart-reminder.ts) in every app process, on the workers' one polling loop
 * (background/poll-loop.ts): when the app gets ready, then every REMINDER_EVERY_MS. Each
 * reminder's claim makes concurrent processes safe; a failed run is logged and tried again on the
 * next tick.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PollLoop } from '../../background/poll-loop.ts';
import { sendCartReminders } from './cart-reminder.ts';

/** A cart is reminded within this long after its 24 hours are up. */
export const REMINDER_EVERY_MS = 15 * 60_000;

async function cartReminder(app: FastifyInstance) {
  const loop = new PollLoop({
    name: 'cart reminder',
    everyMs: REMINDER_EVERY_MS,
    log: app.log,
    pass: async () => {
      const reminded = await sendCartReminders(app.db, app.config);
      if (reminded.length === 0) return;
      app.log.info({ shoppers: reminded.length }, 'cart reminders queued');
      app.mail.nudge();
    },
  });
  app.addHook('onReady', async () => loop.start());
  app.addHook('preClose', async () => {
    loop.stop();
    await loop.finished();
  });
}

export const cartReminderPlugin = fp(cartReminder, { name: 'cart-reminder', dependencies: ['mail'] });
