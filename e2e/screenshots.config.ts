import { defineConfig } from '@playwright/test';
import { projects, sharedUse } from './support/projects';

/** `npm run screenshots -w e2e`: every storefront page at both sizes, saved to e2e/screenshots/. */
export default defineConfig({
  testDir: './tools',
  globalSetup: './support/global-setup.ts',
  workers: 2,
  retries: 0,
  timeout: 120_000,
  reporter: 'list',
  outputDir: './test-results',
  use: sharedUse,
  projects,
});
