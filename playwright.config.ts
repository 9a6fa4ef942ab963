import { defineConfig } from '@playwright/test';

/**
 * Journeys in Debian's Chromium (/usr/bin/chromium) against the real server on
 * a fresh SQLite database (tests/e2e/server.ts). Never `npx playwright install`.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
/**
 * The journeys against the fake Shiprocket and the fake WhatsApp Cloud API run in their own
 * project, against a second server that starts both fakes (tests/e2e/server.ts): with them on,
 * every screen changes (a WhatsApp box at sign-up and checkout, "Book courier" in Admin Orders),
 * so the other journeys keep a server without them.
 */
const servicesPort = port + 100;
// Journeys named courier-*, whatsapp-* or services-*.spec.ts run against the fakes too.
const SERVICE_JOURNEYS = [
  '**/shipping-shiprocket.spec.ts',
  '**/courier-*.spec.ts',
  '**/whatsapp.spec.ts',
  '**/whatsapp-*.spec.ts',
  '**/services-*.spec.ts',
];
const serverCommand = 'npx tsx tests/e2e/server.ts';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: SERVICE_JOURNEYS },
    {
      name: 'services',
      use: { browserName: 'chromium', baseURL: `http://127.0.0.1:${servicesPort}` },
      testMatch: SERVICE_JOURNEYS,
    },
  ],
  webServer: [
    {
      command: serverCommand,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(port) },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: serverCommand,
      url: `http://127.0.0.1:${servicesPort}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(servicesPort), E2E_FAKE_SHIPROCKET: '1', E2E_FAKE_WHATSAPP: '1' },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
