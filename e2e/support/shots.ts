import path from 'node:path';
import type { Page } from '@playwright/test';
import { test } from './test';

/**
 * With E2E_SHOTS_DIR set, a picture of the screen for a person to look at, one folder per screen size;
 * without it, nothing (CI takes no pictures nobody opens).
 */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  const file = path.join(dir, test.info().project.name, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
}
