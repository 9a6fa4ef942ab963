/**
 * Back in stock (docs/product.md#back-in-stock): a visitor asks to be told about an out-of-stock
 * watch (a wrong contact is named and focused; a second request says they are already on the
 * list), the owner sees who waits in the products list and marks it in stock, and the message
 * arrives in the journeys' mailbox, once.
 */
import { productPath } from '../../src/common/catalog.ts';
import { adminLogin } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import { expectFits, expectInView, PHONE, viewportShots } from './layout-checks.ts';
import { expectMail } from './mailbox.ts';
import { expectMessage, recordMessages } from './messages.ts';
import { expect, test } from './test.ts';

test.describe.configure({ timeout: 120_000 });

test('Notify me on an out-of-stock watch, the owner restocks, the mail arrives', async ({ page, browser }) => {
  const stamp = Date.now() % 1_000_000;
  const name = `Journey notify watch ${stamp}`;
  const email = `waiting-${stamp}@e2e.example`;

  // The owner lists a watch and marks it out of stock.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await adminLogin(owner);
  const created = await owner.request.post('/api/admin/products', {
    data: { name, category: 'women watch', brand: 'Titan', price: 5000, discountPrice: 4200, countryOfOrigin: 'India' },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).product.id as string;
  expect((await owner.request.patch(`/api/admin/products/${id}/stock`, { data: { inStock: false } })).status()).toBe(
    200,
  );

  // A visitor on a phone finds it out of stock and asks to be told.
  await recordMessages(page);
  await page.setViewportSize(PHONE);
  await page.goto(productPath({ id, name }));
  const form = page.getByRole('form', { name: 'Tell me when it is back' });
  await expect(form).toBeVisible();
  const contact = form.getByLabel(/Your (mobile number or )?email/);
  await contact.fill('not an email');
  await form.getByRole('button', { name: 'Notify me' }).click();
  // The words match the field: an email only where the shop sends no WhatsApp message.
  const emailOnly = (await contact.getAttribute('type')) === 'email';
  await expect(form.getByRole('alert').first()).toContainText(
    emailOnly ? 'Please give your email address' : 'Please give your 10-digit mobile number or your email address',
  );
  if (emailOnly) await expect(form).not.toContainText('mobile number');
  await expect(contact).toBeFocused();
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await expectFits(page);
  await viewportShots(page, 'notify-me-error', form);

  // With the keyboard: the field, then Enter. The answer stays in place of the form.
  await contact.fill(email);
  await contact.press('Enter');
  const done = page.getByRole('status').filter({ hasText: 'Done. We will tell you once, as soon as it is back.' });
  await expectInView(done);
  await expectFits(page);
  await viewportShots(page, 'notify-me-done', done);
  // The journey's watch has no picture: the faint name drawn in its place (aria-hidden, decoration) is
  // not this screen's to judge; the accessibility journey checks a product page with pictures.
  expect(await axeViolations(page, ['.product-watermark']), 'axe on the product page with Notify me').toEqual([]);

  // Asked again (another visit): already on the list.
  await page.reload();
  await contact.fill(email);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You are already on the list for this watch.' }),
  ).toBeVisible();

  // The owner sees one person waiting, and marks the watch in stock.
  await owner.goto('/dashboard/products');
  await owner.getByLabel('Category').selectOption('women watch');
  const card = owner.locator('.adm-product', { hasText: name });
  await expect(card.getByText('1 person waiting (Notify me)')).toBeVisible();
  await owner.setViewportSize(PHONE);
  await expectFits(owner);
  await viewportShots(owner, 'notify-me-owner-waiting', card);
  await card.getByRole('button', { name: `Mark in stock ${name}` }).click();
  await expectMessage(owner, `${name} is now in stock; 1 person told`);
  await expect(card.getByText(/waiting \(Notify me\)/)).toHaveCount(0);

  // The mail arrives, with the watch's page.
  const mail = await expectMail(email, `Back in stock: ${name}`);
  expect(mail.text).toContain(`/${id}/`);
  expect(mail.text).toContain('We sent this once');

  // The visitor's page now offers the watch, not the form.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Tell me when it is back' })).toHaveCount(0);
  await ownerContext.close();
});
