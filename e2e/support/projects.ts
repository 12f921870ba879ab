import type { PlaywrightTestConfig } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser (TOOLCHAIN.md). */
const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error('E2E_BASE_URL is not set: run the journeys with `npm run test -w e2e`, which starts the shop first.');
}

/** The two sizes every journey runs at: a laptop and a 390 px phone. */
export const projects: PlaywrightTestConfig['projects'] = [
  {
    name: 'desktop',
    use: { viewport: { width: 1280, height: 800 } },
  },
  {
    name: 'phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
];

export const sharedUse: PlaywrightTestConfig['use'] = {
  baseURL,
  browserName: 'chromium',
  launchOptions,
  locale: 'en-US',
  timezoneId: 'UTC',
  // Recording a trace of every journey slows the run on two cores; E2E_TRACE=1 keeps the failing ones.
  trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
  screenshot: 'only-on-failure',
};
