/**
 * What the request log may keep of a URL (issue 34): never a working secret or a shopper's data.
 * A failed-delivery link (`/delivery/:orderNumber/:token`, `/api/delivery-choice/…/:token`) and a
 * password-reset link (`/reset-password/:token`, `/api/password-resets/:token`) work for anyone who
 * reads them; /track's query carries an order number and the phone it was placed with. Logs are
 * read by more people, kept longer and copied to more places than the database, so:
 * - every query value is replaced (the names stay: they say which form was sent);
 * - a path parameter whose name says secret or personal (token, pincode, phone) is replaced, for
 *   every route the app registers (onRoute) and every page pattern (common/page-paths.ts);
 * - any run of 10 or more digits left in the path (a phone typed into an address) is replaced.
 * The rest of the URL stays, so a log line still says which page or endpoint was asked for.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_ROUTES } from '../../common/page-paths.ts';

export const REDACTED = '[redacted]';

/** Path parameters whose value is a secret or a shopper's data. */
const SECRET_PARAM = /token|pincode|phone|password|code/i;
const LONG_DIGITS = /\d{10,}/g;

interface SecretPattern {
  /** The pattern's segments: a literal, or null for a parameter. */
  segments: Array<string | null>;
  /** Which segments to replace. */
  secret: ReadonlySet<number>;
}

export class UrlRedactor {
  private readonly patterns: SecretPattern[] = [];
  private readonly seen = new Set<string>();

  constructor(patterns: Iterable<string> = []) {
    for (const p of patterns) this.add(p);
  }

  /** Remembers a route pattern (Fastify's notation) when one of its parameters is secret. */
  add(pattern: string): void {
    if (this.seen.has(pattern)) return;
    this.seen.add(pattern);
    const parts = pattern.split('/');
    const secret = new Set<number>();
    const segments = parts.map((part, i) => {
      if (!part.startsWith(':')) return part;
      if (SECRET_PARAM.test(part.slice(1))) secret.add(i);
      return null;
    });
    if (secret.size > 0) this.patterns.push({ segments, secret });
  }

  redact(url: string): string {
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const query = q === -1 ? '' : `?${redactQuery(url.slice(q + 1))}`;
    return `${this.redactPath(path)}${query}`;
  }

  private redactPath(path: string): string {
    const parts = path.split('/');
    // A trailing slash is ignored by the router (ignoreTrailingSlash), so it is here too.
    const length = parts.at(-1) === '' && parts.length > 2 ? parts.length - 1 : parts.length;
    for (const { segments, secret } of this.patterns) {
      if (segments.length !== length) continue;
      if (!segments.every((s, i) => s === null || s === parts[i])) continue;
      for (const i of secret) parts[i] = REDACTED;
      break;
    }
    return parts.join('/').replace(LONG_DIGITS, REDACTED);
  }
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = (eq === -1 ? pair : pair.slice(0, eq)).slice(0, 40).replace(LONG_DIGITS, REDACTED);
      return eq === -1 ? name : `${name}=${REDACTED}`;
    })
    .join('&');
}

/** The redactor for one app: the page patterns now, each API route as it is registered. */
export function createUrlRedactor(): UrlRedactor {
  return new UrlRedactor(Object.keys(PAGE_ROUTES));
}

export function watchRoutes(app: FastifyInstance, redactor: UrlRedactor): void {
  app.addHook('onRoute', (route) => redactor.add(route.url));
}

/**
 * Fastify's request serializer (lib/logger-pino.js asReqValue) with the URL redacted: the
 * "incoming request" line and every error logged with the request.
 */
export function requestSerializer(redactor: UrlRedactor) {
  return (req: FastifyRequest) => ({
    method: req.method,
    url: redactor.redact(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  });
}
