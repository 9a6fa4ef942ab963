/**
 * The WhatsApp inbox (issue 37; docs/whatsapp.md#the-inbox) against the fake Graph API
 * (services project): the demo shopper's text, photo and voice note arrive in INBOX beside the
 * order; the owner answers inside the window and the fake receives the text; a conversation whose
 * last message is 25 hours old offers only the template; the same message delivered twice is kept
 * once; and the owner's summary of a long wait arrives once. Screenshots at 360 and 1280.
 */
import type { APIRequestContext } from '@playwright/test';
import { adminLogin, expectMenuCount } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import { screenshots, uniquePhone } from './fixtures.ts';
import { expectNothingOverflows } from './layout-checks.ts';
import { expect, test } from './test.ts';
import {
  E2E_MEDIA,
  E2E_OWNER_WHATSAPP,
  expectWhatsApp,
  expectWhatsAppText,
  postShopperMessage,
  whatsAppsTo,
} from './whatsapp-inbox.ts';

const DEMO_PHONE = '9000000001';
const HOUR = 3_600_000;
/** A shopper's text written 25 hours ago: WhatsApp's window for it has closed. */
const postOldMessage = (request: APIRequestContext, phone: string, body: string) =>
  postShopperMessage(request, `91${phone}`, {
    id: `wamid.E2EOLD${phone}${Date.now()}`,
    timestamp: String(Math.floor((Date.now() - 25 * HOUR) / 1000)),
    type: 'text',
    text: { body },
  });

test('text, photo and voice note arrive beside the order; the owner answers in the window', async ({
  page,
  request,
}) => {
  const run = Date.now();
  const textId = `wamid.E2EINBOX${run}`;
  // Each text carries the run, so a retry on the same server (CI retries once) finds its own.
  const asked = `When will it come (${run})?`;
  const caption = `the strap is loose (${run})`;
  const hostile = `${asked} <b>bold</b> https://evil.example/pay\n\u202Eकल तक?`;
  await postShopperMessage(request, `91${DEMO_PHONE}`, { id: textId, type: 'text', text: { body: hostile } });
  // WhatsApp repeats the same webhook: kept once.
  await postShopperMessage(request, `91${DEMO_PHONE}`, { id: textId, type: 'text', text: { body: hostile } });
  await postShopperMessage(request, `91${DEMO_PHONE}`, {
    id: `wamid.E2EPHOTO${run}`,
    type: 'image',
    image: { id: E2E_MEDIA.photo, mime_type: 'image/jpeg', caption },
  });
  await postShopperMessage(request, `91${DEMO_PHONE}`, {
    id: `wamid.E2EVOICE${run}`,
    type: 'audio',
    audio: { id: E2E_MEDIA.voice, mime_type: 'audio/ogg; codecs=opus', voice: true },
  });

  await adminLogin(page, '/dashboard/inbox');
  // The menu's INBOX carries the count of conversations waiting, the number Needs you shows (issue 37).
  await expectMenuCount(page, 'INBOX', (a) => a.inboxWaiting);
  await page.getByRole('link', { name: /INBOX/ }).first().click();
  await page.getByLabel('Phone, order number or name').fill(DEMO_PHONE);
  await page.getByRole('button', { name: 'Find' }).click();
  await page
    .getByRole('link', { name: new RegExp(DEMO_PHONE) })
    .first()
    .click();
  const items = page.getByRole('list', { name: 'Messages' });
  const photo = items.locator('li').filter({ hasText: caption });
  await expect(photo).toBeVisible();
  // The media is fetched in the background just after the message: the thread shows it once kept.
  await expect(async () => {
    await page.reload();
    await expect(photo.locator('img.adm-inbox-img')).toBeVisible({ timeout: 2000 });
  }).toPass();
  // The voice note is the newest message.
  await expect(items.locator('li').last().locator('audio')).toHaveCount(1);
  // The thread opens scrolled to its newest message (the voice note), below the photo that loaded above it.
  await expect
    .poll(() => items.evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight))
    .toBeLessThan(2);
  // Text as text: the markup is shown, not made; the shopper's URL is not a live link.
  const texts = items.locator('.adm-inbox-text').filter({ hasText: asked });
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
  // Answered: the menu's count follows without leaving the thread.
  await expectMenuCount(page, 'INBOX', (a) => a.inboxWaiting);
});

test('after 24 hours only the template is offered; a long wait reaches the owner once', async ({ page, request }) => {
  const phone = uniquePhone();
  await postOldMessage(request, phone, 'Can I pay the advance tomorrow?');
  await adminLogin(page, `/dashboard/inbox/${phone}`);
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Can I pay the advance tomorrow?')).toBeVisible();
  await expect(page.getByText(/WhatsApp allows only an approved template now/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send as template' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reply' })).toHaveCount(0);
  await screenshots(page, 'inbox-template-only');

  // The owner's summary names this conversation (SHOP_HOURS is all day in the journeys' store, so
  // a 25-hour wait is past INBOX_WAIT_MINUTES).
  const owner = E2E_OWNER_WHATSAPP.slice(2);
  const naming = (who: string) =>
    whatsAppsTo(owner, 'owner_inbox_waiting').filter((m) => m.body.join(' ').includes(who));
  await expect.poll(() => naming(phone).length, { message: `the owner's summary naming ${phone}` }).toBe(1);
  // A later wait makes the store look again: its summary names only the new conversation, and
  // the first wait is still told of once.
  const later = uniquePhone();
  await postOldMessage(request, later, 'Is the watch waterproof?');
  await expect.poll(() => naming(later).length, { message: `the owner's summary naming ${later}` }).toBe(1);
  expect(naming(phone)).toHaveLength(1);

  await page.getByLabel('Your reply (sent in the template)').fill('Yes, tomorrow is fine.');
  await page.getByRole('button', { name: 'Send as template' }).click();
  const sent = await expectWhatsApp(phone, 'inbox_reply');
  expect(sent.body.join(' ')).toContain('Yes, tomorrow is fine.');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Yes, tomorrow is fine.')).toBeVisible();
});
