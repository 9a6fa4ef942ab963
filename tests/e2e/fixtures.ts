/** Values shared by the e2e server and the journeys. */
import type { Page } from '@playwright/test';

export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-1' } as const;
export const WIDTHS = [360, 1280] as const;

/** Saves a screenshot of the page at each width under test-results/screenshots/. */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

/** A fresh 10-digit phone number per test run, so journeys never collide. */
export function uniquePhone(): string {
  return `7${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}
