/**
 * A link or ADD TO CART tapped before the app is live is held, not followed the no-script way
 * (issue 39; docs/decisions/075-early-links-held.md): the page's loader marks it `aria-busy`
 * and the app makes the tap once it has hydrated, in the same document (no page load, which on a
 * phone is the seconds the INP benchmark saw unanswered). If the app's script fails to load, the
 * tap goes the no-script way at once; if it is only slow, after HOLD_MS (the journeys in
 * first-paint-controls.spec.ts and add-to-cart-first-paint.spec.ts take that path: their scripts
 * are held until the tap has gone through).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { productPath } from '../../src/common/catalog.ts';
import { stableProducts } from './fixtures.ts';
import { PHONE } from './layout-checks.ts';
import { fullSpeed, slowPhoneWithoutScript } from './slow-phone.ts';
import { expect, test } from './test.ts';

/** Marks the document: a page load loses the mark, an in-app navigation keeps it. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test('a sort tapped before the script is held, shown busy, and made by the app in the same page', async ({ page }) => {
  test.slow();
  const slow = await slowPhoneWithoutScript(page);
  await page.goto('/product/men-watch', { waitUntil: 'domcontentloaded' });
  await markDocument(page);
  const sort = page.getByRole('link', { name: 'highest - lowest' });
  await sort.click();
  // Held: the tap is taken (busy), the page stays, and the app's script is asked for.
  await expect(sort).toHaveAttribute('aria-busy', 'true');
  await page.screenshot({ path: 'test-results/screenshots/early-link-held-360.png' });
  expect(page.url()).not.toContain('sort=');
  await expect.poll(slow.asked).toBeGreaterThan(0);
  // At full speed the app is live well inside HOLD_MS (3 s) once its script arrives.
  await fullSpeed(page);
  slow.release();
  await expect(page).toHaveURL(/\/product\/men-watch\?sort=price-desc$/, { timeout: 45_000 });
  await expect(sort).toHaveAttribute('aria-current', 'true');
  await expect(sort).not.toHaveAttribute('aria-busy', /.*/);
  expect(await sameDocument(page)).toBe(true);
});

test('ADD TO CART tapped before the script is held and added by the app, on the product page', async ({
  page,
  request,
}) => {
  test.slow();
  const [product] = await stableProducts(request);
  if (!product) throw new Error('no product to add');
  const slow = await slowPhoneWithoutScript(page);
  await page.goto(productPath(product), { waitUntil: 'domcontentloaded' });
  await markDocument(page);
  const add = page.getByRole('button', { name: 'Add to cart' });
  await add.click();
  await expect(add).toHaveAttribute('aria-busy', 'true');
  await fullSpeed(page);
  slow.release();
  await expect(page.getByText('Added to your cart')).toBeVisible({ timeout: 45_000 });
  expect(page.url()).toContain(productPath(product));
  expect(await sameDocument(page)).toBe(true);
  await expect(add).not.toHaveAttribute('aria-busy', /.*/);
  // The app's visitor cart holds it (a post would have left the page for the cart).
  const stored = await page.evaluate(() => Object.values({ ...localStorage }).join(' '));
  expect(stored).toContain(product.id);
});

/** Holds the product page's question "who is logged in?" until `answer` is called (never, if it is not); later pages' go through. */
async function holdSession(page: Page): Promise<() => void> {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  let first = true;
  await page.route('**/api/session', async (route) => {
    if (first) {
      first = false;
      await answered;
    }
    await route.continue();
  });
  return answer;
}

/** A watch's page with the app live and its session's answer held; `answer` lets it through. */
async function productPageBeforeSession(page: Page, request: APIRequestContext) {
  const [product] = await stableProducts(request);
  if (!product) throw new Error('no product to add');
  const answer = await holdSession(page);
  await page.goto(productPath(product));
  await page.waitForFunction(
    () => (window as unknown as { __earlyForms?: { live?: boolean } }).__earlyForms?.live === true,
  );
  return { product, answer };
}

test('ADD TO CART tapped once the app is live but before the session answers waits for it, then adds in the page', async ({
  page,
  request,
}) => {
  const { answer } = await productPageBeforeSession(page, request);
  await markDocument(page);
  const add = page.getByRole('button', { name: 'Add to cart' });
  await add.click();
  await expect(add).toHaveAttribute('aria-busy', 'true');
  answer();
  await expect(page.getByText('Added to your cart')).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  await expect(add).not.toHaveAttribute('aria-busy', /.*/);
});

test('ADD TO CART held for a session that does not answer goes to the server after HOLD_MS and lands on the cart', async ({
  page,
  request,
}) => {
  const { product } = await productPageBeforeSession(page, request);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForURL(/\/cart$/);
  // The server's post put it in the cart (its line's name may be cut short: its Remove button's is not).
  await expect(page.getByRole('button', { name: `Remove ${product.name} from the cart` })).toBeVisible();
});

test('a link tapped while the app’s script fails to load is followed at once, the no-script way', async ({ page }) => {
  await page.setViewportSize(PHONE);
  let failed = 0;
  await page.route('**/assets/*.js', (route) => {
    failed += 1;
    return route.abort('failed');
  });
  // The loader starts the scripts at the load event: wait for it, and for their failure.
  await page.goto('/product/men-watch');
  await expect.poll(() => failed).toBeGreaterThan(0);
  await markDocument(page);
  // Whether the loader held the tap's click (prevented it), kept across the page load; a held tap
  // would be clicked again after HOLD_MS, hence only the first click is written down.
  await page.evaluate(() =>
    addEventListener('click', (e) => {
      if (sessionStorage.getItem('held') === null) sessionStorage.setItem('held', String(e.defaultPrevented));
    }),
  );
  const sort = page.getByRole('link', { name: 'highest - lowest' });
  await sort.click();
  await expect(page).toHaveURL(/\/product\/men-watch\?sort=price-desc$/);
  expect(await sameDocument(page)).toBe(false);
  expect(await page.evaluate(() => sessionStorage.getItem('held'))).toBe('false');
});

test('a link tapped before the script whose script then fails is followed the no-script way', async ({ page }) => {
  await page.setViewportSize(PHONE);
  let fail: () => void = () => {};
  const failing = new Promise<void>((resolve) => {
    fail = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await failing;
    await route.abort('failed');
  });
  await page.goto('/product/men-watch', { waitUntil: 'domcontentloaded' });
  await markDocument(page);
  const sort = page.getByRole('link', { name: 'lowest - highest' });
  await sort.click();
  await expect(sort).toHaveAttribute('aria-busy', 'true');
  fail();
  await expect(page).toHaveURL(/\/product\/men-watch\?sort=price-asc$/);
  expect(await sameDocument(page)).toBe(false);
});
