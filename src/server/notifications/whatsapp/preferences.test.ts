/**
 * The shopper's consent (docs/whatsapp.md#consent): unticked by default at sign-up, kept with its
 * time when ticked, turned off and on from the profile (PUT /api/profile/messages), offers only
 * with updates, the language kept; and who a template may go to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/app.ts';
import { createTestApp } from '../../test-support/app.ts';
import { TEST_DIALECTS } from '../../test-support/databases.ts';
import { signUp } from '../../test-support/shoppers.ts';
import { whatsappAllowed } from './order-messages.ts';

describe.each(TEST_DIALECTS)('message preferences on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t?.close());

  const preferences = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/profile/messages', headers: { cookie } })).json();

  it('starts unticked, and a sign-up that ticks the box keeps the consent with its time', async () => {
    const plain = await signUp(t.app);
    expect(await preferences(plain.cookie)).toEqual({
      whatsappUpdates: false,
      whatsappUpdatesSince: null,
      whatsappProven: false,
      offers: false,
      language: 'en',
    });
    const ticked = await signUp(t.app, { whatsappUpdates: true });
    const got = await preferences(ticked.cookie);
    expect(got.whatsappUpdates).toBe(true);
    expect(Date.parse(got.whatsappUpdatesSince)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('turns updates and offers off and on from the profile; offers need updates; the first time is kept', async () => {
    const shopper = await signUp(t.app, { whatsappUpdates: true });
    const since = (await preferences(shopper.cookie)).whatsappUpdatesSince;
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/profile/messages', headers: { cookie: shopper.cookie }, payload: body });
    const on = await put({ whatsappUpdates: true, offers: true, language: 'hi' });
    expect(on.json()).toEqual({
      whatsappUpdates: true,
      whatsappUpdatesSince: since,
      whatsappProven: false,
      offers: true,
      language: 'hi',
    });
    const off = await put({ whatsappUpdates: false, offers: true, language: 'hi' });
    expect(off.json()).toEqual({
      whatsappUpdates: false,
      whatsappUpdatesSince: null,
      whatsappProven: false,
      offers: false,
      language: 'hi',
    });
    const bad = await put({ whatsappUpdates: 'yes', offers: false, language: 'ta' });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/profile/messages' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a marketing template go only to a shopper who agreed to updates and to offers', () => {
    const base = { whatsapp_consent_at: '2026-01-01T00:00:00.000Z', offers_consent_at: null, deleted_at: null };
    expect(whatsappAllowed(base, 'utility')).toBe(true);
    expect(whatsappAllowed(base, 'marketing')).toBe(false);
    expect(whatsappAllowed({ ...base, offers_consent_at: '2026-01-02T00:00:00.000Z' }, 'marketing')).toBe(true);
    expect(whatsappAllowed({ ...base, whatsapp_consent_at: null }, 'utility')).toBe(false);
    expect(whatsappAllowed({ ...base, deleted_at: '2026-02-01T00:00:00.000Z' }, 'utility')).toBe(false);
  });
});
