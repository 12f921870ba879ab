import type { Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { ProductStockResponse } from '@shop/contract/inventory';
import type { ProductDetailResponse } from '@shop/contract/products';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { ok } from '../support/api';
import { dashboardHeading, openDashboardPage, pngImage } from '../support/dashboard';
import { admin } from '../support/env';
import { newSizedDress } from '../support/stock';
import { expect, test } from '../support/test';

/** A size's row of the update page's stock table, found by its row header. */
const stockRow = (page: Page, size: string) =>
  page
    .getByRole('region', { name: 'Stock by size' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: size, exact: true }) });

/** The row's cells after its header: SKU, on hand, held at checkout, available, change. */
const onHandCell = (page: Page, size: string) => stockRow(page, size).getByRole('cell').nth(1);

async function setStock(page: Page, size: string, count: string, reason?: 'Restock') {
  const row = stockRow(page, size);
  await row.getByLabel(`New count on hand of size ${size}`).fill(count);
  if (reason) await row.getByLabel(`Reason for the change of size ${size}`).selectOption({ label: reason });
  await row.getByRole('button', { name: `Save size ${size}` }).click();
}

test("the admin changes a size's stock, and the low-stock card and the ledger show it", async ({ page, request }) => {
  // "A-line" sorts this dress first among other sold-out sizes on the low-stock card.
  const dress = await newSizedDress(request, { S: 5, M: 8 }, 'A-line Stock Dress');
  await logIn(page, admin);
  await openDashboardPage(page, `/dashboard/update-product/${dress._id}`, 'Update Product');
  await expect(onHandCell(page, 'M')).toHaveText('8');
  await expect(stockRow(page, 'L')).toContainText('Not carried');
  await expectNoSeriousA11yViolations(page);

  await setStock(page, 'M', '0');
  await expect(page.getByText('Stock of size M saved: 0 on hand.')).toBeVisible();
  await expect(onHandCell(page, 'M')).toHaveText('0');
  await expect(stockRow(page, 'M').getByText('Sold out')).toBeVisible();

  // A size the dress did not come in is added by a restock.
  await setStock(page, 'L', '2', 'Restock');
  await expect(onHandCell(page, 'L')).toHaveText('2');
  await expect(stockRow(page, 'L').getByText('Low stock')).toBeVisible();

  const history = page.getByRole('region', { name: 'Stock changes, newest first' });
  const adjustment = history.getByRole('row').filter({ hasText: 'Admin adjustment' });
  await expect(adjustment).toHaveCount(1);
  await expect(adjustment).toContainText('M');
  await expect(adjustment).toContainText('−8 on hand');
  await expect(history.getByRole('row').filter({ hasText: '+2 on hand' })).toContainText('Restock');

  // Someone sold or counted S meanwhile: the admin's stale count is refused and the table shows the new one.
  const stock = await ok<ProductStockResponse>(await page.request.get(apiPaths.productStock(dress._id)), 'stock');
  const small = stock.variants.find((v) => v.size === 'S');
  await ok(
    await page.request.put(apiPaths.productStock(dress._id), {
      data: { size: 'S', onHand: 4, expectedOnHand: small?.onHand },
    }),
    'a change from elsewhere',
  );
  await setStock(page, 'S', '10');
  await expect(stockRow(page, 'S').getByRole('alert')).toContainText(
    'The stock of size S changed while you were editing: it is now 4.',
  );
  await expect(onHandCell(page, 'S')).toHaveText('4');

  await page.goto('/dashboard/admin');
  await expect(dashboardHeading(page, /^Hello,/)).toBeVisible();
  const card = page.getByRole('region', { name: 'Low stock' });
  const line = card.getByRole('listitem').filter({ hasText: dress.name });
  await expect(line.first()).toContainText('Size M · 0 left');
  await expect(line.first().getByText('Sold out')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await line
    .first()
    .getByRole('link', { name: /^Restock/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/update-product/${dress._id}$`));
  await expect(onHandCell(page, 'M')).toHaveText('0');
});

test('the admin adds a dress in sizes with a count for each', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Sized Journey Dress ${Date.now().toString(36)}`;
  await logIn(page, admin);
  await openDashboardPage(page, '/dashboard/add-product', 'Add New Product');
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Category').selectOption('dress');
  await page.getByLabel('Color').selectOption('red');
  await page.getByLabel('Price ($)').fill('120');
  await page.getByLabel('Description').fill('A red dress in three sizes.');
  await expect(page.getByLabel('Size scale')).toHaveValue('clothing');
  await page.getByLabel('Size S', { exact: true }).fill('2');
  await page.getByLabel('Size M', { exact: true }).fill('6');
  await page.getByLabel('Size L', { exact: true }).fill('0');
  await page.getByLabel('Image', { exact: true }).setInputFiles({
    name: 'dress.png',
    mimeType: 'image/png',
    buffer: pngImage(120, 150, [120, 20, 30], [250, 247, 242]),
  });
  await expect(page.getByText('Image uploaded successfully.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/shop$/);

  const list = await ok<{ products: { _id: string; name: string }[] }>(
    await page.request.get(`${apiPaths.products}?limit=50`),
    'products',
  );
  const id = list.products.find((p) => p.name === name)?._id ?? '';
  const { product } = await ok<ProductDetailResponse>(await page.request.get(apiPaths.product(id)), 'the dress');
  expect(product.sizeScale).toBe('clothing');
  expect(product.variants.map((v) => [v.size, v.available])).toEqual([
    ['S', 2],
    ['M', 6],
    ['L', 0],
  ]);
});
