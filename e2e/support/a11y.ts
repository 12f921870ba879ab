import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** An axe-core scan of what the page shows now; serious and critical violations fail the journey. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, `axe-core violations on ${page.url()}`).toEqual([]);
}
