import type { Page } from '@playwright/test';
import { productPath } from '../../src/common/catalog.ts';
import { stableProducts } from './fixtures.ts';
import { expect, test } from './test.ts';

/*
 * The first paint of the pages shoppers land on (docs/decisions/012-first-paint.md):
 * the screen's data comes with the HTML, so it renders without asking the API
 * again, and nothing moves once it is drawn (layout shift), on small phones.
 */

/** Sums the page's layout shifts from its start, as CLS counts them (none right after input). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: Array<{ value: number; sources: string[] }> };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
      >) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => (s.node as Element | undefined)?.className ?? '?');
        w.shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shifts(page: Page): Promise<Array<{ value: number; sources: string[] }>> {
  return page.evaluate(() => (window as unknown as { shifts: Array<{ value: number; sources: string[] }> }).shifts);
}

for (const width of [360, 412]) {
  test(`first paint at ${width} px: home, listing and product render their embedded data and do not move`, async ({
    page,
    request,
  }) => {
    const product = (await stableProducts(request))[0];
    if (!product) throw new Error('no product to open');
    await page.setViewportSize({ width, height: width === 360 ? 740 : 823 });
    await recordShifts(page);
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname + url.search);
    });

    const pages = [
      { path: '/', ready: page.locator('.home .product-grid > li').first(), data: '/api/home' },
      {
        path: '/product/men-watch',
        ready: page.locator('.product-grid > li').first(),
        data: '/api/products?sort=latest&page=1&category=men-watch',
      },
      { path: productPath(product), ready: page.locator('#product-name'), data: `/api/products/${product.id}` },
    ];
    for (const { path, ready, data } of pages) {
      apiCalls.length = 0;
      await page.goto(path);
      await expect(ready).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The answer the screen starts with was in the page; other calls (session, related) still go out.
      expect(apiCalls, path).not.toContain(data);
      expect(apiCalls, path).toContain('/api/session');
      const moved = await shifts(page);
      expect(
        moved.reduce((sum, s) => sum + s.value, 0),
        `${path}: ${JSON.stringify(moved)}`,
      ).toBeLessThanOrEqual(0.02);
    }
  });
}

test('a listing page from the hash is fetched, not taken from the embedded first page', async ({ page }) => {
  await page.goto('/product#2');
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/Showing 41–/)).toBeVisible();
});

test('first paint waits on no style sheet: the page holds its styles, and the CSP allows them', async ({ page }) => {
  // decision 033: the entry's and the screen's CSS are inside the HTML, allowed by their hashes.
  const sheets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') sheets.push(new URL(r.url()).pathname);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { refused: string[] };
    w.refused = [];
    document.addEventListener('securitypolicyviolation', (e) => w.refused.push(`${e.violatedDirective} ${e.sample}`));
  });
  for (const path of ['/', '/product/men-watch', '/terms-and-conditions']) {
    await page.goto(path);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    // Styled: the navigation bar has its dark background, not the browser's default.
    const navbar = await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(navbar, path).not.toBe('rgba(0, 0, 0, 0)');
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused), path).toEqual([]);
  }
  expect(sheets).toEqual([]);
});

test('the scripts start only once the first screen has loaded and painted, and then the app runs', async ({ page }) => {
  // decision 043: the entry and its chunks wait in a template until the window's load event and
  // the first contentful paint (decision 077); the inline loader that moves them into the head is
  // allowed by its hash.
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/.test(m.text())) refused.push(m.text());
  });
  for (const path of ['/', '/product/men-watch']) {
    await page.goto(path);
    // The loader has put the entry in the head, once.
    await expect(page.locator('head script[type="module"]')).toHaveCount(1);
    // And the app has run: on the listing the brand form's Show button is there only until it hydrates.
    if (path !== '/') await expect(page.getByRole('button', { name: 'Show', exact: true })).toHaveCount(0);
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((r) => r.name.includes('/assets/') && r.name.endsWith('.js')),
    );
    const early = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const painted = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/.*\.js$/.test(r.name) && (r.startTime < nav.loadEventStart || r.startTime < painted))
        .map((r) => new URL(r.name).pathname);
    });
    expect(early, path).toEqual([]);
  }
  expect(refused).toEqual([]);
});
