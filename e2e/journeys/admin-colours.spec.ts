import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Product, ProductDetailResponse, ProductListResponse } from '@shop/contract/products';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { listProducts, ok } from '../support/api';
import { dashboardHeading, openDashboardPage, pngImage } from '../support/dashboard';
import { admin } from '../support/env';
import { expect, test } from '../support/test';

const png = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: pngImage(120, 150, rgb, [250, 247, 242]),
});

/** The alt texts of a colour's pictures, in the order the form shows them. */
const altsOf = (colour: Locator) =>
  colour
    .getByRole('textbox', { name: /^Alt text of picture/ })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** A dress in black, pictured with a picture the shop has: other journeys load every picture of the shop page. */
async function newProduct(page: Page): Promise<Product> {
  const name = `Colour Journey Dress ${randomBytes(3).toString('hex')}`;
  const [pictured] = (await listProducts(page.request, { category: 'dress', limit: 1 })).products;
  const res = await page.request.post(apiPaths.createProduct, {
    data: {
      name,
      category: 'dress',
      color: 'black',
      price: 120,
      description: 'A dress the admin gives a second colour.',
      image: pictured?.image,
    },
  });
  return (await ok<{ product: Product }>(res, 'the new product')).product;
}

test('the admin adds a colour with three pictures, orders them, and the shop shows them so', async ({
  page,
}, testInfo) => {
  // An upload of three pictures and two saves.
  test.setTimeout(180_000);
  await logIn(page, admin);
  const product = await newProduct(page);
  await page.goto(`/dashboard/update-product/${product._id}`);
  await expect(dashboardHeading(page, 'Update Product')).toBeVisible();
  const coloursSection = page.getByRole('region', { name: 'Colours and pictures' });
  await expect(coloursSection.getByRole('group', { name: /the product's own colour/ })).toBeVisible();

  await coloursSection.getByRole('button', { name: 'Add a colour' }).click();
  const colourRows = coloursSection.getByRole('group').filter({ has: page.getByLabel('Colour', { exact: true }) });
  await expect(colourRows).toHaveCount(2);
  const gold = colourRows.last();
  await gold.getByLabel('Colour', { exact: true }).selectOption('gold');
  await gold.getByLabel('Name', { exact: true }).fill('Antique gold');
  const added = coloursSection.getByRole('group', { name: 'Antique gold', exact: true });
  await added
    .getByLabel('Add pictures of Antique gold')
    .setInputFiles([
      png('front.png', [200, 160, 60]),
      png('back.png', [160, 120, 40]),
      png('detail.png', [120, 90, 30]),
    ]);
  await expect(added.getByText('Pictures uploaded.')).toBeVisible();
  const pictures = added.getByTestId('colour-picture');
  await expect(pictures).toHaveCount(3);
  for (const [at, alt] of ['Gold front', 'Gold back', 'Gold detail'].entries()) {
    await added.getByLabel(`Alt text of picture ${at + 1}`).fill(alt);
  }

  if (testInfo.project.name === 'desktop') {
    // The detail dragged onto the front takes its place.
    await pictures.nth(2).dragTo(pictures.nth(0));
  } else {
    // On a phone the buttons move it.
    await added.getByRole('button', { name: 'Move picture 3 of Antique gold up' }).click();
    await added.getByRole('button', { name: 'Move picture 2 of Antique gold up' }).click();
  }
  await expect.poll(() => altsOf(added)).toEqual(['Gold detail', 'Gold front', 'Gold back']);
  // From the keyboard: the front moves down one.
  await added.getByRole('button', { name: 'Move picture 2 of Antique gold down' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => altsOf(added)).toEqual(['Gold detail', 'Gold back', 'Gold front']);
  await expectNoSeriousA11yViolations(page);

  await coloursSection.getByRole('button', { name: 'Save colours' }).click();
  await expect(page.getByText('Colours saved.')).toBeVisible();
  // The stock panel lists the new colour's sizes under its name.
  await expect(
    page.getByRole('region', { name: 'Stock by size' }).getByRole('columnheader', { name: 'Antique gold' }),
  ).toBeVisible();

  // The product page shows the colour's gallery in the order the admin set.
  await page.goto(`/shop/${product._id}?colour=gold`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const gallery = page.getByRole('region', { name: `Pictures of ${product.name}` });
  const main = gallery.getByRole('button', { name: /^Enlarge/ });
  await expect(main).toHaveAccessibleName(/Gold detail$/);
  await expect(gallery.getByRole('button', { name: /^Show picture/ })).toHaveCount(3);
  for (const alt of ['Gold back', 'Gold front']) {
    await gallery.getByRole('button', { name: 'Next picture' }).click();
    await expect(main).toHaveAccessibleName(new RegExp(`${alt}$`));
  }
  await expectNoSeriousA11yViolations(page);
});

/** The pictures of one colour on the product page: the main one's alt text, then how many there are. */
async function expectGallery(page: Page, name: string, alts: [string, string]) {
  const gallery = page.getByRole('region', { name: `Pictures of ${name}` });
  const main = gallery.getByRole('button', { name: /^Enlarge/ });
  await expect(main).toHaveAccessibleName(new RegExp(`${alts[0]}$`));
  await expect(gallery.getByRole('button', { name: /^Show picture/ })).toHaveCount(2);
  await gallery.getByRole('button', { name: 'Next picture' }).click();
  await expect(main).toHaveAccessibleName(new RegExp(`${alts[1]}$`));
}

test('the admin adds a product in two colours with two pictures each, and the shop shows both', async ({ page }) => {
  // Three uploads, a refused submit and a create.
  test.setTimeout(180_000);
  const name = `Two Colour Dress ${randomBytes(3).toString('hex')}`;
  await logIn(page, admin);
  await openDashboardPage(page, '/dashboard/add-product', 'Add New Product');
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Category').selectOption('dress');
  await page.getByLabel('Color').selectOption('black');
  await page.getByLabel('Price ($)').fill('120');
  await page.getByLabel('Description').fill('A slip dress in black and in poppy red.');
  await page.getByLabel('Image', { exact: true }).setInputFiles(png('black-front.png', [20, 20, 20]));
  await expect(page.getByText('Image uploaded successfully.')).toBeVisible();

  // The Color and Image given become the first colour and its first picture.
  await page.getByRole('button', { name: 'Sell it in more colours' }).click();
  const coloursSection = page.getByRole('region', { name: 'Colours and pictures' });
  await expect(page.getByLabel('Color')).toHaveCount(0);
  const black = coloursSection.getByRole('group', { name: "Black (the product's own colour)" });
  await expect(black.getByTestId('colour-picture')).toHaveCount(1);
  await black.getByLabel('Add pictures of Black').setInputFiles(png('black-back.png', [60, 60, 60]));
  await expect(black.getByTestId('colour-picture')).toHaveCount(2);
  await black.getByLabel('Alt text of picture 1').fill('Black front');
  await black.getByLabel('Alt text of picture 2').fill('Black back');

  const colourRows = coloursSection.getByRole('group').filter({ has: page.getByLabel('Colour', { exact: true }) });
  await expect(colourRows).toHaveCount(2);
  await colourRows.last().getByLabel('Colour', { exact: true }).selectOption('red');
  await colourRows.last().getByLabel('Name', { exact: true }).fill('Poppy');
  const poppy = coloursSection.getByRole('group', { name: 'Poppy', exact: true });

  // A colour without pictures is refused, the problem under its pictures, and nothing is sent.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(apiPaths.createProduct)) sent.push(r.url());
  });
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(poppy.getByRole('alert')).toHaveText('A colour needs at least one picture');
  expect(sent).toEqual([]);

  await poppy
    .getByLabel('Add pictures of Poppy')
    .setInputFiles([png('poppy-front.png', [200, 40, 40]), png('poppy-back.png', [150, 30, 30])]);
  await expect(poppy.getByTestId('colour-picture')).toHaveCount(2);
  await poppy.getByLabel('Alt text of picture 1').fill('Poppy back');
  await poppy.getByLabel('Alt text of picture 2').fill('Poppy front');
  // The keyboard's way to reorder: the front goes first.
  await poppy.getByRole('button', { name: 'Move picture 2 of Poppy up' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => altsOf(poppy)).toEqual(['Poppy front', 'Poppy back']);
  await expect(poppy.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('Size M', { exact: true }).fill('3');
  await expectNoSeriousA11yViolations(page);
  // Usable on a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  const listed = await ok<ProductListResponse>(await page.request.get(`${apiPaths.products}?limit=50`), 'products');
  const id = listed.products.find((p) => p.name === name)?._id ?? '';
  const { product } = await ok<ProductDetailResponse>(await page.request.get(apiPaths.product(id)), 'the dress');
  expect(product.colours.map((c) => [c.color, c.name, c.pictures.map((p) => p.alt)])).toEqual([
    ['black', 'Black', ['Black front', 'Black back']],
    ['red', 'Poppy', ['Poppy front', 'Poppy back']],
  ]);
  expect(product).toMatchObject({ color: 'black', image: product.colours[0]?.pictures[0]?.url });
  // The sizes given are every colour's.
  expect(product.variants.map((v) => [v.colour, v.size, v.available])).toEqual([
    ['black', 'M', 3],
    ['red', 'M', 3],
  ]);

  await page.goto(`/shop/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Black' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Poppy' })).toBeVisible();
  await expectGallery(page, name, ['Black front', 'Black back']);
  // The swatches are radios: the arrow key moves to the next colour.
  await page.getByRole('radio', { name: 'Black' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Poppy' })).toBeChecked();
  await expectGallery(page, name, ['Poppy front', 'Poppy back']);
  await expectNoSeriousA11yViolations(page);
});
