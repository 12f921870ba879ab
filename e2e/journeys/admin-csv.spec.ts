import { randomBytes } from 'node:crypto';
import { apiPaths } from '@shop/contract/api-paths';
import { CATALOGUE_CSV_COLUMNS } from '@shop/contract/catalogue-csv';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { listProducts } from '../support/api';
import { openDashboardPage } from '../support/dashboard';
import { admin } from '../support/env';
import { expect, test } from '../support/test';

/**
 * A small file in the shop's columns: two dresses, the second's price misspelt when `bad`, pictured with a
 * picture the shop has (other journeys load the shop page these dresses appear on, every picture and all).
 */
function csvFile(tag: string, bad: boolean, picture: string): Buffer {
  const line = (values: Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>>) =>
    CATALOGUE_CSV_COLUMNS.map((c) => values[c] ?? '').join(',');
  const dress = (n: number, price: string) => ({
    Handle: `csv-${tag}-${n}`,
    Title: `Csv Journey Dress ${tag} ${n}`,
    'Body (HTML)': 'A dress brought in from a file.',
    Type: 'dress',
    'Option1 Value': 'Green',
    'Option2 Value': 'M',
    'Variant Price': price,
    'Variant Inventory Qty': '3',
    'Variant Image': picture,
  });
  const rows = [CATALOGUE_CSV_COLUMNS.join(','), line(dress(1, '59.00')), line(dress(2, bad ? 'cheap' : '64.00'))];
  return Buffer.from(`${rows.join('\n')}\n`);
}

test('the admin exports the catalogue, is shown a bad row, fixes it and imports the products', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const [pictured] = (await listProducts(page.request, { category: 'dress', limit: 1 })).products;
  const picture = pictured?.image ?? '';
  await logIn(page, admin);
  await openDashboardPage(page, '/dashboard/manage-products', 'Manage Products');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8').split('\n')[0]).toBe(CATALOGUE_CSV_COLUMNS.join(','));

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products from a CSV file' });
  await expect(dialog).toBeVisible();
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: csvFile(tag, true, picture) });
  await expect(dialog.getByText('1 problem: nothing was added.', { exact: false })).toBeVisible();
  const problem = dialog.getByRole('row').filter({ hasText: 'Variant Price' });
  await expect(problem.getByRole('cell').first()).toHaveText('3');
  await expectNoSeriousA11yViolations(page);
  await expect(dialog.getByRole('button', { name: /^Import \d+ products?$/ })).toHaveCount(0);
  const none = await page.request.get(`${apiPaths.products}?q=${encodeURIComponent(`Csv Journey Dress ${tag}`)}`);
  const found = (await none.json()) as { products: { name: string }[] };
  expect(found.products.filter((p) => p.name.includes(tag))).toEqual([]);

  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: csvFile(tag, false, picture) });
  await expect(dialog.getByText('2 products, 2 colours, 2 sizes will be added.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 products' }).click();
  await expect(dialog.getByText('Imported: 2 products, 2 colours, 2 sizes added.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByRole('link', { name: `Csv Journey Dress ${tag} 1`, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Csv Journey Dress ${tag} 2`, exact: true })).toBeVisible();
});
