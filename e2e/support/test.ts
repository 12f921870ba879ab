import { test as base, expect } from '@playwright/test';

/**
 * Playwright's test with one addition: an uncaught error in the page fails the journey, even when
 * the screen happens to look right (a blank page after a crash would otherwise only show as a timeout).
 */
export const test = base.extend<{ failOnPageErrors: undefined }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      await use(undefined);
      expect(errors, `uncaught errors in the page at ${page.url()}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
