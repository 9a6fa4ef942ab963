/**
 * Issue 15, safe defaults: production needs PUBLIC_URL and never builds links
 * from the request's headers; an https shop gets Secure __Host- cookies; a
 * deployment is never seeded with the demo shopper (whose password is
 * published), demo orders or demo leads; /api/docs, which lists the admin API,
 * is for admins only in production.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { isDeployment, loadStartConfig, seedEmptyStore } from '../../src/server/main.ts';
import { DEMO_SHOPPER } from '../../src/server/seed/index.ts';
import { adminCookie } from '../../src/server/test-support/admin.ts';
import { createTestApp, type TestApp } from '../../src/server/test-support/app.ts';
import { TEST_DIALECTS } from '../../src/server/test-support/databases.ts';
import { insertProduct, signupBody } from '../../src/server/test-support/shoppers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOP = 'https://shop.example.in';
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: SHOP };
const REQUIRED = /PUBLIC_URL: is required in production/;

/**
 * Runs the server's entry with only `env` (and PATH, HOME) and returns how it
 * ended; stopped after 30 s, in case it started serving instead of refusing.
 */
function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stop = setTimeout(() => child.kill('SIGKILL'), 30_000);
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(stop);
      done({ code, output });
    });
  });
}

describe('PUBLIC_URL in production', () => {
  it('production without PUBLIC_URL refuses to start, saying what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop' })).toThrow(REQUIRED);
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: 'https://shop.example.in/store' })).toThrow(/no path/);
    expect(loadConfig(PRODUCTION).publicUrl).toBe(SHOP);
  });

  it('the server refuses to start in production without it, and says so', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'watch-start-'));
    try {
      const direct = await runMain({ NODE_ENV: 'production', PORT: '0', SEED_DEMO: 'false', DATA_DIR: dataDir });
      expect(direct.code).toBe(1);
      expect(direct.output).toMatch(REQUIRED);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('npm start without PUBLIC_URL or DATABASE_URL is the local demo on http://localhost, with the demo people', () => {
    for (const env of [{}, { PORT: '8080', NODE_ENV: 'production' }]) expect(isDeployment(env)).toBe(false);
    const local = loadStartConfig({ PORT: '8080' });
    expect(local.demoPeople).toBe(true);
    expect(local.config).toMatchObject({ env: 'production', publicUrl: 'http://localhost:8080', cookieSecure: false });
  });

  it('npm start with PUBLIC_URL or DATABASE_URL is a deployment: no demo people, and no start without PUBLIC_URL', () => {
    expect(() => loadStartConfig({ DATABASE_URL: 'postgres://db/shop' })).toThrow(REQUIRED);
    const shop = loadStartConfig({ PUBLIC_URL: SHOP });
    expect(shop.demoPeople).toBe(false);
    expect(shop.config).toMatchObject({ env: 'production', publicUrl: SHOP, cookieSecure: true });
    expect(loadStartConfig({ PUBLIC_URL: SHOP, DATABASE_URL: 'postgres://db/shop' }).demoPeople).toBe(false);
  });
});

describe.each(TEST_DIALECTS)('a deployment on %s', (dialect) => {
  let prod: TestApp;
  let dist: string;
  let productPath: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'watch-dist-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><!--app-head--><!--app-site--></head><body><div id="root"></div></body></html>',
    );
    prod = await createTestApp({ dialect, webDistDir: dist, env: { ...PRODUCTION, SEED_PRODUCTS: '6' } });
    const product = await insertProduct(prod.app.db, { name: 'Omega Seamaster' });
    productPath = `/${product.id}/Omega%20Seamaster`;
  });
  afterAll(async () => {
    await prod.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('never writes X-Forwarded-Host (or Host) into robots.txt, the sitemap or canonical links', async () => {
    // From loopback, so a proxy's X-Forwarded-Host would be believed as the request's host.
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemaps/pages.xml', '/', productPath, '/product']) {
      const res = await prod.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('evil.example');
      expect(res.body, url).toContain(SHOP);
    }
    const page = await prod.app.inject({ method: 'GET', url: productPath, headers });
    expect(page.body).toContain(`<link rel="canonical" href="${SHOP}${productPath}">`);
    expect(page.body).toContain(`<meta property="og:url" content="${SHOP}${productPath}">`);
  });

  it('gives Secure __Host- cookies because PUBLIC_URL is https', async () => {
    const res = await prod.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody() });
    expect(res.statusCode).toBe(201);
    expect(res.cookies.find((c) => c.name === '__Host-sid')).toMatchObject({ secure: true, httpOnly: true });
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://192.168.1.5:3000' }).cookieSecure).toBe(false);
  });

  it('serves /api/docs to a logged-in admin only; the public gets the 404 of a missing address', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('/api/admin');
    }
    const shopper = await prod.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody() });
    const asShopper = await prod.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { cookie: `__Host-sid=${shopper.cookies.find((c) => c.name === '__Host-sid')?.value}` },
    });
    expect(asShopper.statusCode).toBe(404);
    const cookie = await adminCookie(prod);
    const json = await prod.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toContain('/api/admin/products');
    expect((await prod.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie } })).statusCode).toBeLessThan(
      400,
    );
  });

  it('seeds the demo catalogue into an empty database, but no demo shopper, orders or leads', async () => {
    await prod.app.db.deleteFrom('products').execute();
    await seedEmptyStore(prod.app, { seedDemo: true });
    const count = async (table: 'products' | 'orders' | 'leads') =>
      Number(
        (
          await prod.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('products')).toBe(6);
    expect(await count('orders')).toBe(0);
    expect(await count('leads')).toBe(0);
    const demo = await prod.app.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', DEMO_SHOPPER.phone)
      .executeTakeFirst();
    expect(demo).toBeUndefined();
    const login = await prod.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { number: DEMO_SHOPPER.phone, password: DEMO_SHOPPER.password },
    });
    expect(login.statusCode).toBe(401);
  }, 120_000);
});

describe('outside production', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await createTestApp({ env: { NODE_ENV: 'development' } });
  });
  afterAll(() => dev.close());

  it('serves /api/docs to anyone', async () => {
    expect((await dev.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
