/**
 * The journeys' `test`: Playwright's, with a guard every journey gets. A script error,
 * a console error, or React's report that the server's HTML and the first render in the
 * browser differ (main.tsx logs it as "Hydration:") fails the journey. Failed loads
 * ("Failed to load resource: … 404") are left to the journeys that provoke them.
 * The page also records the messages it shows (messages.ts, for `expectMessage`).
 */
import { test as base, expect } from '@playwright/test';
import { recordMessages } from './messages.ts';

export const test = base.extend<{ consoleGuard: undefined }, { serverPort: undefined }>({
  // The journey's server (server-port.ts): its project's baseURL, read by the mailbox and inbox.
  serverPort: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture needs from this pattern; it needs none.
    async ({}, use, workerInfo) => {
      const base = workerInfo.project.use.baseURL;
      if (base) process.env.E2E_SERVER_PORT = new URL(base).port;
      await use(undefined);
    },
    { auto: true, scope: 'worker' },
  ],
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          problems.push(`console.error: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await recordMessages(page);
      await use(undefined);
      expect(problems, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
