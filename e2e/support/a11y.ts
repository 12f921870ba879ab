import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * An axe-core scan of what the page shows now; serious and critical violations fail the journey.
 * `framesRunNoScript`: the page holds a sandboxed frame (a sent mail) into which axe cannot be injected,
 * so the scan stays in the page itself (the frame element, its title included, is still checked).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: { framesRunNoScript?: boolean } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (options.framesRunNoScript) builder.setLegacyMode(true).options({ iframes: false });
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, `axe-core violations on ${page.url()}`).toEqual([]);
}
