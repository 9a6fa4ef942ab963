/**
 * Faults outside the app (docs/decisions/025-faults.md): the database stopped or
 * restarting, the disk full, the picture bucket unreachable. None of them is a bug
 * of the request, and none lasts: the shopper is told, in the one error shape, that
 * the shop is briefly unavailable (503 with Retry-After), never handed a 500 or
 * left waiting. This module says which errors are such faults and what each answers;
 * the one error handler (errors.ts) uses it, so every route gets it.
 */

export type Outage = 'database' | 'disk_full' | 'pictures' | 'pictures_not_stored';

export interface OutageAnswer {
  code: string;
  message: string;
  /** Seconds, for the Retry-After header. */
  retryAfterSeconds: number;
}

/** What a shopper (or the admin) reads during each fault: the messages live here and nowhere else. */
export const OUTAGE_ANSWERS: Record<Outage, OutageAnswer> = {
  database: {
    code: 'unavailable',
    message: 'The shop is briefly unavailable. Please try again in a minute.',
    retryAfterSeconds: 30,
  },
  disk_full: {
    code: 'storage_full',
    message: 'The shop cannot take orders right now. Please try again shortly.',
    retryAfterSeconds: 60,
  },
  pictures: {
    code: 'pictures_unavailable',
    message: 'The pictures are briefly unavailable. Please try again in a minute.',
    retryAfterSeconds: 30,
  },
  pictures_not_stored: {
    code: 'pictures_not_stored',
    message: 'The pictures could not be stored. Please try again.',
    retryAfterSeconds: 30,
  },
};

/** Thrown by code that knows a dependency failed (the picture storage); answered 503 like the rest. */
export class OutageError extends Error {
  constructor(
    readonly outage: Outage,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutageError';
  }
}

/**
 * Socket errors: a server that cannot be reached or went away. Only the database's connections
 * reach a request's error handler with these (the picture storage tells its own apart with the
 * same list and wraps them in OutageError; mail is sent by the worker).
 */
export const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away, coming back or full:
 * 57P01 admin_shutdown (pg_ctl stop -m fast), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, shutting down, in recovery), 53300
 * too_many_connections; class 08 is every connection exception.
 */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
/** 53100 disk_full. */
const PG_DISK_FULL = new Set(['53100']);

/**
 * node-postgres says a connection broke in messages only (no code): a query cut off
 * ("Connection terminated unexpectedly"), a client already broken ("… is not
 * queryable"), the pool's connection timeout ("timeout exceeded when trying to connect").
 */
const PG_BROKEN_MESSAGES = [
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
];

/** better-sqlite3's codes (extended ones too: SQLITE_IOERR_WRITE, SQLITE_IOERR_FSYNC…) and the file system's. */
function isDiskFault(code: string): boolean {
  return (
    code === 'SQLITE_FULL' ||
    code.startsWith('SQLITE_IOERR') ||
    code === 'ENOSPC' ||
    code === 'EDQUOT' ||
    code === 'EIO'
  );
}

function outageOfOne(error: unknown): Outage | null {
  if (error instanceof OutageError) return error.outage;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (isDiskFault(code) || PG_DISK_FULL.has(code)) return 'disk_full';
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.has(code)) return 'database';
    // A five-character SQLSTATE of class 08 (connection exception).
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'database';
  }
  if (typeof message === 'string' && PG_BROKEN_MESSAGES.some((pattern) => pattern.test(message))) return 'database';
  return null;
}

/**
 * The fault `error` stands for, or null for any other error (a bug: answered 500).
 * Looks through `cause` and an AggregateError's `errors` (a connection tried on
 * several addresses), a few levels deep.
 */
export function outageOf(error: unknown, depth = 0): Outage | null {
  const own = outageOfOne(error);
  if (own || depth >= 3 || typeof error !== 'object' || error === null) return own;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined) {
    const found = outageOf(cause, depth + 1);
    if (found) return found;
  }
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = outageOf(inner, depth + 1);
      if (found) return found;
    }
  }
  return null;
}
