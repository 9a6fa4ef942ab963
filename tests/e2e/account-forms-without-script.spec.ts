/**
 * The account forms with JavaScript off (issue 34 item 7b; common/account-forms.ts): the server's
 * page holds the real form, it posts, and the server signs up, logs in, changes the password and
 * saves the profile, or answers the page again with its messages and what was typed (never the
 * password). Each form that worked lands on Your Account, rendered with the shopper's own details,
 * whose LOG OUT works too. No address the browser asks for ever holds the password or the phone.
 */
import type { Page } from '@playwright/test';
import { uniquePhone } from './fixtures.ts';
import { expectFits, viewportShots } from './layout-checks.ts';
import { expect, test } from './test.ts';

test.use({ javaScriptEnabled: false });

const ADDRESS = '14, Shanti Nagar, near Ram Mandir, Nagpur - 440010, Maharashtra';
const HOSTILE = '</script><img src=x onerror="document.title=1">';
const OTHER_ADDRESS = '2, Lake View Road, Civil Lines, Nagpur - 440001, Maharashtra';

/** Every URL the page asks for (documents, posts, pictures), to show none carries a secret. */
function asked(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

test('without JavaScript: sign up, a refusal that keeps what was typed, edit the profile, change the password, log in', async ({
  page,
  browser,
}) => {
  const phone = uniquePhone();
  const password = 'no-script-pass-1';
  const newPassword = 'no-script-pass-2';
  const urls = asked(page);

  // Sign up: the form is in the server's page and posts to it.
  await page.goto('/signup');
  await expect(page.locator('.noscript-note')).toHaveCount(0);
  await page.getByLabel('Name').fill('Meena Joshi');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Email').fill('meena@example.in');
  await page.getByLabel('Address').fill(ADDRESS);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // The journey ends on the shopper's own account page, rendered by the server, not a "needs JavaScript" note.
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
  await expect(page.locator('.noscript-note')).toHaveCount(0);
  await expect(page.getByText('Meena Joshi')).toBeVisible();
  await expect(page.getByText(phone)).toBeVisible();
  await expect(page.getByText(ADDRESS)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectFits(page);
  await viewportShots(page, 'no-script-profile');

  // Edit Profile carries the session: the shopper's own values, a second address box kept empty.
  await page.goto('/editprofile');
  await expect(page.getByLabel('Name')).toHaveValue('Meena Joshi');
  await expect(page.getByLabel('Address 1')).toHaveValue(ADDRESS);
  // A bad email: the page comes back with its message and what was typed.
  await page.getByLabel('Name').fill('Meena R. Joshi');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/editprofile$/);
  await expect(page.getByRole('alert').first()).toContainText(/email/i);
  await expect(page.getByLabel('Name')).toHaveValue('Meena R. Joshi');
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
  await expectFits(page);
  await viewportShots(page, 'no-script-edit-profile-refused', page.locator('main form'));
  await page.getByLabel('Email').fill('meena.joshi@example.in');
  await page.getByLabel('Address 1').fill(OTHER_ADDRESS);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/editprofile');
  await expect(page.getByLabel('Name')).toHaveValue('Meena R. Joshi');
  await expect(page.getByLabel('Address 1')).toHaveValue(OTHER_ADDRESS);

  // Change the password: a wrong current one first, then the right one.
  await page.goto('/change-password');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('alert').first()).toContainText(/current password/i);
  // A password is never typed back into a page.
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await expect(page.getByLabel('New password')).toHaveValue('');
  await viewportShots(page, 'no-script-change-password-refused', page.locator('main form'));
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Another browser: a wrong password keeps the phone; the new one logs in.
  const other = await browser.newContext({ javaScriptEnabled: false });
  const second = await other.newPage();
  const secondUrls = asked(second);
  await second.goto('/login');
  await second.getByLabel('Phone number').fill(phone);
  await second.getByLabel('Password').fill(password);
  await second.getByRole('button', { name: 'Login' }).click();
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByRole('alert').first()).toContainText('The phone number or password is wrong');
  await expect(second.getByLabel('Phone number')).toHaveValue(phone);
  await expect(second.getByLabel('Password')).toHaveValue('');
  await viewportShots(second, 'no-script-login-refused', second.locator('main form'));
  await second.getByLabel('Password').fill(newPassword);
  await second.getByRole('button', { name: 'Login' }).click();
  await expect(second).toHaveURL(/\/profile$/);
  await expect(second.getByRole('heading', { name: 'Your Account' })).toBeVisible();
  await expect(second.getByText('Meena R. Joshi')).toBeVisible();
  await second.goto('/editprofile');
  await expect(second.getByLabel('Name')).toHaveValue('Meena R. Joshi');
  // LOG OUT without the script: the session ends; Your Account then asks to log in.
  await second.goto('/profile');
  await second.getByRole('button', { name: 'Log out' }).click();
  await expect(second).toHaveURL(/\/$/);
  await second.goto('/profile');
  await expect(second.getByRole('heading', { name: 'Please log in' })).toBeVisible();
  await expect(second.getByText('Meena R. Joshi')).toHaveCount(0);
  await other.close();

  // A taken number at sign-up: the page again, with what was typed but the password.
  await page.goto('/signup');
  // Hostile text comes back as the box's text, never as markup (the console guard fails a script).
  await page.getByLabel('Name').fill(HOSTILE);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Email').fill('someone@example.in');
  await page.getByLabel('Address').fill(ADDRESS);
  await page.getByLabel('Password').fill('someone-else-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').first()).toContainText('already registered');
  await expect(page.getByLabel('Name')).toHaveValue(HOSTILE);
  await expect(page.locator('main img')).toHaveCount(0);
  await expect(page.getByLabel('Password')).toHaveValue('');
  await viewportShots(page, 'no-script-signup-refused', page.locator('main form'));

  const all = [...urls, ...secondUrls];
  expect(all.length).toBeGreaterThan(10);
  for (const secret of [phone, password, newPassword, 'someone-else-pass', 'not-my-password']) {
    expect(all.filter((url) => url.includes(secret))).toEqual([]);
  }
  expect(all.filter((url) => /[?&](number|password|currentPassword|newPassword)=/.test(url))).toEqual([]);
});
