/**
 * App-generated ids (docs/decisions/003-ids.md): 10 characters of time and 10 of
 * randomness in Crockford's lowercase base32. URL-safe, the same on SQLite and
 * PostgreSQL, and sortable by creation time (within a millisecond too, in one process).
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** The last id's time and random digits in this process, so ids made in one millisecond still sort. */
let lastTime = -1;
let lastRand: number[] = [];

export function newId(now: number = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  // Within one millisecond the random part counts up from the first (ULID's monotonic rule), so
  // "newest first" lists and keyset pages never swap two rows made in the same millisecond.
  if (now === lastTime && !lastRand.every((d) => d === 31)) {
    let i = lastRand.length - 1;
    while (lastRand[i] === 31) lastRand[i--] = 0;
    lastRand[i]! += 1;
  } else {
    lastTime = now;
    lastRand = [...randomBytes(10)].map((byte) => byte % 32);
  }
  return time + lastRand.map((d) => ALPHABET[d]).join('');
}

export const ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{20}$/;

/** Current time as the ISO-8601 UTC text every table stores. */
export function nowIso(now: number = Date.now()): string {
  return new Date(now).toISOString();
}
