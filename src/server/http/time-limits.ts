/**
 * How long a connection may hold the server (docs/decisions/023-time-limits-and-page-cache-keys.md).
 * Fastify leaves requestTimeout and connectionTimeout at 0, which also turns Node's own
 * request limit off: a body announced and never sent (or sent a byte at a time) held its
 * connection for ever. Caddy has the same limits in front (deploy/Caddyfile).
 */

export interface TimeLimits {
  /**
   * The whole request, headers and body, from its first byte (Node's requestTimeout): past
   * it the server answers 408 and closes the connection. A trickled body is caught by this one.
   */
  requestMs: number;
  /**
   * No byte either way for this long closes the connection (Node's socket timeout,
   * Fastify's connectionTimeout): a stalled body, a peer gone without a word, a client
   * that stops reading its answer. Longer than any handler works without writing.
   */
  idleMs: number;
}

/**
 * Sized for the largest body the app takes: the product form's pictures, up to 50 MB in
 * one request (media/upload-routes.ts), which a 4 Mbit/s upload sends in about 100 s.
 * Headers keep Node's own limit (headersTimeoutMs).
 */
export const TIME_LIMITS: TimeLimits = { requestMs: 120_000, idleMs: 60_000 };

/**
 * How often Node looks for requests past their limit. Its default, 30 s, would let a
 * request run up to 30 s over; a quarter of the limit (at most 5 s) keeps that small.
 */
export function checkingIntervalMs(requestMs: number): number {
  return requestMs > 0 ? Math.min(5_000, Math.max(100, Math.floor(requestMs / 4))) : 30_000;
}

/**
 * The headers' limit: Node's default, 60 s or the request's limit if shorter. Said here
 * because Fastify sets the request limit after making the server, which leaves 60 s; and
 * Node swaps the two when the headers' is the longer, so a 2 s request limit would become 60 s.
 */
export function headersTimeoutMs(requestMs: number): number {
  return requestMs > 0 ? Math.min(60_000, requestMs) : 60_000;
}

/** The Fastify server options that apply `limits`. */
export function timeLimitOptions(limits: TimeLimits) {
  return {
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.idleMs,
    http: {
      headersTimeout: headersTimeoutMs(limits.requestMs),
      connectionsCheckingInterval: checkingIntervalMs(limits.requestMs),
    },
  };
}
