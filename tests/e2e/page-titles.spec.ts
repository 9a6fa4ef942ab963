/**
 * Every route has its own <title> (WCAG 2.4.2, "Page Titled"; docs/product.md#screens-and-addresses):
 * the shopper's and the dashboard's, as the server sends it, once the script has run on it,
 * and after a client-side navigation to it (the title then comes from the web app, not the
 * server: src/web/app/page-title.ts). No page but the home page has the home page's title,
 * and no two pages share one. The routes come from the one route table, so a new route is
 * checked without being listed here.
 */
import type { Page } from '@playwright/test';
import { productPath } from '../../src/common/catalog.ts';
import { PAGE_PATHS, PAGE_ROUTES } from '../../src/common/page-paths.ts';
import { DASHBOARD_TITLES } from '../../src/common/page-titles.ts';
import { E2E_ADMIN, stableProducts, uniquePhone } from './fixtures.ts';
import { expect, test } from './test.ts';

/** A value for each path parameter: made-up secrets answer their screen's own refusal. */
const SAMPLES: Record<string, string> = {
  cate: 'men-watch',
  brand: 'rolex',
  token: 'not-a-real-token',
  orderNumber: 'TSW-10001',
};

/** An address for each route of the table (the dashboard's each part), and one no route has. */
function everyPath(product: { id: string; name: string }): string[] {
  const paths = PAGE_PATHS.filter((path) => typeof PAGE_ROUTES[path] === 'string').flatMap((path) => {
    if (path === '/dashboard/*') {
      return Object.keys(DASHBOARD_TITLES).map((part) =>
        part === 'editproduct' ? `/dashboard/editproduct/${product.id}` : `/dashboard${part ? `/${part}` : ''}`,
      );
    }
    if (path === '/:id/:name') return [productPath(product)];
    return [
      path.replace(/:(\w+)/g, (_, name: string) => {
        const value = SAMPLES[name];
        if (!value) throw new Error(`No sample value for :${name} in ${path}`);
        return value;
      }),
    ];
  });
  return [...paths, '/no-such-page'];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The <title> of the server's HTML for `path`, as the browser reads it. */
async function serverTitle(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (raw === undefined) throw new Error(`${path} was sent without a <title>`);
  return raw.replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (entity, code: string) =>
    code.startsWith('#x') || code.startsWith('#X')
      ? String.fromCodePoint(Number.parseInt(code.slice(2), 16))
      : code.startsWith('#')
        ? String.fromCodePoint(Number(code.slice(1)))
        : (ENTITIES[code] ?? entity),
  );
}

/** Moves the app to `path` as its own links do: the browser's history, no page load. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}

test('every shopper and dashboard route has its own title, sent and after a navigation', async ({ page }) => {
  test.setTimeout(420_000); // about 35 routes, each loaded and navigated to, on a shared machine
  const [watch] = await stableProducts(page.request);
  if (!watch) throw new Error('the seeded catalogue has no watch in stock');
  // A logged-in shopper and admin, so their screens show themselves rather than a log-in form.
  const signup = await page.request.post('/api/signup', {
    data: {
      name: 'Tara Iyer',
      number: uniquePhone(),
      email: 'tara@example.in',
      address: '4, Lake View, Anna Nagar, Chennai - 600040, Tamil Nadu',
      password: 'titles-pass-123',
    },
  });
  expect(signup.status()).toBe(201);
  expect((await page.request.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);

  const paths = everyPath(watch);
  const titles = new Map<string, string>();
  for (const path of paths) titles.set(path, await serverTitle(page, path));

  // Sent by the server: the home page's title on the home page only, and each page's apart.
  const home = titles.get('/');
  for (const [path, title] of titles) {
    expect(title, path).not.toBe('');
    if (path !== '/' && path !== '/home') expect(title, `${path} has the home page's title`).not.toBe(home);
  }
  const distinct = [...titles].filter(([path]) => path !== '/home');
  const shared = distinct.filter(([path, title]) => distinct.some(([other, t]) => other !== path && t === title));
  expect(shared, 'pages sharing a title').toEqual([]);

  // The script leaves the server's title in place on a page it hydrates.
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expect(page, `${path} once the script ran`).toHaveTitle(titles.get(path) ?? '');
  }

  // After a client-side navigation the app sets the same title: each route is reached from the
  // one before it, whose title differs, so a title left behind fails.
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  for (const path of [...paths.slice(1), '/']) {
    await navigateInApp(page, path);
    await expect(page, `${path} after a navigation`).toHaveTitle(titles.get(path) ?? '');
  }
});
