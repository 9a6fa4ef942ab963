/**
 * A forgotten password without SMS (docs/product.md#account-rights): the login page sends
 * the shopper to WhatsApp; the owner finds them by number in the dashboard,
 * makes a one-time link and sends it back on WhatsApp; the link sets a new
 * password once and logs every device out.
 */

import { forgotPasswordText, resetLinkText } from '../../src/common/password-reset.ts';
import { whatsappLink } from '../../src/common/site.ts';
import { adminLogin } from './admin-fixtures.ts';
import { uniquePhone } from './fixtures.ts';
import { expectFits, PHONE, viewportShots } from './layout-checks.ts';
import { expectMessage } from './messages.ts';
import { expect, test } from './test.ts';

test.describe.configure({ timeout: 120_000 });
const ADDRESS = '3, Coral Heights, near Fish Market, Kochi - 682001, Kerala';

test('the owner makes a one-time link on WhatsApp and the shopper sets a new password with it', async ({
  page,
  browser,
  request,
}) => {
  const number = uniquePhone();
  const old = 'forgotten-pass-1';
  const fresh = 'remembered-pass-2';
  expect(
    (
      await request.post('/api/signup', {
        data: { name: 'Lakshmi Menon', number, email: 'lakshmi@example.in', address: ADDRESS, password: old },
      })
    ).status(),
  ).toBe(201);

  // The login page's way to ask: a WhatsApp message naming the number typed.
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await page.getByLabel('Phone number').fill(number);
  const ask = page.getByRole('link', { name: 'Forgot password? Ask us on WhatsApp' });
  const shop = await page.evaluate(() => JSON.parse(document.getElementById('site-config')?.textContent ?? '{}'));
  await expect(ask).toHaveAttribute('href', whatsappLink(shop.whatsapp, forgotPasswordText(number)));
  await viewportShots(page, 'reset-login-forgot', ask);

  // The owner finds the shopper by the number the message came from and makes a link.
  const ownerContext = await browser.newContext();
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await ownerContext.newPage();
  // The side navigation the login waits for is folded away on a phone: log in wide, then work on a phone.
  await adminLogin(owner, '/dashboard/shoppers');
  await owner.setViewportSize(PHONE);
  await expect(owner.getByRole('heading', { name: 'Shoppers' })).toBeVisible();
  await owner.getByLabel('Phone number (or its first digits)').fill('12');
  await owner.getByRole('button', { name: 'Find' }).click();
  await expect(owner.getByText('Please type at least 4 digits of the phone number')).toBeVisible();
  await owner.getByLabel('Phone number (or its first digits)').fill(number);
  await owner.getByRole('button', { name: 'Find' }).click();
  const card = owner.getByRole('listitem', { name: 'Lakshmi Menon' });
  await expect(card).toContainText(number);
  await expectFits(owner);
  await viewportShots(owner, 'reset-owner-shopper', card);
  await card.getByRole('button', { name: 'Make a password link' }).click();
  const linkField = card.getByLabel(/One-time link, works for 30 minutes/);
  await expect(linkField).toHaveValue(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();
  await card.getByRole('button', { name: 'Copy' }).click();
  await expect(card.getByText('Link copied')).toBeVisible();
  expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(card.getByRole('link', { name: `Send on WhatsApp to ${number}` })).toHaveAttribute(
    'href',
    whatsappLink(`91${number}`, resetLinkText(shop.name, link)),
  );
  await expectFits(owner);
  await viewportShots(owner, 'reset-owner-link', card);
  await ownerContext.close();

  // The shopper opens the link: a weak password is refused, a good one is set.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText(`•••••••${number.slice(-3)}`)).toBeVisible();
  await page.getByLabel('New password').fill('password123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This password is too common. Please choose one that is harder to guess.')).toBeVisible();
  await expectFits(page);
  await viewportShots(page, 'reset-set-password');
  await page.getByLabel('New password').fill(fresh);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your new password is set' })).toBeVisible();
  await viewportShots(page, 'reset-done');
  expect((await request.get('/api/profile')).status(), 'every device is logged out').toBe(401);

  // The link worked once.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByText('This password link was already used.', { exact: false })).toBeVisible();
  await expectFits(page);
  await viewportShots(page, 'reset-link-used');

  await page.getByRole('link', { name: 'Login' }).last().click();
  await page.getByLabel('Phone number').fill(number);
  await page.getByLabel('Password').fill(fresh);
  await page.getByRole('button', { name: 'Login' }).click();
  await expectMessage(page, 'Logged in successfully');
});
