import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * An axe-core scan of what the page shows once it has stopped moving; serious and critical violations fail the journey.
 * `framesRunNoScript`: the page holds a sandboxed frame (a sent mail) into which axe cannot be injected,
 * so the scan stays in the page itself (the frame element, its title included, is still checked).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: { framesRunNoScript?: boolean } = {},
): Promise<void> {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page });
  if (options.framesRunNoScript) builder.setLegacyMode(true).options({ iframes: false });
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, `axe-core violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits for CSS transitions (a modal fading in) to end, so a scan sees the final colours. A modal turns
 * visible one frame after it opens, so two frames pass first: before them its transition has not begun
 * and `getAnimations()` would be empty while the panel is still transparent.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
}
