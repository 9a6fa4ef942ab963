/**
 * Security headers and the cross-origin guard.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { badRequest, forbidden } from './errors.ts';
import { PERMISSIONS_POLICY } from './permissions-policy.ts';

/** Hosts whose players the product page may embed (docs/product.md#better-8). */
const FRAME_SOURCES = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
  'https://www.instagram.com',
  'https://www.facebook.com',
];

/**
 * Helmet's headers on every answer, and the Permissions-Policy (permissions-policy.ts:
 * helmet has none). They do not vary per request (no nonces), so helmet's middleware
 * runs once here, on a stand-in response, and each request gets the headers it set as
 * Fastify reply headers: running helmet per request re-validated ~11 headers through
 * Node's setHeader (and @fastify/helmet rebuilt it per request, re-parsing the CSP:
 * docs/decisions/010 and 020).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The CSP of an HTML page: the same policy, with the page's inlined style sheets (pages/inline-styles.ts)
 * and its script loader (pages/deferred-scripts.ts) allowed by their hashes. Hashes, not 'unsafe-inline':
 * only those exact sheets and that exact script run.
 */
export function pageContentSecurityPolicy(
  config: Config,
  styleHashes: readonly string[],
  scriptHashes: readonly string[] = [],
): string {
  const policy = securityHeaders(config)['content-security-policy'] ?? '';
  const list = (hashes: readonly string[]) => hashes.map((h) => ` '${h}'`).join('');
  return policy
    .replace("style-src 'self'", () => `style-src 'self'${list(styleHashes)}`)
    .replace("script-src 'self'", () => `script-src 'self'${list(scriptHashes)}`);
}

/** The headers helmet sets for `config`, lower-cased names. */
function securityHeaders(config: Config): Record<string, string> {
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
    // No page is ever framed: the same as the CSP's frame-ancestors 'none', for browsers that read only this.
    xFrameOptions: { action: 'deny' },
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let outcome: { error?: unknown } | undefined;
  setHeaders({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    outcome = { error };
  });
  // Helmet's middleware is synchronous; anything else would mean headers that vary per request.
  if (!outcome || outcome.error || !headers['content-security-policy'])
    throw new Error('helmet did not set its headers at once', { cause: outcome?.error });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from another origin (CSRF): browsers send
 * Origin on every cross-origin POST/PUT/PATCH/DELETE. SameSite=Lax cookies are
 * the second line.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  // A plain hook (no promise per request): it runs on every answer.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    let crossSite: boolean;
    if (origin) {
      let host: string | null = null;
      try {
        host = new URL(origin).host;
      } catch {
        host = null;
      }
      crossSite = host !== request.headers.host;
    } else {
      crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    }
    done(crossSite ? forbidden('Requests from other websites are not allowed') : undefined);
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
  app.addHook('preValidation', (request, _reply, done) => {
    const nul = holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body);
    done(nul ? badRequest(NUL_MESSAGE) : undefined);
  });
}
