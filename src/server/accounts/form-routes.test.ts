/**
 * The account forms posted as plain forms, as a browser without the script sends them (issue 34
 * item 7b; common/account-forms.ts): log in, sign up, change the password, edit the profile. Done:
 * the session cookie and 303 to the account page. Refused: the form's page itself, with the
 * refusal's status, its messages and what was typed (never a password), and nothing changed. The
 * same limits as the API count the attempts. The page is the shell of a built app (no renderer):
 * what it carries is the embedded refusal the screen starts from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FORM_ERRORS, type PostedForm, postedFormPath } from '../../common/account-forms.ts';
import { CART_COOKIE, CART_FORM_ACTION } from '../../common/cart-cookie.ts';
import { PASSWORD_MESSAGES } from '../../common/password-change-rules.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { insertProduct, PASSWORD, signUp, signupBody, testClientAddress } from '../test-support/shoppers.ts';
import { type BareWebBuild, bareWebBuild } from '../test-support/web-build.ts';

const HOSTILE = '</script><script>alert(1)</script>';

describe.each(TEST_DIALECTS)('account forms without the script on %s', (dialect) => {
  let t: TestApp;
  let dist: BareWebBuild;
  beforeAll(async () => {
    dist = bareWebBuild();
    t = await createTestApp({ dialect, webDistDir: dist.dir });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  const post = (url: string, body: string | Record<string, string>, cookie = '', remoteAddress = testClientAddress()) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        host: 'localhost',
        ...(cookie ? { cookie } : {}),
      },
      payload: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
    });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user;
  const cookieOf = (res: Awaited<ReturnType<typeof post>>) => res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  /** The refusal the page carries for the form `id`. */
  const postedOf = (html: string, id: string): PostedForm => {
    const block = /<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(html)?.[1];
    if (!block) throw new Error('the page carries no answers');
    return JSON.parse(block)[`/api${postedFormPath(id)}`];
  };
  const apiLogin = (number: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: testClientAddress(),
      payload: { number, password },
    });

  it('logs in: session cookie, 303 to the account page; a wrong password answers the page with the phone kept', async () => {
    const shopper = await signUp(t.app);
    const ok = await post('/login', { number: shopper.number, password: PASSWORD });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/profile');
    expect((await me(cookieOf(ok))).number).toBe(shopper.number);

    const wrong = await post('/login', { number: shopper.number, password: 'not-the-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('text/html');
    expect(wrong.headers['cache-control']).toBe('no-store');
    expect(wrong.headers.location).toBeUndefined();
    expect(wrong.cookies.filter((c) => c.value !== '')).toEqual([]);
    expect(postedOf(wrong.body, 'login')).toEqual({
      values: { number: shopper.number },
      message: ACCOUNT_FORM_ERRORS.wrong,
      fields: {},
    });
    expect(wrong.body).not.toContain('not-the-password-1');
  });

  it('signs up with the WhatsApp box; a taken number and a bad field answer the page, nothing made', async () => {
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
    expect((await me(cookieOf(made))).number).toBe(fields.number);

    const users = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('users')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await users();
    const again = await post('/signup', fields);
    expect(again.statusCode).toBe(409);
    expect(postedOf(again.body, 'signup').fields).toEqual({ number: ACCOUNT_FORM_ERRORS.taken });

    const bad = await post('/signup', { ...fields, number: '12345', name: HOSTILE });
    expect(bad.statusCode).toBe(400);
    const posted = postedOf(bad.body, 'signup');
    expect(Object.keys(posted.fields)).toContain('number');
    // What was typed comes back for the boxes, as data: never as markup, never the password.
    expect(posted.values).toEqual({ name: HOSTILE, number: '12345', email: fields.email, address: fields.address });
    expect(bad.body).not.toContain(HOSTILE);
    expect(bad.body).not.toContain(fields.password);
    expect(await users()).toBe(before);
  });

  it('changes the password: the current one first; a visitor is sent to log in', async () => {
    const shopper = await signUp(t.app);
    const visitor = await post('/change-password', { currentPassword: PASSWORD, newPassword: 'another-pass-22' });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe('/login');

    const wrong = await post(
      '/change-password',
      { currentPassword: 'not-mine-at-all', newPassword: 'another-pass-22' },
      shopper.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(postedOf(wrong.body, 'change-password')).toEqual({
      values: {},
      message: PASSWORD_MESSAGES.wrongCurrent,
      fields: { currentPassword: PASSWORD_MESSAGES.wrongCurrent },
    });
    expect(wrong.body).not.toContain('another-pass-22');
    expect((await apiLogin(shopper.number, PASSWORD)).statusCode).toBe(200);

    const same = await post('/change-password', { currentPassword: PASSWORD, newPassword: PASSWORD }, shopper.cookie);
    expect(same.statusCode).toBe(400);
    expect(postedOf(same.body, 'change-password').fields).toEqual({ newPassword: PASSWORD_MESSAGES.same });

    const done = await post(
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'another-pass-22' },
      shopper.cookie,
    );
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/profile');
    expect((await apiLogin(shopper.number, 'another-pass-22')).statusCode).toBe(200);
    expect((await apiLogin(shopper.number, PASSWORD)).statusCode).toBe(401);
  });

  it('edits the profile with every address box; a bad field changes nothing', async () => {
    const shopper = await signUp(t.app);
    const before = await me(shopper.cookie);
    const visitor = await post('/editprofile', { name: 'Someone Else', number: shopper.number, email: 'x@example.in' });
    expect(visitor.headers.location).toBe('/login');

    const two = new URLSearchParams([
      ['name', 'Asha Rao Kulkarni'],
      ['number', shopper.number],
      ['email', 'asha.k@example.in'],
      ['addresses', '12, Lotus Residency, near City Mall, Pune - 411001, Maharashtra'],
      ['addresses', '4, Palm Grove, MG Road, Nashik - 422001, Maharashtra'],
    ]).toString();
    const saved = await post('/editprofile', two, shopper.cookie);
    expect(saved.statusCode).toBe(303);
    const after = await me(shopper.cookie);
    expect(after.name).toBe('Asha Rao Kulkarni');
    expect(after.addresses).toHaveLength(2);

    const bad = await post(
      '/editprofile',
      two.replace('asha.k%40example.in', 'not-an-email').replace('Asha+Rao+Kulkarni', encodeURIComponent(HOSTILE)),
      shopper.cookie,
    );
    expect(bad.statusCode).toBe(400);
    const posted = postedOf(bad.body, 'profile');
    expect(Object.keys(posted.fields)).toEqual(['email']);
    expect((posted.values.addresses as string[]).length).toBe(2);
    expect(bad.body).not.toContain(HOSTILE);
    expect(await me(shopper.cookie)).toEqual(after);
    expect(after).not.toEqual(before);

    // A field named like an object's own parts is one more unknown field, nothing else.
    const odd = await post('/editprofile', `${two}&__proto__=x&constructor=y`, shopper.cookie);
    expect(odd.statusCode).toBe(303);
  });

  it('a visitor’s cart from the no-script ADD TO CART goes into the account at log-in, once', async () => {
    const shopper = await signUp(t.app);
    const product = await insertProduct(t.app.db);
    const added = await post(CART_FORM_ACTION, `productId=${product.id}`);
    const cart = added.cookies.find((c) => c.name === CART_COOKIE);
    expect(cart?.value).toBe(`${product.id}*1`);
    const res = await post('/login', { number: shopper.number, password: PASSWORD }, `${CART_COOKIE}=${cart!.value}`);
    expect(res.statusCode).toBe(303);
    // The cookie is cleared, so the app does not add the watch again.
    expect(res.cookies.find((c) => c.name === CART_COOKIE)?.value).toBe('');
    const lines = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: cookieOf(res) } })).json()
      .lines as Array<{ productId: string; quantity: number }>;
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([[product.id, 1]]);
  });

  it('counts form log-ins with the API’s limits', async () => {
    const shopper = await signUp(t.app);
    const ip = '198.51.100.23';
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await post('/login', { number: shopper.number, password: `wrong-password-${i}` }, '', ip)).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });

  /** The answers a page carries (the session's, a refusal's), by their API path. */
  const answersOf = (html: string): Record<string, unknown> =>
    JSON.parse(/<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');

  it('Your Account carries the shopper’s session, never kept; LOG OUT posted there ends it', async () => {
    const shopper = await signUp(t.app, { name: HOSTILE });
    const page = await t.app.inject({ method: 'GET', url: '/profile', headers: { cookie: shopper.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const session = answersOf(page.body)['/api/session'] as { user: { number: string; name: string } | null };
    expect(session.user).toMatchObject({ number: shopper.number, name: HOSTILE });
    expect(page.body).not.toContain('<script>alert(1)');
    // A visitor's page says no one is logged in (the screen asks to log in), and is not the shopper's kept one.
    const visitor = await t.app.inject({ method: 'GET', url: '/profile' });
    expect(visitor.headers['cache-control']).toBe('no-store');
    expect((answersOf(visitor.body)['/api/session'] as { user: unknown }).user).toBeNull();
    expect(visitor.body).not.toContain(shopper.number);

    const out = await post('/profile', '', shopper.cookie);
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect(await me(shopper.cookie)).toBeNull();
  });

  it('refuses a form from another site, changing nothing', async () => {
    const shopper = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/change-password',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        host: 'localhost',
        cookie: shopper.cookie,
      },
      payload: new URLSearchParams({ currentPassword: PASSWORD, newPassword: 'another-pass-22' }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect((await apiLogin(shopper.number, PASSWORD)).statusCode).toBe(200);
  });
});
