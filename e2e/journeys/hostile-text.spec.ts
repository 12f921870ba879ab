import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Product } from '@shop/contract/products';
import { logInByApi, ok } from '../support/api';
import { admin } from '../support/env';
import { searchBox } from '../support/storefront';
import { expect, test } from '../support/test';

/** Text written to break out of a script, an attribute or the markup; the shop must show it as text. */
const SCRIPT_NAME = '</script><script>alert(1)</script>';
const ATTRIBUTE_SEARCH = '"><img src=x onerror=alert(1)>';

/** Every dialog the page opens, dismissed at once so nothing waits on it. */
function recordDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

test('a product named with a script and a search for an image tag show as text, and nothing runs', async ({
  page,
  request,
}) => {
  await logInByApi(request, admin);
  const seeded = await ok<{ products: Product[] }>(
    await request.get(`${apiPaths.products}?category=dress&limit=1`),
    'a seeded dress for its picture',
  );
  const tag = randomBytes(3).toString('hex');
  const { product } = await ok<{ product: Product }>(
    await request.post(apiPaths.createProduct, {
      data: {
        name: `${SCRIPT_NAME} ${tag}`,
        category: 'dress',
        color: 'black',
        price: 45,
        description: `${ATTRIBUTE_SEARCH} A dress whose name and description are hostile on purpose.`,
        image: seeded.products[0]?.image,
      },
    }),
    'adding the hostile product',
  );
  const dialogs = recordDialogs(page);

  await page.goto(`/shop/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText(/A dress whose name and description are hostile on purpose/)).toContainText(
    ATTRIBUTE_SEARCH,
  );
  await expect(page).toHaveTitle(new RegExp(tag));
  // The structured data kept the whole name inside its script: each block still parses, and one names it.
  const structuredData = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(structuredData.length).toBeGreaterThan(0);
  expect(structuredData.map((text) => JSON.parse(text) as unknown)).toContainEqual(
    expect.objectContaining({ '@type': 'Product', name: product.name }),
  );

  await page.goto(`/search?q=${encodeURIComponent(tag)}`);
  await expect(page.getByRole('main').getByRole('link', { name: product.name }).first()).toBeVisible();

  await page.goto(`/search?q=${encodeURIComponent(ATTRIBUTE_SEARCH)}`);
  await expect(searchBox(page)).toHaveValue(ATTRIBUTE_SEARCH);
  await expect(page.getByRole('main').getByRole('link', { name: product.name }).first()).toBeVisible();

  await page.waitForLoadState('networkidle');
  // The markup broke out of nowhere: no element the hostile text describes exists, and no dialog opened.
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
