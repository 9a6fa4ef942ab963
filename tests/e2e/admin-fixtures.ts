/** Shared steps of the admin journeys. */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { AdminStats } from '../../src/common/schemas/admin-orders.ts';
import { E2E_ADMIN } from './fixtures.ts';
import { recordMessages } from './messages.ts';

/** Logs in through the dashboard's own form (recording the page's messages, for pages of other contexts). */
export async function adminLogin(page: Page, path = '/dashboard'): Promise<void> {
  await recordMessages(page);
  await page.goto(path);
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeAttached();
}

/**
 * The dashboard menu's `label` link (INBOX, COMPLAINTS…) names its queue's count as the stats
 * answer gives it now ("INBOX, 3 waiting"; the bare label at none), read by `count` from the
 * answer's attention, as Needs you reads it (issue 37). The menu must be shown (open it on a phone).
 */
export async function expectMenuCount(
  page: Page,
  label: string,
  count: (attention: AdminStats['attention']) => number,
): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: new RegExp(`^${label}`) });
  await expect(async () => {
    const stats: AdminStats = await (await page.request.get('/api/admin/stats')).json();
    const waiting = count(stats.attention);
    await expect(link).toHaveAccessibleName(waiting > 0 ? `${label}, ${waiting} waiting` : label, { timeout: 1000 });
  }).toPass();
}

/** A small generated watch picture (a coloured disc on a plain ground) as a PNG file. */
export async function watchPicture(
  name: string,
  color: string,
  /** Pixels a side: a buyer's review photo must be at least REVIEW_PHOTO_MIN_PX (common/review-rules.ts). */
  size = 400,
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400"><rect width="400" height="400" fill="#f4f1ea"/><circle cx="200" cy="200" r="150" fill="${color}"/><circle cx="200" cy="200" r="120" fill="#fff"/><path d="M200 200V110M200 200l60 30" stroke="#222" stroke-width="8"/></svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}
