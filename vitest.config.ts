import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.ts', 'cluster/**/*.test.ts'],
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker loads the shop's modules once for all the files it runs: loading them per file cost most
    // of the run. So no module may keep state a test needs fresh; such state goes behind a factory.
    isolate: false,
    maxWorkers: 2,
    // A test that logs an unexpected error is a failing test (Epic Stack's rule).
    onConsoleLog: (log, type) => (type === 'stderr' && /error/i.test(log) ? false : undefined),
  },
});
