import { adminLogin } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import { bookCourier, markAdvanceReceived, orderRow, placeOrder, signUp } from './courier-steps.ts';
import { cartStableWatch, screenshots } from './fixtures.ts';
import { expectMail } from './mailbox.ts';
import { pdfText } from './pdf-text.ts';
import { expect, test } from './test.ts';

test.use({ trace: 'off' });
test.describe.configure({ timeout: 240_000 });

const ADDRESS = '22, Neem Street, near Bus Stand, Madurai - 625001, Tamil Nadu';

test('a pay-in-full order is booked Prepaid and its label says do not collect', async ({ page, browser }) => {
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const email = `payfull-${Date.now() % 1_000_000}@example.in`;
  await signUp(shopper.request, { name: 'Meena Iyer', email, address: ADDRESS, password: 'shopper-pass-1' });
  const watch = await cartStableWatch(shopper.request);
  await shopper.goto('/cart');
  await shopper.getByRole('button', { name: 'Checkout' }).click();
  const dialog = shopper.getByRole('dialog');
  await dialog.getByLabel(ADDRESS).check();
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  const full = dialog.getByRole('radio', { name: /Pay in full now by UPI/ });
  await full.check();
  const cart = await (await shopper.request.get('/api/cart')).json();
  const total = cart.totals.total as number;
  const discount = Math.floor((total * 500) / 10_000);
  const payNow = total - discount;
  await expect(dialog.locator('.checkout-cod')).toContainText('Nothing to pay on delivery');
  await expect(dialog.getByRole('region', { name: 'Price details of this order' })).toContainText('Pay now by UPI');
  await screenshots(shopper, 'payaddr-checkout-pay-in-full');
  expect(await axeViolations(shopper)).toEqual([]);
  await dialog.getByRole('button', { name: 'Place order' }).click();

  // The advance screen: the whole amount, nothing on delivery.
  const panel = shopper.getByRole('region', { name: /Pay for your order/ });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('link', { name: /IN FULL/ })).toHaveAttribute('href', new RegExp(`am=${payNow}\\.00`));
  await expect(panel).toContainText('Nothing to pay on delivery');
  await screenshots(shopper, 'payaddr-advance-in-full');
  expect(await axeViolations(shopper)).toEqual([]);
  const orders = await (await shopper.request.get('/api/orders')).json();
  const number = orders.orders[0].number as string;
  expect(orders.orders[0].advance).toMatchObject({ amount: payNow, balance: 0, inFull: true });
  expect(watch.id).toBeTruthy();

  await adminLogin(page, `/dashboard/orders?q=${number}`);
  await markAdvanceReceived(page, number);
  // The fake Shiprocket refuses a COD order with nothing to collect: booked means booked Prepaid.
  await bookCourier(page, number);
  const label = await page.request.get(`/api/admin/orders/${number}/label.pdf`);
  expect(label.status()).toBe(200);
  const text = pdfText(await label.body());
  expect(text).toContain('PREPAID: DO NOT COLLECT');
  expect(text).toContain('COLLECT ₹0 (PAID)');
  expect(text).not.toContain('CASH ON DELIVERY');
  await shopperContext.close();
});

test('a doubtful address is corrected through its link before packing', async ({ page, browser }) => {
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const email = `address-${Date.now() % 1_000_000}@example.in`;
  const vague = 'Near temple <b>road</b>, Madurai - 625001, Tamil Nadu';
  await signUp(shopper.request, { name: 'Ravi Kumar', email, address: ADDRESS, password: 'shopper-pass-1' });
  const productId = (await cartStableWatch(shopper.request)).id;
  const number = await placeOrder(shopper.request, vague, productId);

  await adminLogin(page, `/dashboard/orders?q=${number}`);
  await markAdvanceReceived(page, number);
  const row = orderRow(page, number);
  await row.getByRole('button', { name: `Address doubtful? Order ${number}` }).click();
  await row.getByLabel('What is unclear (the shopper reads it)').fill('No house number or street');
  await row.getByRole('button', { name: 'Send the correction link' }).click();
  await expect(row.locator('.adm-address-doubt')).toContainText('Address doubtful');
  // Packing waits.
  await page.getByLabel(`State of order ${number}`).selectOption('packed');
  await expect(row).toContainText('cannot be packed while its address is marked doubtful');

  const mail = await expectMail(email, `Please check the delivery address of your order ${number}`);
  const link = /(http:\/\/\S+\/address\/\S+)/.exec(mail.text)?.[1];
  expect(link, 'the correction link in the mail').toBeTruthy();
  await shopper.goto(new URL(link!).pathname);
  await expect(shopper.getByRole('heading', { name: 'Check your delivery address' })).toBeVisible();
  await expect(shopper.getByText('What is unclear: No house number or street')).toBeVisible();
  // Markup typed in the address stays text.
  await expect(shopper.locator('.address-check-address')).toHaveText(vague);
  await screenshots(shopper, 'payaddr-address-check');
  expect(await axeViolations(shopper)).toEqual([]);
  // An empty form: every part marked, nothing sent.
  await shopper.getByRole('button', { name: 'Save the corrected address' }).click();
  await expect(shopper.getByLabel('House or flat no.')).toHaveAttribute('aria-invalid', 'true');
  await shopper.getByLabel('House or flat no.').fill('14/2');
  await shopper.getByLabel('Building, street or area').fill('Gandhi Street');
  await shopper.getByLabel('Landmark').fill('Opp. Meenakshi Temple east gate');
  await shopper.getByLabel('Pincode').fill('625001');
  await expect(shopper.getByLabel('City')).not.toHaveValue('');
  await shopper.getByRole('button', { name: 'Save the corrected address' }).click();
  await expect(shopper.getByText('Thank you: we have your corrected address')).toBeVisible();
  await screenshots(shopper, 'payaddr-address-corrected');

  await page.reload();
  await expect(row.locator('.adm-address-fixed')).toContainText(`Was: ${vague}`);
  await expect(row.locator('.adm-address-line')).toContainText('14/2, Gandhi Street, Opp. Meenakshi Temple east gate');
  await page.getByLabel(`State of order ${number}`).selectOption('packed');
  await expect(page.getByLabel(`State of order ${number}`)).toHaveValue('packed');
  await screenshots(page, 'payaddr-admin-corrected');
  await shopperContext.close();
});
