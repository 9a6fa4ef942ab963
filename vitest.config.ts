import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Playwright journeys live in tests/e2e and are run by Playwright, never by Vitest.
    include: ['src/**/*.test.{ts,tsx}', 'tests/security/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Data-layer tests open real databases; a few at a time keeps 2 cores responsive.
    maxWorkers: 2,
    onConsoleLog(log, type) {
      // An unexpected console.error in a test is a failure waiting to be noticed.
      if (type === 'stderr' && /error/i.test(log)) {
        throw new Error(`Unexpected console.error in a test: ${log.slice(0, 300)}`);
      }
      return undefined;
    },
  },
});
