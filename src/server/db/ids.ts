/**
 * App-generated ids (docs/decisions/003-ids.md): 10 characters of time and 10 of
 * randomness in Crockford's lowercase base32. URL-safe, the same on SQLite and
 * PostgreSQL, and sortable by creation time.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export function newId(now: number = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(10);
  let rand = '';
  for (const byte of bytes) rand += ALPHABET[byte % 32];
  return time + rand;
}

export const ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{20}$/;

/** Current time as the ISO-8601 UTC text every table stores. */
export function nowIso(now: number = Date.now()): string {
  return new Date(now).toISOString();
}
