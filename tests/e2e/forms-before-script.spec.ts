/**
 * A form typed in and sent before the page's script has run (docs/decisions/043-scripts-after-load.md).
 *
 * The scripts start after the first screen has loaded. The complaint form has no action of its own
 * (only the app sends it): sent before the script, the browser would make a GET to the page, which
 * comes back empty with what was typed in the address. The page's loader holds such a submit; once
 * the app runs, the form takes what was typed and sends it. The account forms post to the server
 * (docs/decisions/055-account-forms-rendered-and-posted.md). On a 6x slower CPU,
 * with every script held back until the shopper has pressed the button.
 */
import type { Page } from '@playwright/test';
import { uniquePhone } from './fixtures.ts';
import { expectFits, viewportShots } from './layout-checks.ts';
import { slowPhoneWithoutScript } from './slow-phone.ts';
import { expect, test } from './test.ts';

const ADDRESS = '8, Jasmine Court, near Clock Tower, Nashik - 422001, Maharashtra';

/** Every address the page's frame went to, to show no GET carried the form's fields. */
function addresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

test('Login typed and pressed before the script: posted to the server, never in the address', async ({
  page,
  request,
}) => {
  test.slow();
  const number = uniquePhone();
  const password = 'before-the-script-1';
  expect(
    (
      await request.post('/api/signup', {
        data: { name: 'Kavita Rao', number, email: 'kavita@example.in', address: ADDRESS, password },
      })
    ).status(),
  ).toBe(201);
  const slow = await slowPhoneWithoutScript(page);
  const went = addresses(page);

  await page.goto('/login');
  await page.getByLabel('Phone number').fill(number);
  await page.getByLabel('Password').fill(password);
  // The form has an action (docs/decisions/055-account-forms-rendered-and-posted.md): pressed before
  // the script, the browser posts it and the server logs in, as it does with the script off.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  slow.release();

  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible({ timeout: 45_000 });
  expect(
    went.filter((url) => url.includes('?')),
    'no GET with the form’s fields',
  ).toEqual([]);
  expect(went.join(' ')).not.toContain(password);
});

test('a complaint typed and sent before the script: every field, the long text too, reaches the shop', async ({
  page,
}) => {
  test.slow();
  const slow = await slowPhoneWithoutScript(page);
  const went = addresses(page);
  const complaint = 'Typed before the script ran.\nThe clasp came loose on the first day.';

  await page.goto('/contact');
  await page.getByLabel('Your name').fill('Suresh Pillai');
  await page.getByLabel('Phone number').fill(uniquePhone());
  await page.getByLabel('What went wrong?').fill(complaint);
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect.poll(slow.asked).toBeGreaterThan(0);
  slow.release();

  // React's hydration puts a textarea back to the server's (empty) text, Preact's does not: the
  // loader keeps what was typed either way.
  await expect(page.getByRole('heading', { name: 'We have your complaint' })).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('.contact-ticket-number')).toHaveText(/^C-\d{6}$/);
  expect(went.filter((url) => url.includes('?'))).toEqual([]);
  await expectFits(page);
  await viewportShots(
    page,
    'forms-before-script-ticket',
    page.getByRole('heading', { name: 'We have your complaint' }),
  );
});

test('a wrong field sent before the script gets its message once the app runs, and keeps the text', async ({
  page,
}) => {
  test.slow();
  const slow = await slowPhoneWithoutScript(page);
  await page.goto('/contact');
  await page.getByLabel('Your name').fill('Suresh Pillai');
  await page.getByLabel('Phone number').fill('12345');
  await page.getByLabel('What went wrong?').fill('The strap broke on the second day of use.');
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect.poll(slow.asked).toBeGreaterThan(0);
  slow.release();

  await expect(page.getByRole('alert')).toHaveText('Please provide a valid phone number', { timeout: 45_000 });
  await expect(page.getByLabel('Phone number')).toBeFocused();
  await expect(page.getByLabel('What went wrong?')).toHaveValue('The strap broke on the second day of use.');
  await expect(page.getByLabel('Your name')).toHaveValue('Suresh Pillai');
});

test('an address edited before the script is the one saved once the app runs', async ({ page }) => {
  test.slow();
  const number = uniquePhone();
  expect(
    (
      await page.request.post('/api/signup', {
        data: { name: 'Anil Kulkarni', number, email: 'anil@example.in', address: ADDRESS, password: 'edit-early-1' },
      })
    ).status(),
  ).toBe(201);
  const slow = await slowPhoneWithoutScript(page);
  const moved = '14, Lotus Park, near Ganesh Mandir, Pune - 411038, Maharashtra';

  await page.goto('/editprofile');
  // The server's form, typed in before the script: the address is a row of a list in the form's state.
  await page.getByRole('textbox', { name: 'Address 1' }).fill(moved);
  slow.release();
  await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 45_000 });

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText(moved)).toBeVisible();
  await expect(page.getByText(ADDRESS)).toHaveCount(0);
});

test('a search typed on Explore before the script is the one made once the app runs', async ({ page }) => {
  test.slow();
  const slow = await slowPhoneWithoutScript(page);
  await page.goto('/explore');
  const box = page.getByRole('searchbox', { name: 'Search watches' });
  await box.fill('rolex');
  slow.release();
  await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 45_000 });
  // The app's first renders (its stored term, its empty results) leave the typed text in the box.
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null))));
  await expect(box).toHaveValue('rolex');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/explore\?q=rolex$/);
  await expect(page.locator('.explore-results .product-card-name').first()).toContainText('Rolex');
});
