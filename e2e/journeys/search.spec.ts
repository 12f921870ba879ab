import { fixtures } from '../support/env';
import { searchBox } from '../support/storefront';
import { expect, test } from '../support/test';

test('search finds products by name or description and says when nothing matches', async ({ page }) => {
  const { scarf, dress, searchWord } = fixtures();
  await page.goto('/search');
  const box = searchBox(page);
  const results = page.getByRole('main');

  await box.fill(searchWord.toLowerCase());
  await expect(results.getByRole('link', { name: scarf.name }).first()).toBeVisible();
  await expect(results.getByRole('link', { name: dress.name }).first()).toBeVisible();

  await box.fill('BIAS-CUT');
  await expect(results.getByRole('link', { name: dress.name }).first()).toBeVisible();
  await expect(results.getByRole('link', { name: scarf.name })).toHaveCount(0);

  await box.fill('no such garment anywhere');
  await expect(page.getByText('No products match your search. Please try again.')).toBeVisible();
});
