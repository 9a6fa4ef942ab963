/**
 * The /track page as the server sends it (docs/product.md#shipping): with ?order=…&phone=… its
 * HTML carries the lookup's answer embedded for the screen (track-page.ts), so the parcel shows
 * without JavaScript and the browser does not ask again. The answer must be the API's own, for
 * this order alone (the page is one person's, never kept for the next), and text the owner or a
 * courier typed must stay inside its data block.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiPath } from '../../common/api-contract.ts';
import { shippingApi } from '../../common/shipping-api.ts';
import { adminCookie, placeOrder, settleAdvance } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { TRACK_NOT_FOUND } from './track-lookup.ts';

/** Ends a script element, opens a comment, and is a String.replace pattern, if any of it escapes. */
const HOSTILE_COURIER = "</script><!-- </SCRIPT > $' $&";

/** The built app's page as Vite leaves it, reduced to the placeholders the server fills. */
const INDEX =
  '<!doctype html><html><head><!--app-head--><!--app-site--></head><body><div id="root"></div></body></html>';

describe.each(TEST_DIALECTS)('the /track page on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  let admin: string;
  let shopper: Shopper;
  let shipped: string;
  let other: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'watch-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    t = await createTestApp({ dialect, webDistDir: dist });
    admin = await adminCookie(t);
    shopper = await signUp(t.app, { email: 'track-page@example.in' });
    const product = await insertProduct(t.app.db);
    shipped = await placeOrder(t, shopper.cookie, product.id);
    await settleAdvance(t, admin, shipped, 'received');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${shipped}/shipment`,
      headers: { cookie: admin },
      payload: { courierName: HOSTILE_COURIER, awb: `DL${Date.now()}` },
    });
    expect(saved.statusCode).toBe(200);
    other = await placeOrder(t, shopper.cookie, product.id);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const query = (order: string, phone: string) => ({ order, phone });
  const apiUrl = (order: string, phone: string) =>
    API_PREFIX + apiPath(shippingApi.track.path, {}, query(order, phone));

  /** The page's embedded answers: the data block's text as the browser reads it, parsed. */
  function embedded(html: string): Record<string, unknown> {
    const blocks = [...html.matchAll(/<script type="application\/json" id="initial-data">(.*?)<\/script>/gs)];
    expect(blocks).toHaveLength(1);
    return JSON.parse(blocks[0]?.[1] ?? '') as Record<string, unknown>;
  }

  it('embeds the API’s own answer for the order asked, under the URL the screen asks', async () => {
    const page = await get(`/track?order=${shipped}&phone=${shopper.number}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const api = await get(apiUrl(shipped, shopper.number));
    expect(api.statusCode).toBe(200);
    expect(embedded(page.body)).toEqual({ [apiUrl(shipped, shopper.number)]: api.json() });
    expect(api.json()).toMatchObject({ number: shipped, shipment: { courierName: HOSTILE_COURIER } });
  });

  it('keeps the courier name inside its data block: no script ends early, no comment opens', async () => {
    const { body } = await get(`/track?order=${shipped}&phone=${shopper.number}`);
    const start = body.indexOf('<script type="application/json" id="initial-data">');
    const block = body.slice(start, body.indexOf('</script>', start));
    expect(block).not.toMatch(/<\/script|<!--/i);
    expect(block).toContain('\\u003c/script>');
    // Nothing of the name reaches the page outside the block (the head or an element's text).
    expect(body.replace(block, '')).not.toContain(HOSTILE_COURIER);
  });

  it('embeds each request’s own order: one person’s page is never sent to the next', async () => {
    await get(`/track?order=${shipped}&phone=${shopper.number}`);
    const page = await get(`/track?order=${other}&phone=${shopper.number}`);
    const answers = embedded(page.body);
    expect(Object.keys(answers)).toEqual([apiUrl(other, shopper.number)]);
    expect(answers[apiUrl(other, shopper.number)]).toMatchObject({ number: other, shipment: null });
  });

  it('embeds the refusal, in the API’s error shape, for a wrong phone', async () => {
    const page = await get(`/track?order=${shipped}&phone=9999999999`);
    expect(embedded(page.body)).toEqual({
      [apiUrl(shipped, '9999999999')]: { error: { code: 'not_found', message: TRACK_NOT_FOUND } },
    });
  });

  it('embeds nothing when no order was asked', async () => {
    expect((await get('/track')).body).not.toContain('id="initial-data"');
  });
});
