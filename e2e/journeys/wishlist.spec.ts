import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Product } from '@shop/contract/products';
import type { WishlistResponse } from '@shop/contract/wishlist';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { ok, registerCustomer } from '../support/api';
import { newSizedDress } from '../support/stock';
import { appRunning, banner, cartButton, openProduct } from '../support/storefront';
import { expect, test } from '../support/test';

/** A scarf of one size, of the journey's own; the request is the admin's already (newSizedDress). */
async function newScarf(request: APIRequestContext, image: string): Promise<Product> {
  const { product } = await ok<{ product: Product }>(
    await request.post(apiPaths.createProduct, {
      data: {
        name: `Wishlist Silk Scarf ${randomBytes(3).toString('hex')}`,
        category: 'accessories',
        color: 'black',
        price: 35,
        description: 'A silk scarf to keep for later.',
        image,
      },
    }),
    'adding the scarf',
  );
  return product;
}

const wishlistLink = (page: Page) => banner(page).getByRole('link', { name: /^Wishlist, \d+ items$/ });
const heart = (page: Page, name: string) =>
  page.getByRole('main').getByRole('button', { name: new RegExp(`^(Save|Remove) ${name} (to|from) your wishlist$`) });
const savedRow = (page: Page, name: string) => page.getByRole('main').getByRole('listitem').filter({ hasText: name });

async function openWishlist(page: Page) {
  await wishlistLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your wishlist' })).toBeVisible();
}

test("a guest's wishlist survives a reload, joins the account at login, and moves to the cart", async ({
  page,
  request,
}) => {
  const dress = await newSizedDress(request, { S: 4, M: 4 }, 'Wishlist Wrap Dress');
  const scarf = await newScarf(request, dress.image);
  const customer = await registerCustomer(request);

  // From a card: the search's results for the scarf.
  await page.goto(`/search?q=${encodeURIComponent(scarf.name)}`);
  await appRunning(page);
  await heart(page, scarf.name).click();
  await expect(heart(page, scarf.name)).toHaveAttribute('aria-pressed', 'true');
  await expect(heart(page, scarf.name)).toHaveAccessibleName(`Remove ${scarf.name} from your wishlist`);

  // From the product page, in the size chosen.
  await openProduct(page, dress);
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: /^M$/ }) })
    .click();
  const dressInM = `${dress.name} \\(Size M\\)`;
  await heart(page, dressInM).click();
  await expect(heart(page, dressInM)).toHaveAttribute('aria-pressed', 'true');
  await expect(wishlistLink(page)).toHaveAccessibleName('Wishlist, 2 items');

  // The guest's list is this browser's: it is there after a reload.
  await page.reload();
  await appRunning(page);
  await expect(wishlistLink(page)).toHaveAccessibleName('Wishlist, 2 items');
  await openWishlist(page);
  await expect(savedRow(page, dress.name)).toContainText('Size M');
  await expect(savedRow(page, dress.name)).toContainText('$80.00');
  await expect(savedRow(page, dress.name)).toContainText('In stock');
  await expect(savedRow(page, scarf.name)).toContainText('$35.00');
  await page.reload();
  await expect(savedRow(page, scarf.name)).toBeVisible();
  await expect(savedRow(page, dress.name)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // At login the guest's list joins the account's, and leaves the browser.
  await logIn(page, customer);
  await openWishlist(page);
  await expect(savedRow(page, dress.name)).toContainText('Size M');
  await expect(savedRow(page, scarf.name)).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();
  const onServer = await ok<WishlistResponse>(await page.request.get(apiPaths.wishlist), 'reading the wishlist');
  expect(onServer.items.map((i) => [i.productId, i.size]).sort()).toEqual(
    [
      [dress._id, 'M'],
      [scarf._id, null],
    ].sort(),
  );
  await expectNoSeriousA11yViolations(page);

  // Move to cart: the dress in M goes in the cart and leaves the wishlist.
  await savedRow(page, dress.name)
    .getByRole('button', { name: `Move to cart: ${dress.name} (Size M)` })
    .click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 items');
  await expect(savedRow(page, dress.name)).toHaveCount(0);
  await expect(wishlistLink(page)).toHaveAccessibleName('Wishlist, 1 items');
  await expect
    .poll(async () => (await ok<WishlistResponse>(await page.request.get(apiPaths.wishlist), 'the wishlist')).items)
    .toEqual([expect.objectContaining({ productId: scarf._id })]);

  // Removing the last one leaves the empty state, with a way back to the shop.
  await savedRow(page, scarf.name)
    .getByRole('button', { name: `Remove ${scarf.name} from your wishlist` })
    .click();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Shop now' })).toBeVisible();
});
