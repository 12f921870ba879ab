import type { Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Order } from '@shop/contract/orders';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { expectLoggedIn, fillLogin, logIn } from '../support/account';
import { ok, registerCustomer } from '../support/api';
import { fixtures } from '../support/env';
import { CARDS, expectHostedCheckout, payWithCard } from '../support/hosted-checkout';
import {
  addToCart,
  cartButton,
  cartLine,
  expectSummary,
  openCart,
  openProduct,
  proceedToCheckout,
} from '../support/storefront';
import { expect, test } from '../support/test';

const tracker = (page: Page) => page.getByRole('list', { name: /order (status|progress|tracker)/i });

async function expectOrderShown(page: Page, order: { amount: string }) {
  const main = page.getByRole('main');
  await expect(main.getByText(order.amount).first()).toBeVisible();
  await expect(tracker(page).getByRole('listitem')).toHaveCount(4);
  await expect(tracker(page).locator('[aria-current="step"]')).toContainText(/pending/i);
  await expect(main.getByText(/awaiting processing/i)).toBeVisible();
}

test('a shopper who logs in after filling the cart keeps it and pays on the hosted page', async ({ page, request }) => {
  const { scarf, dress } = fixtures();
  const customer = await registerCustomer(request);
  await openProduct(page, scarf);
  await addToCart(page);
  await openProduct(page, dress);
  await addToCart(page);

  await page.goto('/login');
  await fillLogin(page, customer);
  await expectLoggedIn(page);

  const panel = await openCart(page);
  await expect(cartLine(panel, scarf.name)).toBeVisible();
  await expect(cartLine(panel, dress.name)).toBeVisible();
  await expectSummary(panel, { selectedItems: 2, totalPrice: '$35.09', tax: '$1.75', grandTotal: '$36.84' });
  await proceedToCheckout(page);

  // The cart's grand total and Standard shipping ($5.00 under $100.00 of items).
  await expectHostedCheckout(page, '$41.84');
  await expect(page.getByText(scarf.name)).toBeVisible();
  await expect(page.getByText(dress.name)).toBeVisible();
  await payWithCard(page, CARDS.paid);

  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expectOrderShown(page, { amount: '$41.84' });
  await expectNoSeriousA11yViolations(page);
  // The cart empties once the order is confirmed, not before.
  await expect(cartButton(page)).not.toContainText(/[1-9]/);
  await expect((await openCart(page)).getByText('Your Cart Is Empty')).toBeVisible();

  const orders = await ok<Order[]>(await page.request.get(apiPaths.ordersByEmail(customer.email)), 'reading orders');
  expect(orders).toHaveLength(1);
  const [order] = orders;
  expect(order).toMatchObject({ amount: 41.84, status: 'pending', email: customer.email });
  await page.goto(`/orders/${order!._id}`);
  await expectOrderShown(page, { amount: '$41.84' });
});

test('a declined card shows the decline, and the same session then pays with a good card', async ({
  page,
  request,
}) => {
  const { scarf } = fixtures();
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await openProduct(page, scarf);
  await addToCart(page);
  await openCart(page);
  await proceedToCheckout(page);
  await expectHostedCheckout(page, '$15.61');
  const hostedUrl = page.url();

  await payWithCard(page, CARDS.declined);
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  expect(page.url().split('?')[0]).toBe(hostedUrl.split('?')[0]);
  // Nothing was bought, and the cart is still there for another try.
  expect(await ok<Order[]>(await page.request.get(apiPaths.ordersByEmail(customer.email)), 'orders')).toEqual([]);

  await payWithCard(page, CARDS.paid);
  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expectOrderShown(page, { amount: '$15.61' });
});

test('a reload mid-way keeps the cart and the login', async ({ page, request }) => {
  const { dress } = fixtures();
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await openProduct(page, dress);
  await addToCart(page);

  await page.reload();
  await expectLoggedIn(page);
  await expect(cartButton(page)).toContainText('1');
  const panel = await openCart(page);
  await expect(cartLine(panel, dress.name)).toBeVisible();
  await expectSummary(panel, { selectedItems: 1, totalPrice: '$24.99', tax: '$1.25', grandTotal: '$26.24' });

  await page.goto('/shop');
  await page.reload();
  await expectLoggedIn(page);
  await openCart(page);
  await proceedToCheckout(page);
  await expectHostedCheckout(page, '$31.24');
});
