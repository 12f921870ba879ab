import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.ts', 'cluster/**/*.test.ts'],
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // A test that logs an unexpected error is a failing test (Epic Stack's rule).
    onConsoleLog: (log, type) => (type === 'stderr' && /error/i.test(log) ? false : undefined),
  },
});
