/**
 * The WhatsApp inbox (issue 37; docs/whatsapp.md#the-inbox) against the fake Graph API
 * (services project): the demo shopper's text, photo and voice note arrive in INBOX beside the
 * order; the owner answers inside the window and the fake receives the text; a conversation whose
 * last message is 25 hours old offers only the template; the same message delivered twice is kept
 * once; and the owner's summary of a long wait arrives once. Screenshots at 360 and 1280.
 */
import { adminLogin } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import { screenshots, uniquePhone } from './fixtures.ts';
import { expectNothingOverflows } from './layout-checks.ts';
import { expect, test } from './test.ts';

// Written this session on a machine at load 40-55 and not yet seen passing end to end: run it first
// next session, then remove this line (issue 37; the closing note says what each step showed).
test.fixme(true, 'not yet seen passing (issue 37)');

import {
  countWhatsApp,
  E2E_MEDIA,
  E2E_OWNER_WHATSAPP,
  expectWhatsApp,
  expectWhatsAppText,
  postShopperMessage,
} from './whatsapp-inbox.ts';

const DEMO_PHONE = '9000000001';
const HOUR = 3_600_000;
const stamp = (ms: number) => String(Math.floor(ms / 1000));

test('text, photo and voice note arrive beside the order; the owner answers in the window', async ({
  page,
  request,
}) => {
  const run = Date.now();
  const textId = `wamid.E2EINBOX${run}`;
  const hostile = `When will it come? <b>bold</b> https://evil.example/pay\n\u202Eकल तक?`;
  await postShopperMessage(request, `91${DEMO_PHONE}`, { id: textId, type: 'text', text: { body: hostile } });
  // WhatsApp repeats the same webhook: kept once.
  await postShopperMessage(request, `91${DEMO_PHONE}`, { id: textId, type: 'text', text: { body: hostile } });
  await postShopperMessage(request, `91${DEMO_PHONE}`, {
    id: `wamid.E2EPHOTO${run}`,
    type: 'image',
    image: { id: E2E_MEDIA.photo, mime_type: 'image/jpeg', caption: 'the strap is loose' },
  });
  await postShopperMessage(request, `91${DEMO_PHONE}`, {
    id: `wamid.E2EVOICE${run}`,
    type: 'audio',
    audio: { id: E2E_MEDIA.voice, mime_type: 'audio/ogg; codecs=opus', voice: true },
  });

  await adminLogin(page, '/dashboard/inbox');
  await page.getByRole('link', { name: /INBOX/ }).first().click();
  await page.getByLabel('Phone, order number or name').fill(DEMO_PHONE);
  await page.getByRole('button', { name: 'Find' }).click();
  await page
    .getByRole('link', { name: new RegExp(DEMO_PHONE) })
    .first()
    .click();
  const items = page.getByRole('list', { name: 'Messages' });
  await expect(items.getByText('the strap is loose')).toBeVisible();
  // The media is fetched in the background just after the message: the thread shows it once kept.
  await expect(async () => {
    await page.reload();
    await expect(items.locator('img.adm-inbox-img')).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(items.locator('audio')).toHaveCount(1);
  // Text as text: the markup is shown, not made; the shopper's URL is not a live link.
  const texts = items.locator('.adm-inbox-text').filter({ hasText: 'When will it come?' });
  await expect(texts).toHaveCount(1);
  await expect(texts.first()).toContainText('<b>bold</b>');
  await expect(items.locator('a[href*="evil.example"]')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Orders' })).toContainText('On delivery');
  await expect(page.getByText(/24-hour window is open for/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'inbox-thread');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNothingOverflows(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  const reply = `Tomorrow by 6 pm ${run}`;
  await page.getByLabel('Your reply').fill(reply);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply queued: it goes on WhatsApp now.')).toBeVisible();
  await expectWhatsAppText(DEMO_PHONE, reply);
  await expect(items.getByText(reply)).toBeVisible();
});

test('after 24 hours only the template is offered; a long wait reaches the owner once', async ({ page, request }) => {
  const phone = uniquePhone();
  await postShopperMessage(request, `91${phone}`, {
    id: `wamid.E2EOLD${Date.now()}`,
    timestamp: stamp(Date.now() - 25 * HOUR),
    type: 'text',
    text: { body: 'Can I pay the advance tomorrow?' },
  });
  await adminLogin(page, `/dashboard/inbox/${phone}`);
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Can I pay the advance tomorrow?')).toBeVisible();
  await expect(page.getByText(/WhatsApp allows only an approved template now/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send as template' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reply' })).toHaveCount(0);
  await screenshots(page, 'inbox-template-only');

  const owner = E2E_OWNER_WHATSAPP.slice(2);
  const summary = await expectWhatsApp(owner, 'owner_inbox_waiting');
  expect(summary.body.join(' ')).toContain(phone);
  await page.getByLabel('Your reply (sent in the template)').fill('Yes, tomorrow is fine.');
  await page.getByRole('button', { name: 'Send as template' }).click();
  await expectWhatsApp(phone, 'inbox_reply');
  // The summary told of this wait once, whatever passes ran since.
  await page.reload();
  await expect(page.getByText('Yes, tomorrow is fine.')).toBeVisible();
  expect(countWhatsApp(owner, 'owner_inbox_waiting')).toBeGreaterThanOrEqual(1);
  const forPhone = () => countWhatsApp(owner, 'owner_inbox_waiting');
  expect(forPhone()).toBe(1);
});
