/**
 * The messages a page has shown, recorded by the page itself.
 */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    /** Texts of the messages the page has shown (recordMessages). */
    shownMessages?: string[];
  }
}

/**
 * Messages clear themselves after 3 s (docs/product.md#states-and-transitions). On a busy
 * machine a test's polling can first look after that (seen once in CI: "Order …: advance
 * marked received" shown and gone), so the page itself records every message it shows,
 * from before its own scripts run, and `expectMessage` reads that record.
 */
export async function recordMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.shownMessages) return;
    const shown: string[] = [];
    window.shownMessages = shown;
    new MutationObserver(() => {
      for (const message of document.querySelectorAll('.message')) {
        const text = message.textContent ?? '';
        if (text && !shown.includes(text)) shown.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits until the page has shown a message containing `text` (recorded by recordMessages: every journey's page, and adminLogin's). */
export async function expectMessage(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted) => {
    if (!window.shownMessages) throw new Error('recordMessages was not called before the page loaded');
    return window.shownMessages.some((shown) => shown.includes(wanted));
  }, text);
}
