/**
 * The mail worker as part of the app: `app.mail.nudge()` wakes it after a
 * transaction that queued mail committed. With SMTP_URL set it starts when the
 * app is ready and stops when the app closes (preClose: before the database
 * closes, and without waiting for a hung mail server). Without SMTP_URL,
 * messages wait in the outbox (the dashboard lists them) and nudge() does nothing.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MailWorker, type MailWorkerOptions } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: { nudge(): void };
  }
}

async function mail(app: FastifyInstance, options: MailWorkerOptions) {
  if (!app.config.smtpUrl) {
    app.decorate('mail', { nudge() {} });
    return;
  }
  const worker = new MailWorker(app.db, app.dialect, app.config, app.log, options);
  app.decorate('mail', { nudge: () => worker.nudge() });
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
}

export const mailPlugin = fp(mail, { name: 'mail' });
