/**
 * Issue 15's probe: 150 log-ins at once took the listing from 15 ms to 2 s.
 * Password hashing is bounded (auth/passwords.ts): while it is saturated the
 * catalogue still answers, and log-ins beyond the queue are refused at once
 * with 429 instead of piling up. No timing is asserted: the listing is shown
 * to answer while every hashing slot is held and the queue is full.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASH_QUEUE, HASH_SLOTS, HASHING_BUSY, passwordHashing } from '../../src/server/auth/passwords.ts';
import { createTestApp, type TestApp } from '../../src/server/test-support/app.ts';
import { TEST_DIALECTS } from '../../src/server/test-support/databases.ts';
import { insertProduct, signupBody, testPhone } from '../../src/server/test-support/shoppers.ts';

const LOGINS = 150;

describe.each(TEST_DIALECTS)('bounded password hashing on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    await insertProduct(t.app.db, { name: 'Browsing Watch' });
  });
  afterAll(() => t.close());

  it(`${LOGINS} log-ins at once: the listing still answers, the excess gets 429 and costs no attempt`, async () => {
    // Hold every hashing slot, so the queue stays full for as long as the test looks at it.
    let release = () => {};
    const gate = new Promise<void>((open) => {
      release = open;
    });
    const holders = Array.from({ length: HASH_SLOTS }, () => passwordHashing.run(() => gate));
    expect(passwordHashing.active).toBe(HASH_SLOTS);

    // Each from its own address and number, so only the hashing bound can refuse them.
    const refusedExpected = LOGINS - HASH_QUEUE;
    let answered = 0;
    let enoughAnswered = () => {};
    const excessAnswered = new Promise<void>((done) => {
      enoughAnswered = done;
    });
    const logins = Array.from({ length: LOGINS }, (_, i) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: `10.77.${Math.floor(i / 200)}.${i % 200}`,
          payload: { number: testPhone(), password: 'a-wrong-password' },
        })
        .then((res) => {
          answered += 1;
          if (answered === refusedExpected) enoughAnswered();
          return res;
        }),
    );
    await excessAnswered;
    expect(passwordHashing.queued).toBe(HASH_QUEUE);

    const listing = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(listing.statusCode).toBe(200);
    expect(listing.json().items.map((p: { name: string }) => p.name)).toContain('Browsing Watch');
    // Answered while hashing was still saturated: every slot held, the queue still full.
    expect(passwordHashing.active).toBe(HASH_SLOTS);
    expect(passwordHashing.queued).toBe(HASH_QUEUE);

    // A sign-up meanwhile is turned away too, and its sign-up slot given back.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      remoteAddress: '10.77.9.9',
      payload: signupBody(),
    });
    expect(signup.statusCode).toBe(429);
    expect(signup.json().error.message).toBe(HASHING_BUSY);
    const signupSlot = await t.app.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', 'signup@10.77.9.9')
      .executeTakeFirstOrThrow();
    expect(Number(signupSlot.count)).toBe(0);

    release();
    await Promise.all(holders);
    const answers = await Promise.all(logins);
    const busy = answers.filter((a) => a.statusCode === 429);
    expect(busy).toHaveLength(refusedExpected);
    for (const a of busy) expect(a.json().error).toEqual({ code: 'busy', message: HASHING_BUSY });
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(HASH_QUEUE);
    expect(passwordHashing.active).toBe(0);

    // A refused log-in was never checked, so it used up none of its limits: nothing is left counted.
    const counted = await t.app.db
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'like', 'login-address:shopper@10.77.%')
      .where('count', '>', 0)
      .execute();
    expect(counted).toHaveLength(HASH_QUEUE);
  });
});
