import { defineConfig } from '@playwright/test';
import { projects, sharedUse } from './support/projects';

export default defineConfig({
  testDir: './journeys',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // Two cores run the server and the browsers; more workers only make every page slower.
  workers: 2,
  // A journey that needs a retry to pass is a bug to fix, not noise to hide.
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: './test-results',
  use: sharedUse,
  projects,
});
