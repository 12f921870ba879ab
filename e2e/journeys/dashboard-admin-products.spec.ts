import { randomBytes } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { ProductListResponse } from '@shop/contract/products';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { ok } from '../support/api';
import {
  confirmDialog,
  dashboardHeading,
  dropFiles,
  expectAlert,
  openDashboardPage,
  pngImage,
  tableRow,
} from '../support/dashboard';
import { admin } from '../support/env';
import { expect, test } from '../support/test';

const png = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: pngImage(120, 150, [154, 68, 41], [250, 247, 242]),
});

/**
 * An uploaded image's address: under /uploads/ on the shop's origin, relative when the shop keeps images
 * on its disk, absolute when they are in object storage (S3_PUBLIC_URL: HAProxy's address in the cluster).
 */
const UPLOADED = /^(https?:\/\/[^/]+)?\/uploads\/[^/]+\.webp$/;

const imageInput = (page: Page) => page.getByLabel('Image', { exact: true });

test('the admin adds a product with an uploaded image, finds it in the shop, edits it and deletes it', async ({
  page,
}) => {
  // The longest journey here: several pages, an upload and three writes.
  test.setTimeout(180_000);
  const name = `Journey Wrap Dress ${randomBytes(3).toString('hex')}`;
  await logIn(page, admin);
  await openDashboardPage(page, '/dashboard/add-product', 'Add New Product');
  await expectNoSeriousA11yViolations(page);

  // Nothing is sent while a required field is missing.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(apiPaths.createProduct)) sent.push(r.url());
  });
  await page.getByRole('button', { name: 'Add Product' }).click();
  let warning = await expectAlert(page, 'Missing Fields!', 'Please fill all the required fields.');
  await warning.getByRole('button', { name: 'OK' }).click();

  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Category').selectOption('dress');
  await page.getByLabel('Color').selectOption('green');
  await page.getByLabel('Price ($)').fill('89.5');
  await page.getByLabel('Description').fill('A wrap dress in bottle green, cut on the bias.');
  // Still no image: still refused.
  await page.getByRole('button', { name: 'Add Product' }).click();
  warning = await expectAlert(page, 'Missing Fields!', 'Please fill all the required fields.');
  await warning.getByRole('button', { name: 'OK' }).click();
  expect(sent).toEqual([]);

  // Several files at once: nothing is uploaded.
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(apiPaths.uploadImage)) uploads.push(r.url());
  });
  await dropFiles(page.getByTestId('image-drop-zone'), [png('a.png'), png('b.png')]);
  await expect(page.getByText('Choose one image at a time: nothing was uploaded.')).toBeVisible();
  expect(uploads).toEqual([]);

  // One file: "Uploading image..." while it goes, then the preview.
  await page.route(`**${apiPaths.uploadImage}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await imageInput(page).setInputFiles(png('dress.png'));
  await expect(page.getByText('Uploading image...')).toBeVisible();
  await expect(page.getByText('Image uploaded successfully.')).toBeVisible();
  const preview = page.getByRole('img', { name: 'Preview of the uploaded image' });
  await expect(preview).toHaveAttribute('src', UPLOADED);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(uploads).toHaveLength(1);
  await page.unroute(`**${apiPaths.uploadImage}`);

  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByText('Product added successfully.')).toBeVisible();
  const card = page.getByRole('main').getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$89.50');

  const listed = await ok<ProductListResponse>(await page.request.get(`${apiPaths.products}?limit=50`), 'products');
  const created = listed.products.find((p) => p.name === name);
  expect(created).toMatchObject({ category: 'dress', color: 'green', price: 89.5, oldPrice: null });
  const id = created!._id;

  // The admin's list and form ask for the database's answer, never an instance's cache (decision 013).
  const catalogueReads: Promise<{ url: string; cacheControl: string | undefined }>[] = [];
  const listPath = apiPaths.products.replace(/\/$/, '');
  const keepCatalogueRead = (request: Request) => {
    const pathname = new URL(request.url()).pathname.replace(/\/$/, '');
    if (pathname === listPath || pathname === apiPaths.product(id)) {
      catalogueReads.push(request.allHeaders().then((h) => ({ url: pathname, cacheControl: h['cache-control'] })));
    }
  };
  page.on('request', keepCatalogueRead);

  // Manage Products: six a page, the new product first (newest first).
  await openDashboardPage(page, '/dashboard/manage-products', 'Manage Products');
  await expect(page.getByText(/^Showing 1 to 6 of \d+ products$/)).toBeVisible();
  await expect(page.getByRole('main').getByRole('row')).toHaveCount(7);
  const row = tableRow(page, name);
  await expect(row).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', UPLOADED);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  // Other journeys add products at the same time, so only the first figure is certain.
  await expect(page.getByText(/^Showing 7 to \d+ of \d+ products$/)).toBeVisible();
  await page.getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect(page.getByText(/^Showing 1 to 6 of/)).toBeVisible();

  // Update Product: prefilled, checked like the add form, then back to Manage Products.
  await tableRow(page, name).getByRole('link', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/update-product/${id}$`));
  await expect(dashboardHeading(page, 'Update Product')).toBeVisible();
  await expect(page.getByLabel('Product name')).toHaveValue(name);
  await expect(page.getByLabel('Category')).toHaveValue('dress');
  await expect(page.getByLabel('Color')).toHaveValue('green');
  page.off('request', keepCatalogueRead);
  const reads = await Promise.all(catalogueReads);
  expect(new Set(reads.map((r) => r.url))).toEqual(new Set([listPath, apiPaths.product(id)]));
  for (const read of reads) expect(read, read.url).toMatchObject({ cacheControl: 'no-cache' });
  await expect(page.getByLabel('Price ($)')).toHaveValue('89.5');
  await expect(page.getByRole('img', { name: 'Preview of the uploaded image' })).toHaveAttribute('src', created!.image);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Description').fill('');
  await page.getByRole('button', { name: 'Update Product' }).click();
  warning = await expectAlert(page, 'Missing Fields!', 'Please fill all the required fields.');
  await warning.getByRole('button', { name: 'OK' }).click();

  const renamed = `${name} Renamed`;
  await page.getByLabel('Product name').fill(renamed);
  await page.getByLabel('Price ($)').fill('79');
  await page.getByLabel('Old price ($, optional)').fill('89.5');
  await page.getByLabel('Description').fill('Now on sale.');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manage-products$/);
  await expect(page.getByText('Product Updated Successfully!')).toBeVisible();
  // The admin's list is read from the database; a shopper's answer may come from another instance behind a
  // load balancer, which hears of the change within a second (decision 013).
  await expect(tableRow(page, renamed)).toContainText('$79.00');
  await expect
    .poll(async () => (await page.request.get(apiPaths.product(id))).json(), { timeout: 2_000 })
    .toMatchObject({ product: { price: 79, oldPrice: 89.5, description: 'Now on sale.' } });

  // Delete: cancelling keeps it; confirming removes it from the table and the shop.
  await tableRow(page, renamed)
    .getByRole('button', { name: /^Delete/ })
    .click();
  const question = await expectAlert(page, 'Are you sure?', "You won't be able to revert this!");
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(tableRow(page, renamed)).toBeVisible();
  expect((await page.request.get(apiPaths.product(id))).status()).toBe(200);

  await tableRow(page, renamed)
    .getByRole('button', { name: /^Delete/ })
    .click();
  await confirmDialog(page, "You won't be able to revert this!");
  await expect(tableRow(page, renamed)).toHaveCount(0);
  const status = async () => (await page.request.get(apiPaths.product(id))).status();
  // Two answers in a row, so that behind a round-robin balancer each instance has said it.
  await expect.poll(async () => [await status(), await status()], { timeout: 2_000 }).toEqual([404, 404]);
  await page.goto(`/shop/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toHaveCount(0);
});

test('a failed upload says Upload Failed and keeps the form as it was', async ({ page }) => {
  await logIn(page, admin);
  await openDashboardPage(page, '/dashboard/add-product', 'Add New Product');
  await page.route(`**${apiPaths.uploadImage}`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Storage is down"}' }),
  );
  await imageInput(page).setInputFiles(png('dress.png'));
  const failure = await expectAlert(page, 'Upload Failed', 'There was an error uploading the image. Please try again.');
  await failure.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('img', { name: 'Preview of the uploaded image' })).toHaveCount(0);
  await expect(page.getByText('Image uploaded successfully.')).toHaveCount(0);
});

test('a product the server refuses to add says Failed to add product and stays on the form', async ({ page }) => {
  await logIn(page, admin);
  await openDashboardPage(page, '/dashboard/add-product', 'Add New Product');
  await page.getByLabel('Product name').fill('Refused Product');
  await page.getByLabel('Category').selectOption('jewellery');
  await page.getByLabel('Color').selectOption('gold');
  await page.getByLabel('Price ($)').fill('12');
  await page.getByLabel('Description').fill('Never added.');
  await imageInput(page).setInputFiles(png('ring.png'));
  await expect(page.getByText('Image uploaded successfully.')).toBeVisible();
  await page.route(`**${apiPaths.createProduct}`, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Try later"}' }),
  );
  await page.getByRole('button', { name: 'Add Product' }).click();
  const failure = await expectAlert(page, 'Error', 'Failed to add product. Please try again.');
  await failure.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/dashboard\/add-product$/);
  await expect(page.getByLabel('Product name')).toHaveValue('Refused Product');
});
