/**
 * X-Forwarded-* is believed from the reverse proxy's address only (TRUST_PROXY,
 * docs/deploy.md): the per-address log-in limits key on request.ip, so anyone
 * else who could claim another address could escape them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.ts';

const FORGED = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

async function appTrusting(env: Record<string, string>): Promise<TestApp> {
  return createTestApp({
    env,
    configure: (app) => {
      app.get('/test/seen', async (request) => ({ ip: request.ip, protocol: request.protocol, host: request.host }));
    },
  });
}

describe('TRUST_PROXY=127.0.0.1 (Caddy on the same machine)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appTrusting({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  const seen = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/test/seen', remoteAddress, headers: { host: '127.0.0.1:3001', ...FORGED } });

  it('believes the proxy: the shopper’s address, https and the public host', async () => {
    expect((await seen('127.0.0.1')).json()).toEqual({ ip: '203.0.113.7', protocol: 'https', host: 'evil.example' });
  });

  it('ignores the same headers from any other address, loopback included', async () => {
    for (const address of ['127.0.0.2', '10.1.2.3', '::1']) {
      expect((await seen(address)).json(), address).toEqual({ ip: address, protocol: 'http', host: '127.0.0.1:3001' });
    }
  });
});

describe('without TRUST_PROXY outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appTrusting({});
  });
  afterAll(() => t?.close());

  it('believes nobody', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/test/seen',
      remoteAddress: '127.0.0.1',
      headers: { host: 'shop.local', ...FORGED },
    });
    expect(res.json()).toEqual({ ip: '127.0.0.1', protocol: 'http', host: 'shop.local' });
  });
});
