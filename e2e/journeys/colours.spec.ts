import type { APIRequestContext, Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Product, ProductColour } from '@shop/contract/products';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ok } from '../support/api';
import { appRunning, escapeRegExp, openProduct } from '../support/storefront';
import { expect, test } from '../support/test';

interface ColouredProduct {
  product: Product;
  /** A colour other than the product's first, with a sold-out size and a size that can be bought. */
  colour: ProductColour;
  soldOut: string;
  inStock: string;
}

/** A product of the catalogue in several colours, one of whose other colours has a sold-out size. */
async function colouredProduct(request: APIRequestContext): Promise<ColouredProduct> {
  const { products } = await ok<{ products: Product[] }>(
    await request.get(`${apiPaths.products}?limit=100`),
    'the catalogue',
  );
  for (const product of products) {
    for (const colour of product.colours.slice(1)) {
      const sizes = product.variants.filter((v) => v.colour === colour.color);
      const soldOut = sizes.find((v) => v.available === 0);
      const inStock = sizes.find((v) => v.available > 0);
      if (soldOut && inStock) return { product, colour, soldOut: soldOut.size, inStock: inStock.size };
    }
  }
  throw new Error('The catalogue has no product in several colours with a sold-out size in one of them');
}

const gallery = (page: Page, name: string) => page.getByRole('region', { name: `Pictures of ${name}` });
const sizeRadio = (page: Page, size: string) =>
  page.getByRole('radio', { name: new RegExp(`^${size}( \\(sold out\\))?$`) });

test('a shopper chooses a colour: its pictures, sizes and address follow, and the zoom works by keys', async ({
  page,
  request,
}) => {
  const { product, colour, soldOut, inStock } = await colouredProduct(request);
  await openProduct(page, product);
  const pictures = gallery(page, product.name);

  // The product's own colour first, named in the group's title.
  const first = product.colours[0] as ProductColour;
  await expect(page.getByRole('radio', { name: first.name, exact: true })).toBeChecked();
  await expect(page.getByRole('group', { name: `Colour: ${first.name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Choosing another colour swaps the pictures and the sizes, and the address names it.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: colour.name, exact: true }) })
    .click();
  await expect(page.getByRole('radio', { name: colour.name, exact: true })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`/shop/${product._id}\\?colour=${colour.color}$`));
  const [firstPicture] = colour.pictures;
  await expect(pictures.getByRole('button', { name: /^Enlarge/ })).toHaveAccessibleName(
    new RegExp(`${escapeRegExp(firstPicture?.alt ?? '')}$`),
  );
  await expect(sizeRadio(page, soldOut)).toBeDisabled();
  await expect(sizeRadio(page, inStock)).toBeEnabled();

  // The server renders the colour the address names, before the app runs.
  const served = await (await request.get(`/shop/${product._id}?colour=${colour.color}`)).text();
  const inputs = served.match(/<input[^>]*>/g) ?? [];
  expect(inputs.filter((tag) => tag.includes(`value="${colour.color}"`) && / checked=""/.test(tag))).toHaveLength(1);

  // The zoom opens from the keyboard, moves with the arrows, and Escape gives focus back to the picture.
  const main = pictures.getByRole('button', { name: /^Enlarge/ });
  await main.focus();
  await page.keyboard.press('Enter');
  const zoom = page.getByRole('dialog', { name: `${product.name}, enlarged` });
  await expect(zoom).toBeVisible();
  await expect(zoom.getByRole('button', { name: 'Close' })).toBeVisible();
  if (colour.pictures.length > 1) {
    await page.keyboard.press('ArrowRight');
    await expect(zoom.getByText(`Picture 2 of ${colour.pictures.length}`)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();
  await expect(main).toBeFocused();
});

test('the gallery moves with its thumbnails and the arrow keys, and says where it is', async ({ page, request }) => {
  const { products } = await ok<{ products: Product[] }>(
    await request.get(`${apiPaths.products}?limit=100`),
    'the catalogue',
  );
  const product = products.find((p) => p.colours.some((c) => c.pictures.length > 2));
  if (!product) throw new Error('The catalogue has no product with a colour of three pictures or more');
  const colour = product.colours.find((c) => c.pictures.length > 2) as ProductColour;
  await page.goto(`/shop/${product._id}?colour=${colour.color}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await appRunning(page);
  const pictures = gallery(page, product.name);
  const thumbnails = pictures.getByRole('button', { name: /^Show picture/ });
  await expect(thumbnails).toHaveCount(colour.pictures.length);
  await expect(thumbnails.first()).toHaveAttribute('aria-current', 'true');

  await thumbnails.nth(1).click();
  await expect(thumbnails.nth(1)).toHaveAttribute('aria-current', 'true');
  // Read out by the gallery's live region (the closed zoom keeps a count of its own).
  await expect(pictures.locator('p[aria-live="polite"]').first()).toHaveText(`Picture 2 of ${colour.pictures.length}`);
  await page.keyboard.press('ArrowRight');
  await expect(thumbnails.nth(2)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Home');
  await expect(thumbnails.first()).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('End');
  await expect(thumbnails.last()).toHaveAttribute('aria-current', 'true');
  await pictures.getByRole('button', { name: 'Next picture' }).click();
  await expect(thumbnails.first()).toHaveAttribute('aria-current', 'true');
});
