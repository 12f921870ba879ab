import { expectNoSeriousA11yViolations } from '../support/a11y';
import { fixtures } from '../support/env';
import { appRunning, escapeRegExp, searchBox, section } from '../support/storefront';
import { expect, test } from '../support/test';

test('suggestions forgive a mistyped name and open the product from the keyboard', async ({ page }) => {
  const { dress, searchWord } = fixtures();
  await page.goto('/search');
  await appRunning(page);
  const box = searchBox(page);
  const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });

  // One letter of the fixtures' rare word dropped, as a hurried shopper types it.
  const mistyped = `${searchWord.slice(0, 6)}${searchWord.slice(7)} silk`.toLowerCase();
  await box.pressSequentially(mistyped);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(box).toHaveAttribute('aria-controls', (await suggestions.getAttribute('id')) ?? 'the listbox');
  const first = suggestions.getByRole('option').first();
  await expect(first).toHaveAccessibleName(new RegExp(escapeRegExp(dress.name)));
  // The list may still change while the last letters' suggestions arrive: the polite count follows the list.
  const announced = async () => {
    const count = await suggestions.getByRole('option').count();
    const wanted = count === 1 ? '1 suggestion available.' : `${count} suggestions available.`;
    return page.getByRole('status').filter({ hasText: wanted }).count();
  };
  await expect.poll(announced).toBe(1);
  // The results under the list settle too: while they do, the old ones are shown faded.
  await expect(page.locator('section[aria-labelledby="search-results"]')).toHaveAttribute('aria-busy', 'false');
  await expectNoSeriousA11yViolations(page);

  // Escape closes the list and leaves the text; the arrow opens it again on its first option.
  await box.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(box).toHaveValue(mistyped);
  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? 'the first option');

  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/shop/${dress._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: dress.name })).toBeVisible();
});

test('a misspelled word that finds nothing offers did-you-mean and popular products', async ({ page }) => {
  await page.goto('/search?q=silc');
  await expect(page.getByText('No products match your search. Please try again.')).toBeVisible();
  await appRunning(page);
  const popular = section(page, 'Popular products');
  await expect(popular.locator('a[href^="/shop/"]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const instead = page.getByRole('status').getByRole('link', { name: 'silk' });
  await expect(page.getByRole('status').filter({ hasText: 'Did you mean silk?' })).toBeVisible();
  await instead.click();
  await expect(searchBox(page)).toHaveValue('silk');
  await expect(searchBox(page)).toBeFocused();
  await expect(page).toHaveURL(/\/search\?q=silk$/);
  await expect(page.getByText(/^\d+ results? for “silk”$/)).toBeVisible();
  await expect(page.getByText('Did you mean')).toHaveCount(0);
});
