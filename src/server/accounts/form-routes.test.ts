/**
 * Log in and Create Account posted as plain forms, as a browser without the script does (issue 34):
 * the session cookie is set and the browser sent to the account page; a refusal sends it back to
 * the form with a word from common/account-forms.ts, never the phone or the password; the same
 * limits as the API count the attempts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FORM_ERRORS, accountFormError } from '../../common/account-forms.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { signUp, signupBody, testClientAddress } from '../test-support/shoppers.ts';

describe.each(TEST_DIALECTS)('account forms without the script on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t.close());

  const post = (url: string, fields: Record<string, string>, remoteAddress = testClientAddress()) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', host: 'localhost' },
      payload: new URLSearchParams(fields).toString(),
    });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json();
  const cookieOf = (res: Awaited<ReturnType<typeof post>>) => res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  it('logs in: session cookie, 303 to the account page; a wrong password comes back as a word', async () => {
    const shopper = await signUp(t.app);
    const password = signupBody().password as string;
    const ok = await post('/login', { number: shopper.number, password });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/profile');
    expect((await me(cookieOf(ok))).user.number).toBe(shopper.number);

    const wrong = await post('/login', { number: shopper.number, password: 'not-the-password-1' });
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe('/login?error=wrong');
    expect(wrong.cookies.filter((c) => c.value !== '')).toEqual([]);
    expect(accountFormError('?error=wrong')).toBe(ACCOUNT_FORM_ERRORS.wrong);
    // An unknown word, or one crafted into the address, shows nothing.
    expect(accountFormError('?error=Visit%20evil.example')).toBeNull();
    expect(accountFormError('?error=constructor')).toBeNull();
  });

  it('signs up with the WhatsApp box; a taken number and a bad field come back as words', async () => {
    const body = signupBody() as Record<string, string>;
    const fields = {
      name: body.name!,
      number: body.number!,
      email: body.email!,
      address: body.address!,
      password: body.password!,
    };
    const made = await post('/signup', { ...fields, whatsappUpdates: 'on' });
    expect(made.statusCode).toBe(303);
    expect(made.headers.location).toBe('/profile');
    expect((await me(cookieOf(made))).user.number).toBe(fields.number);

    const again = await post('/signup', fields);
    expect(again.headers.location).toBe('/signup?error=taken');
    const bad = await post('/signup', { ...fields, number: '12345' });
    expect(bad.headers.location).toBe('/signup?error=invalid');
  });

  it('counts form log-ins with the API’s limits', async () => {
    const shopper = await signUp(t.app);
    const ip = '198.51.100.23';
    const words = [];
    for (let i = 0; i < 6; i++) {
      words.push(
        (await post('/login', { number: shopper.number, password: `wrong-password-${i}` }, ip)).headers.location,
      );
    }
    expect(words.at(-1)).toBe('/login?error=limit');
  });
});
