/**
 * The long reliability scenarios (npm run test:reliability): real server
 * processes, kills, load. One file at a time: they measure the machine, so
 * they must not compete with each other for its two cores.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/reliability/global-setup.ts'],
    reporters: ['default', './tests/reliability/support/summary-reporter.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 10 * 60_000,
    hookTimeout: 5 * 60_000,
    teardownTimeout: 60_000,
  },
});
