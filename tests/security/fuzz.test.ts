/**
 * ASVS V5 (input): at least 10 000 malformed and hostile requests across every
 * endpoint, made from each route's own zod schemas (through the OpenAPI
 * document) and broken on purpose: missing, extra and wrongly typed fields,
 * huge strings, unicode, SQL and script payloads, negative and enormous
 * numbers, deep nesting, broken JSON and multipart, sent as nobody, a shopper
 * and an admin. Not one may answer 5xx, and every 4xx has the error shape.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../src/server/test-support/databases.ts';
import type { FuzzRequest } from './fuzz/requests.ts';
import { requestArbitrary } from './fuzz/requests.ts';
import { type DocumentedRoute, documentedRoutes } from './support/routes.ts';
import { createWorld, errorMessageOf, newUtr, type World } from './support/world.ts';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_500);
/** Tests for routes, by index (the routes are only known once the app is built). */
const ROUTE_SLOTS = 180;
const UTRS = [newUtr(), newUtr(), newUtr()];
/** Routes whose success ends or replaces the cast's sessions: put back after each request. */
const SESSION_CHANGING = /\/(login|logout|signup|password)$/;

/** Routes outside /api that take input: the images and the sitemap parts. */
const NON_API: DocumentedRoute[] = [
  {
    key: 'GET /media/:id/:file',
    method: 'GET',
    path: '/media/:id/:file',
    operation: {
      parameters: [
        { in: 'path', name: 'id', schema: { type: 'string', pattern: '^[a-f0-9]{32}$' } },
        { in: 'path', name: 'file', schema: { enum: ['240.webp', '480.webp', '960.webp', '1600.webp'] } },
      ],
    },
  },
  {
    key: 'GET /sitemaps/:file',
    method: 'GET',
    path: '/sitemaps/:file',
    operation: {
      parameters: [{ in: 'path', name: 'file', schema: { type: 'string', pattern: '^products-[1-9]\\.xml$' } }],
    },
  },
  { key: 'GET /sitemap.xml', method: 'GET', path: '/sitemap.xml', operation: {} },
];

describe.each(TEST_DIALECTS)('hostile requests to every endpoint on %s', (dialect) => {
  let w: World;
  let routes: DocumentedRoute[] = [];
  let sent = 0;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    w = await createWorld({ dialect });
    routes = [...documentedRoutes(w.t.app), ...NON_API];
  });
  afterAll(() => w.t.close());

  function describeRequest(r: FuzzRequest): string {
    const body = typeof r.payload === 'string' ? r.payload.slice(0, 300) : '';
    return `${r.role} ${r.method} ${r.url.slice(0, 300)} ${JSON.stringify(r.headers).slice(0, 200)} ${body}`;
  }

  async function send(route: DocumentedRoute, r: FuzzRequest) {
    const roleCookie = r.role === 'admin' ? w.admin.cookie : r.role === 'shopper' ? w.a.cookie : null;
    const cookie = [roleCookie, r.headers.cookie].filter(Boolean).join('; ');
    const res = await w.t.app.inject({
      method: r.method as 'GET',
      url: r.url,
      headers: { ...r.headers, ...(cookie ? { cookie } : {}) },
      ...(r.payload !== undefined ? { payload: r.payload } : {}),
    });
    sent += 1;
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    if (SESSION_CHANGING.test(route.path)) await w.restoreSessions();
    return res;
  }

  it('covers every documented API route', () => {
    expect(routes.length).toBeGreaterThan(40);
    // Each route gets one of the ROUTE_SLOTS tests below: a route past the last slot would never be fuzzed.
    expect(routes.length).toBeLessThanOrEqual(ROUTE_SLOTS);
    for (const key of [
      'POST /api/orders/:orderNumber/advance',
      'GET /api/orders/:orderNumber/advance-qr.svg',
      'POST /api/admin/orders/:orderNumber/advance',
    ]) {
      expect(routes.map((r) => r.key)).toContain(key);
    }
  });

  // One test per route, so a failure names the route; fast-check prints the seed and the smallest failing request.
  it.each(
    // Known before the app is built: the documented routes are read in beforeAll, so iterate by index.
    Array.from({ length: ROUTE_SLOTS }, (_, i) => i),
  )(
    'route #%i',
    async (index) => {
      const route = routes[index];
      if (!route) return;
      const known = {
        id: [w.product, w.bCartProduct],
        productId: [w.product, w.bCartProduct],
        // The fuzzing shopper is A: A's own order reaches the advance's handlers, B's must answer 404.
        orderNumber: [w.aOrder, w.bOrder, w.bSettledOrder],
        // References that are (or become) taken, so the "already used" path is met too.
        utr: UTRS,
        number: [w.a.number, w.b.number],
        username: [w.admin.username],
        // The inbox's conversations (issue 37): the shoppers' own numbers.
        phone: [w.a.number, w.b.number],
      };
      const numRuns = Math.ceil(TOTAL / routes.length);
      const property = fc.asyncProperty(requestArbitrary(route, known), async (r) => {
        const res = await send(route, r);
        const where = `${route.key}: ${describeRequest(r)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
        if (res.statusCode >= 400 && errorMessageOf(res.body) === null)
          throw new Error(`4xx without the error shape: ${where}`);
      });
      // fc.check, not fc.assert: the report names the smallest failing request briefly (a 100 KB value would flood the log).
      const result = await fc.check(property, { numRuns });
      if (result.failed) {
        const error =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        expect.fail(`${error.slice(0, 1500)}\n(seed ${result.seed}, path ${result.counterexamplePath})`);
      }
    },
    120_000,
  );

  it('sent at least 10 000 requests, none answered 5xx', () => {
    const summary = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`);
    console.log(`fuzz on ${dialect}: ${sent} requests over ${routes.length} routes; statuses ${summary.join(', ')}`);
    expect(sent).toBeGreaterThanOrEqual(Math.min(TOTAL, 10_000));
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
  });
});
