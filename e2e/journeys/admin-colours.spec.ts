import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Product } from '@shop/contract/products';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { ok } from '../support/api';
import { dashboardHeading, pngImage } from '../support/dashboard';
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

async function newProduct(page: Page): Promise<Product> {
  const name = `Colour Journey Dress ${randomBytes(3).toString('hex')}`;
  const res = await page.request.post(apiPaths.createProduct, {
    data: {
      name,
      category: 'dress',
      color: 'black',
      price: 120,
      description: 'A dress the admin gives a second colour.',
      image: '/uploads/none.webp',
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
