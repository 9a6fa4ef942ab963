import type { Page } from '@playwright/test';
import { PHONE } from './layout-checks.ts';

/**
 * A phone at 360 px with its CPU slowed 6x (CDP `Emulation.setCPUThrottlingRate`) whose every
 * script of every page is held back until `release()`: what the shopper does meanwhile is done on
 * the server's HTML alone (issue 27; docs/decisions/043-scripts-after-load.md).
 */
export async function slowPhoneWithoutScript(page: Page): Promise<{ release: () => void; asked: () => number }> {
  await page.setViewportSize(PHONE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route('**/assets/*.js', async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** Puts the CPU back to full speed (for screenshots after a slow journey). */
export async function fullSpeed(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}
