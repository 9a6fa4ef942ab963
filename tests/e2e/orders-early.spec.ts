import { randomUUID } from 'node:crypto';
import { stableProducts, uniquePhone } from './fixtures.ts';
import { expect, test } from './test.ts';

/*
 * Your Orders on a slow phone (issue 27: 2.8-3.3 s before the first order showed, with the server
 * answering in under 0.35 s). The page asks who is logged in and for the orders together, as the
 * script starts (src/web/lib/early-answers.ts), instead of one after the other after hydration.
 * What is checked is the order of events, not a time: the orders are asked for before the
 * session's answer has come back. The time is measured in `npm run bench`, not here.
 */

const ADDRESS = '14, Lotus Residency, near City Mall, Pune - 411001, Maharashtra';

test('Your Orders asks for the orders with the session, and shows them, on a 4x slower CPU', async ({
  page,
  request,
}) => {
  const [product] = await stableProducts(request);
  if (!product) throw new Error('no product to order');
  const signup = await page.request.post('/api/signup', {
    data: {
      name: 'Isha Rao',
      number: uniquePhone(),
      email: 'isha@example.in',
      address: ADDRESS,
      password: 'early-pass-1',
    },
  });
  expect(signup.status()).toBe(201);
  const placed = await page.request.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const number = (await placed.json()).order.number as string;

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/orders' || path === '/api/session') events.push(`ask ${path}`);
  });
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/orders' || path === '/api/session') events.push(`answer ${path}`);
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/orders');
  // A slowed CPU on a busy machine: a generous wait for the event, not a time being checked.
  await expect(page.locator('.order-card').filter({ hasText: number })).toBeVisible({ timeout: 45_000 });
  console.log(events.join(', '));
  // Asked together: the orders left before the session's answer arrived, and each was asked once.
  expect(events.indexOf('ask /api/orders')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('ask /api/orders')).toBeLessThan(events.indexOf('answer /api/session'));
  expect(events.filter((e) => e === 'ask /api/orders')).toHaveLength(1);
  expect(events.filter((e) => e === 'ask /api/session')).toHaveLength(1);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
