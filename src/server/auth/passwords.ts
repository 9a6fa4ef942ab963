/**
 * Passwords are stored only as argon2id hashes (docs/product.md#better-4), with the
 * parameters OWASP's password storage cheat sheet recommends (19 MiB, t=2, p=1).
 *
 * Every hash and check goes through one bounded queue per process
 * (docs/decisions/007-security.md, "Abuse limits"): @node-rs/argon2 runs each
 * call on libuv's thread pool with nothing of its own to bound it, so 150 log-ins
 * at once took every core and the listing went from 15 ms to 2 s. Here at most
 * HASH_SLOTS run at a time, HASH_QUEUE wait, and any more are refused at once
 * with 429: log-ins can slow down log-ins, never browsing. Code that sets or
 * checks a password (sign-up, log-in, password change or reset) calls
 * hashPassword and verifyPassword from here, never argon2 itself.
 */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../http/errors.ts';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes at once: half the cores (one on the two-core machines), the rest left for serving pages. */
export const HASH_SLOTS = Math.max(1, Math.floor(availableParallelism() / 2));
/** Waiting hashes: about half a second of work per slot (a hash takes about 20 ms). */
export const HASH_QUEUE = 24 * HASH_SLOTS;

export const HASHING_BUSY = 'Too many log-ins right now. Please try again in a moment.';

/** A semaphore with a bounded queue: run() refuses with 429 when the queue is full. */
class BoundedQueue {
  active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly slots: number,
    readonly queue: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.slots) {
      if (this.waiting.length >= this.queue) throw new AppError(429, 'busy', HASHING_BUSY);
      await new Promise<void>((start) => this.waiting.push(start));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

/** The process's password hashing; exported so tests can see it saturated. */
export const passwordHashing = new BoundedQueue(HASH_SLOTS, HASH_QUEUE);

/** Hashes a new password; throws 429 (HASHING_BUSY) when too many are waiting. */
export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => hash(password, OPTIONS));
}

/** Checks a password against its hash; throws 429 (HASHING_BUSY) when too many are waiting. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordHashing.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/**
 * A hash of a random password, verified against when the account does not exist,
 * so a wrong number takes as long as a wrong password (no account enumeration by timing).
 * Made outside the queue: it is made once, and a full queue must not make it fail forever.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(`dummy-${Math.random()}`, OPTIONS);
  return dummyHash;
}
