import { DEFAULT_SHOP_PAGE_SIZE } from '@shop/contract/constants';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { listProducts } from '../support/api';
import { available, countIn, countOf, facetCounts, facetGroup, facetValue, tick } from '../support/facets';
import { appRunning, productIdsShown } from '../support/storefront';
import { expect, test } from '../support/test';

// Other journeys add blue, green, black, beige and gold products while these run; these count red and
// silver ones, jewellery and cosmetics, which only the demo catalogue has.

test('two colours list the products of either, the URL keeps both, and back restores the first', async ({ page }) => {
  const red = await listProducts(page.request, { color: 'red', limit: DEFAULT_SHOP_PAGE_SIZE });
  const either = await listProducts(page.request, { color: 'red,silver', limit: DEFAULT_SHOP_PAGE_SIZE });
  const silver = await listProducts(page.request, { color: 'silver', limit: 100 });
  const allRed = await listProducts(page.request, { color: 'red', limit: 100 });
  // A product in both colours is listed once.
  const union = new Set([...allRed.products, ...silver.products].map((p) => p._id));
  expect(either.totalProducts, 'red or silver').toBe(union.size);
  const shown = () => productIdsShown(page.getByRole('main'));

  await page.goto('/shop');
  await appRunning(page);
  await tick(facetValue(page, 'Color', 'Red'));
  await expect(available(page)).toHaveText(`Available Products: ${red.totalProducts}`);
  await tick(facetValue(page, 'Color', 'Silver'));
  await expect(available(page)).toHaveText(`Available Products: ${either.totalProducts}`);
  expect(new URL(page.url()).search).toBe('?color=red,silver');
  await expect.poll(shown).toEqual(either.products.map((p) => p._id));

  await page.goBack();
  await expect(facetValue(page, 'Color', 'Silver')).not.toBeChecked();
  await expect(facetValue(page, 'Color', 'Red')).toBeChecked();
  await expect(available(page)).toHaveText(`Available Products: ${red.totalProducts}`);
  await expect.poll(shown).toEqual(red.products.map((p) => p._id));
  await page.goForward();
  await expect(facetValue(page, 'Color', 'Silver')).toBeChecked();
  await expect(available(page)).toHaveText(`Available Products: ${either.totalProducts}`);

  // A shared link opens the same choice, ticked.
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expect(facetValue(shared, 'Color', 'Red')).toBeChecked();
  await expect(facetValue(shared, 'Color', 'Silver')).toBeChecked();
  await expect(available(shared)).toHaveText(`Available Products: ${either.totalProducts}`);
  await shared.close();

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(facetGroup(page, 'Color').getByRole('checkbox', { checked: true })).toHaveCount(0);
});

test("ticking a size changes the colours' counts, and a value that would give nothing is greyed", async ({ page }) => {
  const before = await facetCounts(page.request, 'color=red,silver');
  const withSize = await facetCounts(page.request, 'color=red,silver&size=M');
  expect(countIn(withSize, 'color', 'red')).not.toBe(countIn(before, 'color', 'red'));
  expect(countIn(withSize, 'category', 'jewellery'), 'no piece of jewellery comes in M').toBe(0);

  await page.goto('/shop?color=red,silver');
  await appRunning(page);
  const red = facetValue(page, 'Color', 'Red');
  await expect(red).toHaveAccessibleName(`Red, ${countIn(before, 'color', 'red')} products`);
  await tick(facetValue(page, 'Size', 'M'));
  expect(new URL(page.url()).search).toBe('?color=red,silver&size=M');
  await expect(red).toHaveAccessibleName(`Red, ${countIn(withSize, 'color', 'red')} products`);
  // Jewellery, unticked, cannot be ticked now, but keeps its place.
  const jewellery = facetValue(page, 'Category', 'Jewellery');
  await expect(jewellery).toHaveAccessibleName('Jewellery, 0 products');
  await expect(jewellery).toBeDisabled();
  await expect(jewellery).toBeVisible();

  // Ticked, it can always be unticked, though it gives nothing.
  await page.goto('/shop?category=jewellery&size=M');
  await appRunning(page);
  await expect(jewellery).toHaveAccessibleName('Jewellery, 0 products');
  await expect(jewellery).toBeEnabled();
  await tick(jewellery, false);
  expect(new URL(page.url()).search).toBe('?size=M');
});

test("a value's count is the list's total once it is ticked, in every facet", async ({ page }) => {
  await page.goto('/shop?category=jewellery,cosmetics');
  await appRunning(page);
  const silver = facetValue(page, 'Color', 'Silver');
  const count = await countOf(silver);
  await tick(silver);
  await expect(available(page)).toHaveText(`Available Products: ${count}`);

  await page.goto('/shop?color=red,silver');
  await appRunning(page);
  for (const legend of ['Category', 'Size', 'Price Range']) {
    // The first value that gives something, ticked alone in its facet.
    const box = facetGroup(page, legend).getByRole('checkbox', { disabled: false }).first();
    const name = (await box.getAttribute('aria-label')) ?? '';
    const expected = await countOf(box);
    await tick(box);
    await expect(available(page), name).toHaveText(`Available Products: ${expected}`);
    await tick(facetGroup(page, legend).getByRole('checkbox', { name }), false);
  }
});

test('older links with one value of each filter still open the shop filtered', async ({ page }) => {
  const list = await listProducts(page.request, { color: 'red', price: '50-100', limit: 1 });
  await page.goto('/shop?color=red&price=50-100');
  await expect(facetValue(page, 'Color', 'Red')).toBeChecked();
  await expect(facetValue(page, 'Price Range', '$50-$100')).toBeChecked();
  await expect(available(page)).toHaveText(`Available Products: ${list.totalProducts}`);
});

test('the filters work from the keyboard, and the shop with facets ticked passes axe', async ({ page }) => {
  await page.goto('/shop?color=red,silver&size=M');
  await appRunning(page);
  const dress = facetValue(page, 'Category', 'Dress');
  await dress.focus();
  await page.keyboard.press('Space');
  await expect(dress).toBeChecked();
  await expect(page).toHaveURL(/category=dress/);
  await expect(dress).toBeFocused();
  await expect(facetGroup(page, 'Category').getByRole('checkbox', { disabled: true }).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the search page narrows its results with the same facets, kept in its URL with the text', async ({ page }) => {
  const found = await listProducts(page.request, { q: 'dress', limit: 1 });
  const red = await listProducts(page.request, { q: 'dress', color: 'red', limit: 24 });
  expect(red.totalProducts).toBeGreaterThan(0);
  const results = page.getByRole('status').filter({ hasText: /results? for/ });

  await page.goto('/search?q=dress');
  await appRunning(page);
  await expect(results).toHaveText(`${found.totalProducts} results for “dress”`);
  const box = facetValue(page, 'Color', 'Red');
  await expect(box).toHaveAccessibleName(`Red, ${red.totalProducts} product${red.totalProducts === 1 ? '' : 's'}`);
  await tick(box);
  expect(new URL(page.url()).search).toBe('?q=dress&color=red');
  await expect(results).toHaveText(`${red.totalProducts} result${red.totalProducts === 1 ? '' : 's'} for “dress”`);
  await expect.poll(() => productIdsShown(page.getByRole('main'))).toEqual(red.products.map((p) => p._id));
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goBack();
  await expect(box).not.toBeChecked();
  expect(new URL(page.url()).search).toBe('?q=dress');
  await expect(results).toHaveText(`${found.totalProducts} results for “dress”`);
});
