/**
 * The advance link (issue 34 item 16; docs/product.md "The advance"): the mail that asks for the
 * advance links to the order's own page, which opens with no log-in and no cookie, shows that
 * order's advance (amount, on delivery, UPI link), without JavaScript too, and takes the UPI
 * reference. A tampered link is a 404 that shows nothing of the order.
 */
import { randomUUID } from 'node:crypto';
import { E2E_ADMIN, stableProducts, uniquePhone } from './fixtures.ts';
import { expectFits, viewportShots } from './layout-checks.ts';
import { expectMail } from './mailbox.ts';
import { expect, test } from './test.ts';

const ADDRESS = '9, Gandhi Chowk, near Bus Stand, Satara - 415001, Maharashtra';

test('the advance link opens without a log-in, shows the advance and takes the UPI reference', async ({
  page,
  browser,
}) => {
  test.slow();
  const phone = uniquePhone();
  const email = `advance-link-${phone}@example.in`;
  const shopper = page.request;
  expect(
    (
      await shopper.post('/api/signup', {
        data: { name: 'Sunita Pawar', number: phone, email, address: ADDRESS, password: 'advance-link-1' },
      })
    ).status(),
  ).toBe(201);
  const [product] = await stableProducts(shopper);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const placed = await shopper.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const { number, advance } = (await placed.json()).order as { number: string; advance: { balance: number } };
  const utr = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-12);
  expect((await shopper.post(`/api/orders/${number}/advance`, { data: { utr: utr() } })).status()).toBe(200);

  // The owner refuses it: the shopper's mail asks for the advance again, with the link.
  const owner = await browser.newContext();
  expect((await owner.request.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
  const refused = await owner.request.post(`/api/admin/orders/${number}/advance`, {
    data: { action: 'refused', note: 'No payment with this reference reached our bank' },
  });
  expect(refused.status()).toBe(200);
  await owner.close();
  const mail = await expectMail(email, `We could not find your advance for order ${number}`);
  const url = /Pay the advance: (\S+)/.exec(mail.text)?.[1];
  if (!url) throw new Error(`the mail has no advance link:\n${mail.text}`);
  const path = new URL(url).pathname;
  expect(path).toMatch(new RegExp(`^/advance/${number}/[A-Za-z0-9_-]{24}$`));

  // Without JavaScript and without a cookie: the amount, what is left, the UPI link.
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await bare.newPage();
  await noScript.goto(path);
  await expect(noScript.getByRole('heading', { name: 'Pay the advance' })).toBeVisible();
  await expect(noScript.getByText(number)).toBeVisible();
  const pay = noScript.getByRole('link', { name: 'PAY ₹300 ADVANCE' });
  await expect(pay).toHaveAttribute('href', /^upi:\/\/pay\?pa=timesquare@okhdfcbank&.*am=300\.00/);
  await expect(noScript.getByText(`₹${advance.balance.toLocaleString('en-IN')}`).first()).toBeVisible();
  await expect(noScript.getByText(ADDRESS)).toHaveCount(0);
  await expect(noScript.getByText('Sunita')).toHaveCount(0);
  await viewportShots(noScript, 'advance-link-no-script');
  // The UPI reference without the script: a wrong one comes back with its message and what was typed.
  await noScript.getByLabel('UPI reference (UTR), 12 digits').fill('12345');
  await noScript.getByRole('button', { name: 'Send reference' }).click();
  await expect(noScript).toHaveURL(new RegExp(`${path}$`));
  await expect(noScript.getByText('Please enter the 12-digit UPI reference')).toBeVisible();
  await expect(noScript.getByLabel('UPI reference (UTR), 12 digits')).toHaveValue('12345');
  await viewportShots(noScript, 'advance-link-no-script-refused', noScript.locator('.advance-form'));
  // Typed as UPI apps group it: recorded, and the page reads "checking" with the reference.
  const noScriptUtr = utr();
  await noScript
    .getByLabel('UPI reference (UTR), 12 digits')
    .fill(`${noScriptUtr.slice(0, 4)} ${noScriptUtr.slice(4, 8)} ${noScriptUtr.slice(8)}`);
  await noScript.getByRole('button', { name: 'Send reference' }).click();
  await expect(noScript).toHaveURL(new RegExp(`${path}$`));
  await expect(noScript.getByText('Advance: checking')).toBeVisible();
  await expect(noScript.getByText(`UPI reference ${noScriptUtr}`)).toBeVisible();
  await viewportShots(noScript, 'advance-link-no-script-sent');
  const sentNoScript = await shopper.get(`/api/orders/${number}`);
  expect((await sentNoScript.json()).order.advance).toMatchObject({ state: 'submitted', utr: noScriptUtr });
  // Refused again by the owner, so the scripted visitor below finds it to send.
  const owner2 = await browser.newContext();
  expect((await owner2.request.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
  expect(
    (
      await owner2.request.post(`/api/admin/orders/${number}/advance`, {
        data: { action: 'refused', note: 'No payment with this reference reached our bank' },
      })
    ).status(),
  ).toBe(200);
  await owner2.close();
  // A tampered token: the one refusal, nothing of the order.
  const token = path.split('/').pop()!;
  const tampered = `/advance/${number}/${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
  const wrong = await noScript.goto(tampered);
  expect(wrong?.status()).toBe(404);
  await expect(noScript.getByText('This link is not valid')).toBeVisible();
  await expect(noScript.getByRole('link', { name: /PAY/ })).toHaveCount(0);
  await viewportShots(noScript, 'advance-link-tampered');
  await bare.close();

  // With the script, in a browser that never logged in: a new reference, recorded.
  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  await visitor.goto(path);
  await expect(visitor.getByText('Advance: not found')).toBeVisible();
  await expect(visitor.getByText('Reason: No payment with this reference reached our bank')).toBeVisible();
  await expectFits(visitor);
  await viewportShots(visitor, 'advance-link');
  await visitor.getByLabel('UPI reference (UTR), 12 digits').fill(utr());
  await visitor.getByRole('button', { name: 'Send reference' }).click();
  await expect(visitor.getByText('Advance: checking')).toBeVisible();
  await fresh.close();
  const mine = await shopper.get(`/api/orders/${number}`);
  expect((await mine.json()).order.advance.state).toBe('submitted');
});
