/**
 * Runs the review reminder (requests.ts sendReviewReminders) in every app process on the workers'
 * one polling loop (background/poll-loop.ts), like the cart reminder: each reminder's claim makes
 * concurrent processes safe; a failed pass is logged and tried again at the next tick.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PollLoop } from '../background/poll-loop.ts';
import { sendReviewReminders } from './requests.ts';

/** A reminder goes within this long after its days are up. */
const REMINDER_EVERY_MS = 60 * 60_000;

async function reviewReminder(app: FastifyInstance) {
  const loop = new PollLoop({
    name: 'review reminder',
    everyMs: REMINDER_EVERY_MS,
    log: app.log,
    pass: async () => {
      const reminded = await sendReviewReminders(app.db, app.config);
      if (reminded.length === 0) return;
      app.log.info({ orders: reminded.length }, 'review reminders queued');
      app.mail.nudge();
    },
  });
  app.addHook('onReady', async () => loop.start());
  app.addHook('preClose', async () => {
    loop.stop();
    await loop.finished();
  });
}

export const reviewReminderPlugin = fp(reviewReminder, { name: 'review-reminder', dependencies: ['mail'] });
