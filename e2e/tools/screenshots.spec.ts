import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Order } from '@shop/contract/orders';
import { expectLoggedIn, fillLogin } from '../support/account';
import { ok, registerCustomer } from '../support/api';
import { fixtures } from '../support/env';
import { CARDS, payWithCard } from '../support/hosted-checkout';
import { newSizedDress } from '../support/stock';
import { addToCart, openCart, openProduct, proceedToCheckout, searchBox } from '../support/storefront';

const outDir = path.resolve(import.meta.dirname, '../screenshots');

/** Scrolls to the bottom and back so lazily loaded images are in the full-page picture. */
async function loadEverything(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const project = test.info().project.name;
  if (options.fullPage !== false) await loadEverything(page);
  await page.screenshot({
    path: path.join(outDir, project, `${name}.png`),
    fullPage: options.fullPage ?? true,
    animations: 'disabled',
  });
}

test('every storefront page, for a person to look at', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { dress, searchWord } = fixtures();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Trending Products' })).toBeVisible();
  await shoot(page, '01-home');
  await page.goto('/categories/jewellery');
  await shoot(page, '02-category');
  await page.goto('/shop');
  await expect(page.getByText(/^Available Products: \d+$/)).toBeVisible();
  await shoot(page, '03-shop');
  await page.goto('/search');
  await searchBox(page).fill(searchWord);
  await expect(page.getByRole('main').getByRole('link', { name: dress.name }).first()).toBeVisible();
  await shoot(page, '04-search');
  await searchBox(page).fill('nothing like it');
  await expect(page.getByText('No products match your search. Please try again.')).toBeVisible();
  await shoot(page, '05-search-empty');
  await openProduct(page, dress);
  await shoot(page, '06-product');
  await addToCart(page);
  await openCart(page);
  await shoot(page, '07-cart-panel', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.goto('/register');
  await shoot(page, '08-register');
  await page.goto('/login');
  await shoot(page, '09-login');
  await page.goto('/no-such-page');
  await shoot(page, '10-not-found');

  const sized = await newSizedDress(request, { XS: 0, S: 2, M: 8, L: 12 });
  const customer = await registerCustomer(request);
  await page.goto('/login');
  await fillLogin(page, customer);
  await expectLoggedIn(page);
  await openProduct(page, sized);
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'S', exact: true }) })
    .click();
  await shoot(page, '06b-product-sizes');
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click();
  await openCart(page);
  await shoot(page, '11-cart-logged-in', { fullPage: false });
  await proceedToCheckout(page);
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  await shoot(page, '12-hosted-checkout');
  await payWithCard(page, CARDS.declined);
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await shoot(page, '13-hosted-checkout-declined');
  await payWithCard(page, CARDS.paid);
  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByText(/awaiting processing/i)).toBeVisible();
  await shoot(page, '14-success');
  const [order] = await ok<Order[]>(await page.request.get(apiPaths.ordersByEmail(customer.email)), 'orders');
  await page.goto(`/orders/${order!._id}`);
  await expect(page.getByText(/awaiting processing/i)).toBeVisible();
  await shoot(page, '15-order');
});
