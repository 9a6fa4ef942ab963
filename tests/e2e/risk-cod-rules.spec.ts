/**
 * COD RULES (issue 35 items 1, 2, 5): a shopper whose two earlier parcels came back is asked the
 * high tier's larger advance with a plain sentence (never the score); the owner reads the tier and
 * its reasons beside the advance in Admin Orders; the COD RULES report shows the holdout beside the
 * tiers with a return rate and its 95% range, rupees, a chart over weeks and a CSV. The rules are
 * put back to the defaults at the end, so other journeys meet the plain ₹300 advance.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_COD_RULES, SUGGESTED_HIGH_ADVANCE } from '../../src/common/cod-rules.ts';

/** The tiers turned on: the high tier asks the suggested 30% (out of the box every tier asks ₹300). */
const TIERS_ON = { ...DEFAULT_COD_RULES.advances, high: SUGGESTED_HIGH_ADVANCE };

import { formatRupees } from '../../src/common/money.ts';
import { adminLogin } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import { cartStableWatch, placeOrderFromCart, screenshots, stableProducts, uniquePhone } from './fixtures.ts';
import { expectMail } from './mailbox.ts';
import { expect, test } from './test.ts';

test.describe.configure({ timeout: 300_000 });

const EMAIL = 'kiran@example.in';
const addressOf = (n: string) => `${n}, Shanti Kunj, near Ram Mandir, Nagpur - 440001, Maharashtra`;

async function signUp(request: APIRequestContext, address: string): Promise<void> {
  const signup = await request.post('/api/signup', {
    data: {
      name: 'Kiran Deshmukh',
      number: uniquePhone(),
      email: EMAIL,
      address,
      password: 'risk-pass-12',
    },
  });
  expect(signup.status()).toBe(201);
}

async function order(request: APIRequestContext, productId: string, address: string): Promise<string> {
  const placed = await request.post('/api/orders', {
    data: { address, idempotencyKey: randomUUID(), lines: [{ productId, quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).order.number as string;
}

/**
 * The owner's steps through the admin API: advance received, sent, then delivered or back; then the
 * shopper's last mail about it. Each order queues about five mails, and the journeys share one
 * outbox sent one at a time: ninety orders moved as fast as the API answers left hundreds queued in
 * a clean CI run, and another journey's step mail waited behind them past its limit. Waiting here
 * keeps this journey's queue short.
 */
async function finish(admin: Page, number: string, end: 'delivered' | 'returned'): Promise<void> {
  const paid = await admin.request.post(`/api/admin/orders/${number}/advance`, { data: { action: 'received' } });
  expect(paid.status(), await paid.text()).toBe(200);
  for (const state of ['dispatched', end]) {
    const moved = await admin.request.patch(`/api/admin/orders/${number}/state`, { data: { state } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await expectMail(
    EMAIL,
    end === 'delivered' ? `Your order ${number} was delivered` : `Your order ${number} came back`,
  );
}

async function saveRules(admin: Page, rules: typeof DEFAULT_COD_RULES): Promise<void> {
  const saved = await admin.request.put('/api/admin/cod-rules', { data: rules });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a shopper with two earlier returns is asked the high tier’s advance; the owner reads why; the report shows the holdout', async ({
  page,
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await adminLogin(admin);
  try {
    await saveRules(admin, { ...DEFAULT_COD_RULES, holdoutPercent: 0, advances: TIERS_ON });
    const address = addressOf(`${Date.now() % 100_000}`);
    await signUp(page.request, address);
    const product = await cartStableWatch(page.request);
    // Two earlier orders, both came back.
    for (let i = 0; i < 2; i++) await finish(admin, await order(page.request, product.id, address), 'returned');

    // The third, from the cart on a phone: the larger advance and its plain sentence, never a score.
    await cartStableWatch(page.request);
    await page.setViewportSize({ width: 360, height: 740 });
    await placeOrderFromCart(page, address);
    await expect(page.getByRole('heading', { name: 'ORDERED SUCCESSFULLY' })).toBeVisible();
    const number = (await page.locator('.confirmation-id').textContent())?.trim() ?? '';
    const placed = (await (await admin.request.get(`/api/admin/orders/${number}`)).json()).order;
    expect(placed.risk.tier).toBe('high');
    const advance = placed.advance.amount as number;
    expect(advance).toBe(Math.max(300, Math.ceil(placed.total * 0.3)));
    const sentence = `For this order we ask a larger advance of ${formatRupees(advance)} by UPI before we pack it; you pay the remaining ${formatRupees(placed.total - advance)} on delivery.`;
    await expect(page.getByText(sentence)).toBeVisible();
    await expect(page.getByRole('link', { name: `PAY ${formatRupees(advance)} ADVANCE` })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/score/i);
    await screenshots(page, 'risk-shopper-high-advance');

    // The owner: tier and reasons beside the advance.
    await admin.goto(`/dashboard/orders?q=${number}`);
    const risk = admin.locator('.adm-risk').first();
    await expect(risk).toContainText('High risk');
    await risk.locator('summary').click();
    await expect(risk).toContainText('2 earlier orders came back (this account, phone or address) (+50)');
    await screenshots(admin, 'risk-admin-order-reasons');

    // Enough finished orders for the report to say something: half of them drawn for the holdout.
    await saveRules(admin, { ...DEFAULT_COD_RULES, holdoutPercent: 50, advances: TIERS_ON });
    const cards = await stableProducts(page.request);
    for (let i = 0; i < 90; i++) {
      const n = await order(page.request, cards[i % cards.length]!.id, address);
      await finish(admin, n, i % 5 === 0 ? 'returned' : 'delivered');
    }
    await admin.goto('/dashboard/cod-rules');
    await expect(admin.getByRole('heading', { name: 'COD rules' })).toBeVisible();
    const table = admin.getByRole('table');
    await expect(table.getByRole('row', { name: /Holdout \(default advance\)/ })).toContainText(
      /\d+\.\d% \(\d+\.\d% to \d+\.\d%\)/,
    );
    await expect(admin.getByRole('img', { name: /Return rate per week/ })).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Download CSV' })).toBeVisible();
    await expect(admin.getByText(/Saved against the holdout/)).toBeVisible();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshots(admin, 'risk-cod-rules-report');

    // Rules that would refuse every order are refused where the owner typed them; nothing changes.
    await admin.getByLabel('Low risk: advance').selectOption('prepaid');
    await admin.getByRole('button', { name: 'Save rules' }).click();
    await expect(admin.getByText(/would ask every order to be paid in full/)).toBeVisible();
    await expect(admin.getByLabel('Low risk: advance')).toHaveValue('prepaid');
    const still = (await (await admin.request.get('/api/admin/cod-rules')).json()).rules;
    expect(still.advances.low).toEqual({ kind: 'default' });
  } finally {
    await saveRules(admin, DEFAULT_COD_RULES);
  }
});
