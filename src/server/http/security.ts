/**
 * Security headers and the cross-origin guard.
 */

import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { badRequest, forbidden } from './errors.ts';

/** Hosts whose players the product page may embed (docs/product.md#better-8). */
const FRAME_SOURCES = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
  'https://www.instagram.com',
  'https://www.facebook.com',
];

/**
 * Helmet's headers on every answer. The middleware is built once here:
 * @fastify/helmet built it again for every request, re-parsing the CSP, which
 * was 7% of the CPU of a cached catalogue answer (docs/decisions/010).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // With S3_PUBLIC_URL, pictures come from the bucket or CDN (docs/decisions/018-object-storage.md).
        imgSrc: ["'self'", 'data:', ...(config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: FRAME_SOURCES,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only when served over https; on plain http it would be ignored or, worse, stick.
    strictTransportSecurity: config.cookieSecure ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from another origin (CSRF): browsers send
 * Origin on every cross-origin POST/PUT/PATCH/DELETE. SameSite=Lax cookies are
 * the second line.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      let host: string | null = null;
      try {
        host = new URL(origin).host;
      } catch {
        host = null;
      }
      if (host !== request.headers.host) throw forbidden('Requests from other websites are not allowed');
    } else if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Requests from other websites are not allowed');
    }
  });
}

export const NUL_MESSAGE = 'Some of the text holds a character we cannot store (NUL). Please remove it and try again.';

/** True when a string, or a key, anywhere in `value` holds U+0000. */
function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      stack.push(...item);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * Refuses U+0000 in the path, query and body with a 400 before any schema or
 * query sees it: PostgreSQL cannot store it in text (the query fails, a 500),
 * and SQLite would keep a value other tools cut short. Found by the fuzz test
 * (tests/security/fuzz.test.ts) on PostgreSQL.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) throw badRequest(NUL_MESSAGE);
  });
}
