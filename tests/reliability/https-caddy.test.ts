/**
 * The store behind HTTPS as docs/deploy.md runs it (issue 15): Caddy (Debian's
 * package) with deploy/Caddyfile in front of two app processes on one
 * PostgreSQL database and one bucket. Shoppers sign up and check out through
 * https:// only; one process is stopped half-way and the checkouts go on
 * through the other. Checked on the way: plain http redirects to https, the
 * session cookie is `__Host-` and Secure, HSTS is sent, and X-Forwarded-* is
 * believed from the proxy only: a client's forged X-Forwarded-For is replaced by
 * Caddy, and one sent straight to the app from another address is ignored.
 */
import { randomUUID } from 'node:crypto';
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher, fetch as undiciFetch } from 'undici';
import { afterAll, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../src/server/test-support/s3-server.ts';
import { type CaddyProcess, caddyPorts, startCaddy } from './support/caddy.ts';
import { checkoutCycle, newTally } from './support/checkout.ts';
import { openReader } from './support/databases.ts';
import { recordFigures } from './support/figures.ts';
import { type Fresh, freshData, postgresConfigured } from './support/fixtures.ts';
import { inBatches, orderableProductIds, Session, signUp } from './support/http.ts';
import { checkOrders } from './support/orders-check.ts';
import { seededBucket } from './support/pictures.ts';
import { type StoreProcess, startTwoStores } from './support/server.ts';

const SHOPPERS = 8;
const CYCLES_BOTH = 2;
const CYCLES_AFTER_STOP = 2;

let s3: TestS3Server | undefined;
let fresh: Fresh | undefined;
let caddy: CaddyProcess | undefined;
const stores: StoreProcess[] = [];
const agents: Agent[] = [];
let previousDispatcher: Dispatcher | undefined;
afterAll(async () => {
  if (previousDispatcher) setGlobalDispatcher(previousDispatcher);
  await Promise.all(agents.map((a) => a.close()));
  await caddy?.stop();
  await Promise.all(stores.map((s) => s.stop()));
  await fresh?.cleanup();
  await s3?.close();
});

/** What the app logged of the request carrying `probe`: the client address and host it believed. */
function loggedRequest(store: StoreProcess, probe: string): { remoteAddress?: string; host?: string } | undefined {
  for (const line of store.output().split('\n')) {
    if (!line.includes(probe) || !line.includes('incoming request')) continue;
    return (JSON.parse(line) as { req: { remoteAddress?: string; host?: string } }).req;
  }
  return undefined;
}

/** Waits for the log line (pino writes it a moment after the answer may have arrived). */
function seenByApp(store: StoreProcess, probe: string): Promise<{ remoteAddress?: string; host?: string }> {
  return new Promise((done, fail) => {
    const check = () => {
      const seen = loggedRequest(store, probe);
      if (!seen) return;
      clearTimeout(timer);
      store.child.stdout?.off('data', check);
      done(seen);
    };
    const timer = setTimeout(() => {
      store.child.stdout?.off('data', check);
      fail(new Error(`The app logged no request with ${probe}`));
    }, 15_000);
    store.child.stdout?.on('data', check);
    check();
  });
}

/** A request from a chosen loopback address, with forged forwarding headers. */
async function probeFrom(localAddress: string, url: string, ca?: string): Promise<string> {
  const agent = new Agent({ localAddress, ...(ca ? { connect: { ca } } : {}) });
  agents.push(agent);
  // The probe is a query name of letters only: the log keeps names but never values, nor long digit
  // runs (http/log-redaction.ts).
  const probe = `probe${randomUUID().replace(/[-\d]/g, '')}`;
  const res = await undiciFetch(`${url}/api/health?${probe}`, {
    dispatcher: agent,
    headers: {
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    },
  });
  expect(res.status).toBe(200);
  return probe;
}

it.skipIf(!postgresConfigured())(
  'a checkout through Caddy over https with two app processes, one stopped half-way',
  async () => {
    s3 = await startS3Server();
    fresh = await freshData('postgres');
    const bucket = await seededBucket(s3, fresh.dataDir);
    const ports = await caddyPorts();
    const publicUrl = `https://localhost:${ports.httpsPort}`;
    const target = {
      dataDir: fresh.dataDir,
      databaseUrl: fresh.databaseUrl,
      logLevel: 'info',
      // As docs/deploy.md sets them: the public https address, Secure cookies, Caddy's address trusted.
      env: { ...bucket.env, PUBLIC_URL: publicUrl, COOKIE_SECURE: 'true', TRUST_PROXY: '127.0.0.1' },
    };
    const [a, b] = await startTwoStores(target);
    stores.push(a, b);
    caddy = await startCaddy([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`], ports);
    // Every fetch of this test trusts Caddy's CA (and nothing is trusted system-wide).
    previousDispatcher = getGlobalDispatcher();
    const trusting = new Agent({ connect: { ca: caddy.ca } });
    agents.push(trusting);
    setGlobalDispatcher(trusting);

    // Plain http answers only with a redirect to https.
    const plain = await fetch(`${caddy.httpUrl}/cart?x=1`, { redirect: 'manual' });
    expect(plain.status).toBe(308);
    // To https on the same host and path. (Caddy 2.6 leaves the port out of the redirect, right for
    // 443 in production; here https is on a high port.)
    const redirect = new URL(plain.headers.get('location') ?? '');
    expect([redirect.protocol, redirect.hostname, redirect.pathname + redirect.search]).toEqual([
      'https:',
      'localhost',
      '/cart?x=1',
    ]);

    // A sign-up over https: the session cookie is __Host-, Secure, httpOnly, for the whole site only; HSTS is sent.
    const signup = await fetch(`${publicUrl}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Https Shopper',
        number: `9${String(Date.now()).slice(-9)}`,
        email: 'https-shopper@example.in',
        address: '12, Rose Villa, Hill Road, Bandra West, Mumbai - 400050, Maharashtra',
        password: 'shopper-password-1',
      }),
    });
    expect(signup.status).toBe(201);
    const cookies = signup.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    const cookie = cookies[0] as string;
    expect(cookie).toMatch(/^__Host-sid=[^;]+;/);
    for (const attribute of [/;\s*Secure(;|$)/i, /;\s*HttpOnly(;|$)/i, /;\s*Path=\/(;|$)/i, /;\s*SameSite=Lax(;|$)/i]) {
      expect(cookie).toMatch(attribute);
    }
    expect(cookie).not.toMatch(/;\s*Domain=/i);
    const hsts = signup.headers.get('strict-transport-security');
    expect(hsts).toBe('max-age=31536000; includeSubDomains');
    const home = await fetch(`${publicUrl}/`);
    expect(home.headers.get('strict-transport-security')).toBe(hsts);

    // Pictures come through too (from the bucket, by whichever process answers).
    const products = await orderableProductIds(publicUrl);
    const product = await new Session(publicUrl).call('GET', `/api/products/${products[0]}`);
    const picture = await fetch(`${publicUrl}/media/${product.body.images[0]}/480.webp`);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/webp']);

    // Checkouts through https only; process A is stopped half-way.
    const shoppers = await inBatches(SHOPPERS, 4, () => signUp(publicUrl));
    const tally = newTally();
    const cycles = (n: number) =>
      Promise.all(
        shoppers.map(async (s) => {
          for (let i = 0; i < n; i++) await checkoutCycle(s, { products, tally });
        }),
      );
    await cycles(CYCLES_BOTH);
    const stoppedA = await a.stop();
    expect(stoppedA.code).toBe(0);
    await cycles(CYCLES_AFTER_STOP);
    const bothServed = [a, b].every((s) => s.output().includes('"url":"/api/orders"'));
    // Caddy must never run out of processes while B is up (it did for 30 s with retries on Caddy 2.6).
    const noUpstream = caddy.output().split('no upstreams available').length - 1;

    // X-Forwarded-* from Caddy is believed: the app sees the shopper's own address, not the forged one.
    const viaCaddy = await seenByApp(b, await probeFrom('127.0.0.3', publicUrl, caddy.ca));
    expect(viaCaddy).toMatchObject({ remoteAddress: '127.0.0.3', host: `localhost:${ports.httpsPort}` });
    // Sent straight to the app from anywhere but Caddy's address, the same headers are ignored.
    const direct = await seenByApp(b, await probeFrom('127.0.0.2', b.url));
    expect(direct).toMatchObject({ remoteAddress: '127.0.0.2', host: `127.0.0.1:${b.port}` });

    const reader = await openReader(fresh);
    try {
      const ids = shoppers.map((s) => s.userId);
      const check = await checkOrders(reader, tally.acked, { exactFor: ids, emptyCartsFor: ids });
      recordFigures('https through Caddy (2 processes, PostgreSQL, S3)', {
        'http redirects to': plain.headers.get('location') ?? '',
        'session cookie': `${cookie.split('=')[0]} (Secure, HttpOnly, Path=/, SameSite=Lax)`,
        HSTS: hsts ?? 'none',
        'orders placed over https': tally.acked.length,
        'orders checked in the database': check.ordersChecked,
        'answers 5xx (retried) / unanswered': `${tally.unavailable} / ${tally.unanswered}`,
        'both processes served orders before A stopped': bothServed ? 'yes' : 'no',
        '"no upstreams available" from Caddy': noUpstream,
        'forged X-Forwarded-For through Caddy, app saw': viaCaddy.remoteAddress ?? '?',
        'forged X-Forwarded-For straight to the app, app saw': direct.remoteAddress ?? '?',
      });
      expect(tally.violations).toEqual([]);
      expect(check.problems).toEqual([]);
      expect(check.ordersChecked).toBe(SHOPPERS * (CYCLES_BOTH + CYCLES_AFTER_STOP));
      expect(bothServed).toBe(true);
      expect(noUpstream).toBe(0);
      // Stopping a process costs at most the requests sent to it at the moment Caddy finds it gone
      // (502, and the shopper tries again), never an outage: deploy/Caddyfile says why.
      expect(tally.unavailable).toBeLessThanOrEqual(SHOPPERS);
    } finally {
      await reader.close();
    }
  },
);
