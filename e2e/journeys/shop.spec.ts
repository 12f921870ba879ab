import type { Page } from '@playwright/test';
import { DEFAULT_SHOP_PAGE_SIZE } from '@shop/contract/constants';
import { listProducts } from '../support/api';
import { available, facetValue, tick } from '../support/facets';
import { productIdsShown } from '../support/storefront';
import { expect, test } from '../support/test';

const category = (page: Page, name: string) => facetValue(page, 'Category', name);
const color = (page: Page, name: string) => facetValue(page, 'Color', name);
const price = (page: Page, name: string) => facetValue(page, 'Price Range', name);
const urlValues = (page: Page) => [...new URL(page.url()).searchParams.values()];

test('the shop filters by category, colour and price, and the URL keeps the filters', async ({ page }) => {
  const all = await listProducts(page.request, { limit: 1 });
  const dresses = await listProducts(page.request, { category: 'dress', limit: 1 });
  const blackDresses = await listProducts(page.request, { category: 'dress', color: 'black', limit: 1 });
  const cheapBlackDresses = await listProducts(page.request, {
    category: 'dress',
    color: 'black',
    price: '50-100',
    limit: 1,
  });

  await page.goto('/shop');
  await expect(available(page)).toHaveText(`Available Products: ${all.totalProducts}`);

  await tick(category(page, 'Dress'));
  await expect(available(page)).toHaveText(`Available Products: ${dresses.totalProducts}`);
  expect(urlValues(page)).toContain('dress');
  await tick(color(page, 'Black'));
  await expect(available(page)).toHaveText(`Available Products: ${blackDresses.totalProducts}`);
  await tick(price(page, '$50-$100'));
  await expect(available(page)).toHaveText(`Available Products: ${cheapBlackDresses.totalProducts}`);
  expect(urlValues(page)).toEqual(expect.arrayContaining(['dress', 'black']));

  // A shared link opens the same filtered shop.
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expect(available(shared)).toHaveText(`Available Products: ${cheapBlackDresses.totalProducts}`);
  await expect(price(shared, '$50-$100')).toBeChecked();
  await shared.close();

  await page.goBack();
  await expect(available(page)).toHaveText(`Available Products: ${blackDresses.totalProducts}`);
  await expect(price(page, '$50-$100')).not.toBeChecked();
  await expect(color(page, 'Black')).toBeChecked();
  await page.goBack();
  await expect(available(page)).toHaveText(`Available Products: ${dresses.totalProducts}`);
  await expect(category(page, 'Dress')).toBeChecked();

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(available(page)).toHaveText(`Available Products: ${all.totalProducts}`);
  await expect(category(page, 'Dress')).not.toBeChecked();
});

test('the shop pages through the catalogue and back returns to the earlier page', async ({ page }) => {
  const firstPage = await listProducts(page.request, { limit: DEFAULT_SHOP_PAGE_SIZE, page: 1 });
  const secondPage = await listProducts(page.request, { limit: DEFAULT_SHOP_PAGE_SIZE, page: 2 });
  const thirdPage = await listProducts(page.request, { limit: DEFAULT_SHOP_PAGE_SIZE, page: 3 });
  expect(firstPage.totalPages, 'the demo catalogue fills at least three pages').toBeGreaterThanOrEqual(3);
  const ids = (list: typeof firstPage) => list.products.map((p) => p._id);
  const shown = () => productIdsShown(page.getByRole('main'));

  await page.goto('/shop');
  await expect.poll(shown).toEqual(ids(firstPage));
  const pagination = page.getByRole('navigation', { name: /pagination|pages/i });
  await pagination.getByRole('button', { name: /next/i }).click();
  await expect.poll(shown).toEqual(ids(secondPage));
  expect(urlValues(page)).toContain('2');
  await pagination.getByRole('button', { name: 'Page 3', exact: true }).click();
  await expect.poll(shown).toEqual(ids(thirdPage));
  await expect(pagination.getByRole('button', { name: 'Page 3', exact: true })).toHaveAttribute('aria-current', 'page');

  await page.goBack();
  await expect.poll(shown).toEqual(ids(secondPage));
  await pagination.getByRole('button', { name: /previous/i }).click();
  await expect.poll(shown).toEqual(ids(firstPage));

  // Any filter change goes back to page 1.
  await pagination.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect.poll(shown).toEqual(ids(secondPage));
  await tick(category(page, 'Accessories'));
  const accessories = await listProducts(page.request, { category: 'accessories', limit: DEFAULT_SHOP_PAGE_SIZE });
  await expect.poll(shown).toEqual(ids(accessories));
});

test('the shop shows more products with a larger page size', async ({ page }) => {
  const all = await listProducts(page.request, { limit: 24 });
  await page.goto('/shop');
  await page.getByRole('combobox', { name: 'Products per page' }).selectOption('24');
  await expect.poll(() => productIdsShown(page.getByRole('main'))).toEqual(all.products.map((p) => p._id));
});

test("every picture of the shop's grid loads: the first row's with the page, the others once it is on screen", async ({
  page,
}) => {
  await page.goto('/shop');
  const pictures = page.getByRole('main').locator('article img');
  await expect(pictures).toHaveCount(DEFAULT_SHOP_PAGE_SIZE);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
});
