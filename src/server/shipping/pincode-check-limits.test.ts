/**
 * The public pincode check against the fake Shiprocket (issue 34): made-up pincodes never reach
 * the courier, a real one is asked once, and the courier calls one address can cause are limited
 * (429 with the reason, never kept by a cache), on SQLite and PostgreSQL (the limit's counters).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDirectory } from '../../common/pincode-directory.ts';
import type { TestApp } from '../test-support/app.ts';
import { createCourierTestApp } from '../test-support/courier-app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { type FakeShiprocket, startFakeShiprocket } from './couriers/shiprocket/fake.ts';
import { PINCODE_CHECKS_PER_ADDRESS, PINCODE_TOO_MANY } from './delivery-check.ts';

const REAL_PINCODES = [
  ...parseDirectory(readFileSync(new URL('../../common/pincodes.txt', import.meta.url), 'utf8')).keys(),
];

describe.each(TEST_DIALECTS)('the pincode check on %s', (dialect) => {
  let fake: FakeShiprocket;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeShiprocket();
    t = await createCourierTestApp({ dialect, fake });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const checks = () => fake.requests.filter((r) => r.path.includes('/courier/serviceability')).length;
  const ask = (pincode: string, ip: string) =>
    t.app.inject({ method: 'GET', url: `/api/delivery/${pincode}`, remoteAddress: ip });

  it('answers 40 made-up pincodes from one address without asking the courier', async () => {
    const before = checks();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => ask(String(990000 + i), '203.0.113.7')));
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json()).toMatchObject({ served: false });
    }
    expect(checks()).toBe(before);
  });

  it('asks once per real pincode, and limits the calls one address causes', async () => {
    const ip = '203.0.113.8';
    const before = checks();
    const pincodes = REAL_PINCODES.slice(100, 100 + PINCODE_CHECKS_PER_ADDRESS + 5);
    const answers = [];
    for (const p of pincodes) answers.push(await ask(p, ip));
    expect(answers.slice(0, PINCODE_CHECKS_PER_ADDRESS).map((a) => a.statusCode)).toEqual(
      Array(PINCODE_CHECKS_PER_ADDRESS).fill(200),
    );
    const refused = answers.slice(PINCODE_CHECKS_PER_ADDRESS);
    for (const a of refused) {
      expect(a.statusCode).toBe(429);
      expect(a.json().error.message).toBe(PINCODE_TOO_MANY);
      expect(String(a.headers['cache-control'] ?? '')).not.toMatch(/public/);
    }
    expect(checks() - before).toBe(PINCODE_CHECKS_PER_ADDRESS);
    // A kept answer costs the courier nothing and is never refused; another address is not stopped.
    expect((await ask(pincodes[0]!, ip)).statusCode).toBe(200);
    expect((await ask(pincodes.at(-1)!, '203.0.113.9')).statusCode).toBe(200);
    expect(checks() - before).toBe(PINCODE_CHECKS_PER_ADDRESS + 1);
  });
});
