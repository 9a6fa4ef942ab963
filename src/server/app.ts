/**
 * The application as a plugin-composed Fastify instance. Tests build it and call
 * app.inject(); main.ts adds listening and graceful shutdown.
 * Order: external plugins, app services (db, config), then routes.
 */
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountFormRoutes } from './accounts/form-routes.ts';
import { docsGuard, registerAuthDecorations } from './auth/guards.ts';
import { cookieName } from './auth/sessions.ts';
import { cartFormRoutes } from './cart/form-routes.ts';
import { registerCatalogVersionWatch } from './catalog/catalog-version-watch.ts';
import type { Config } from './config.ts';
import type { Dialect, OpenedDatabase } from './db/database.ts';
import type { Db } from './db/tables.ts';
import { healthRoutes } from './health/routes.ts';
import { COMPRESS_THRESHOLD } from './http/cached-body.ts';
import { answerFrameworkError, registerErrorHandling } from './http/errors.ts';
import { createUrlRedactor, requestSerializer, watchRoutes } from './http/log-redaction.ts';
import { completeDocument, documentRoute, openapiHead } from './http/openapi.ts';
import { registerNulGuard, registerOriginCheck, registerSecurityHeaders } from './http/security.ts';
import { TIME_LIMITS, type TimeLimits, timeLimitOptions } from './http/time-limits.ts';
import { mediaServeRoutes } from './media/serve-routes.ts';
import { mediaStoragePlugin } from './media/storage/plugin.ts';
import { mailPlugin } from './notifications/plugin.ts';
import { cartReminderPlugin } from './notifications/whatsapp/cart-reminder-plugin.ts';
import { whatsappPlugin } from './notifications/whatsapp/plugin.ts';
import type { WhatsAppWorkerOptions } from './notifications/whatsapp/worker.ts';
import type { MailWorkerOptions } from './notifications/worker.ts';
import { installOrderHooks } from './order-hooks.ts';
import { addressLinkFormRoute } from './orders/address-link-form-route.ts';
import { advanceLinkFormRoute } from './orders/advance-link-form-route.ts';
import { expiryPlugin } from './orders/expiry-plugin.ts';
import { registerFormPages } from './pages/form-page.ts';
import { pageRoutes } from './pages/routes.ts';
import { registerSpa } from './pages/shell.ts';
import { reviewFormRoute } from './reviews/form-route.ts';
import { reviewReminderPlugin } from './reviews/reminder-plugin.ts';
import { apiRoutes } from './routes.ts';
import type { CourierWorkerOptions } from './shipping/booking-worker.ts';
import { courierJobsPlugin } from './shipping/courier-jobs-plugin.ts';
import { shippingPlugin } from './shipping/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
    config: Config;
    /** The raw SQLite handle (backup, integrity checks); undefined on PostgreSQL. */
    sqlite: OpenedDatabase['sqlite'];
  }
}

export interface BuildOptions {
  config: Config;
  database: OpenedDatabase;
  /** Folder of the built web app; omitted in API-only tests. */
  webDistDir?: string;
  logger?: boolean;
  /** Where the request log goes (tests read it); stdout otherwise. */
  logStream?: { write(line: string): void };
  /** Mail worker timings (tests); defaults otherwise. */
  mail?: MailWorkerOptions;
  /** WhatsApp worker timings (tests); defaults otherwise. */
  whatsapp?: WhatsAppWorkerOptions;
  /** Courier job worker timings (tests); defaults otherwise. */
  courierJobs?: CourierWorkerOptions;
  /** How long a request and an idle connection may last (tests); TIME_LIMITS otherwise. */
  timeLimits?: TimeLimits;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  installOrderHooks();
  // URLs are logged with their secrets and personal data replaced (http/log-redaction.ts).
  const urls = createUrlRedactor();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestSerializer(urls) },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: () => randomUUID(),
    bodyLimit: 256 * 1024,
    // A body announced and never sent must not hold its connection for ever (http/time-limits.ts).
    ...timeLimitOptions(options.timeLimits ?? TIME_LIMITS),
    // Behind a reverse proxy: its X-Forwarded-* are believed from TRUST_PROXY's addresses only,
    // from loopback in production when unset (docs/deploy.md); anyone else's are ignored.
    trustProxy: config.trustProxy ?? (config.env === 'production' ? 'loopback' : false),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  watchRoutes(app, urls);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('config', config);
  app.decorate('sqlite', database.sqlite);
  registerCatalogVersionWatch(app, database);
  await app.register(mediaStoragePlugin);
  registerAuthDecorations(app);
  registerFormPages(app);
  registerErrorHandling(app);

  registerSecurityHeaders(app, config);
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // Dynamic responses: quick brotli, not the slow maximum.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: openapiHead(config, { shopper: cookieName('user', config), admin: cookieName('admin', config) }),
    transform: documentRoute,
    transformObject: (input) =>
      'openapiObject' in input ? completeDocument(input.openapiObject) : input.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiHooks: { onRequest: docsGuard(app) } });
  registerOriginCheck(app);
  registerNulGuard(app);

  await app.register(mailPlugin, options.mail ?? {});
  await app.register(whatsappPlugin, options.whatsapp ?? {});
  await app.register(expiryPlugin);
  await app.register(cartReminderPlugin);
  await app.register(reviewReminderPlugin);
  await app.register(shippingPlugin);
  await app.register(courierJobsPlugin, options.courierJobs ?? {});
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(mediaServeRoutes);
  await app.register(pageRoutes);
  await app.register(cartFormRoutes);
  await app.register(accountFormRoutes);
  await app.register(advanceLinkFormRoute);
  await app.register(addressLinkFormRoute);
  await app.register(reviewFormRoute);
  if (options.webDistDir) await registerSpa(app, options.webDistDir);
  return app;
}
