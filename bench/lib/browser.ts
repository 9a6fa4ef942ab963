/** Debian's Chromium through playwright-core, launched as the e2e tests launch it. */
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Lighthouse's mobile screen (Moto G Power) and a common laptop screen. */
export const SCREENS = {
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const;
