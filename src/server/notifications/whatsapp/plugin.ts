/**
 * WhatsApp as part of the app (docs/decisions/031-whatsapp-channel.md): with its settings, the
 * worker starts when the app is ready and stops when it closes (preClose, before the database
 * closes). `app.whatsapp.nudge()` wakes it; so does `app.mail.nudge()`, which every route already
 * calls after a commit that queued messages, since one change may queue both. Without the
 * settings nothing is queued (order-messages.ts) and nudge() does nothing.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InboxJobs } from './conversations/jobs.ts';
import { WhatsAppWorker, type WhatsAppWorkerOptions } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    whatsapp: {
      nudge(): void;
      /** Resolves when the worker's current pass ends (tests wait for it). */
      idle(): Promise<void>;
    };
  }
}

async function whatsapp(app: FastifyInstance, options: WhatsAppWorkerOptions) {
  if (!app.config.whatsapp) {
    app.decorate('whatsapp', { nudge() {}, idle: async () => {} });
    return;
  }
  const mailNudge = app.mail.nudge;
  const inbox = new InboxJobs(app.db, app.media, app.config, app.log, () => nudgeBoth(), options.inbox);
  const worker = new WhatsAppWorker(
    app.db,
    app.dialect,
    app.config,
    app.log,
    () => nudgeBoth(),
    options,
    () => inbox.nudge(),
  );
  const nudgeBoth = () => {
    mailNudge();
    worker.nudge();
  };
  app.mail.nudge = nudgeBoth;
  app.decorate('whatsapp', {
    nudge: nudgeBoth,
    idle: async () => {
      await Promise.all([worker.idle(), inbox.idle()]);
    },
  });
  app.addHook('onReady', async () => {
    worker.start();
    inbox.start();
  });
  app.addHook('preClose', async () => {
    await Promise.all([worker.stop(), inbox.stop()]);
  });
}

export const whatsappPlugin = fp(whatsapp, { name: 'whatsapp', dependencies: ['mail', 'media-storage'] });
