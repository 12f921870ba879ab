import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Order } from '@shop/contract/orders';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { ok, registerCustomer } from '../support/api';
import { asAdmin, dashboardHeading, openDashboardPage, tableRow } from '../support/dashboard';
import { fixtures } from '../support/env';
import { CARDS, expectHostedCheckout, payWithCard } from '../support/hosted-checkout';
import { shoot } from '../support/shots';
import { addToCart, expectSummary, openCart, openProduct, proceedToCheckout } from '../support/storefront';
import { expect, test } from '../support/test';

const discountField = (panel: Locator) => panel.getByRole('textbox', { name: 'Discount code' });

/** Types the code and applies it with the button, or from the keyboard (Enter in the field). */
async function applyCode(panel: Locator, code: string, by: 'button' | 'keyboard' = 'button') {
  await discountField(panel).fill(code);
  if (by === 'keyboard') await discountField(panel).press('Enter');
  else await panel.getByRole('button', { name: 'Apply' }).click();
}

/** Makes a code through the admin's form, as the owner would, and answers its name. */
async function createCodeAsOwner(adminPage: Page, fields: { percentOff: string; minimum: string; uses: string }) {
  const code = `E2E${randomBytes(3).toString('hex').toUpperCase()}`;
  await openDashboardPage(adminPage, '/dashboard/admin', /./);
  // The sidebar entry (on a phone, behind the dashboard's Menu).
  const menu = adminPage.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await adminPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Discount Codes' }).click();
  await expect(dashboardHeading(adminPage, 'Discount Codes')).toBeVisible();
  await adminPage.getByRole('main').getByRole('link', { name: 'New code' }).click();
  await expect(dashboardHeading(adminPage, 'New Discount Code')).toBeVisible();

  // Nothing typed: each required field says so, and nothing is sent.
  await adminPage.getByRole('button', { name: 'Create code' }).click();
  await expect(adminPage.getByText('Code is required')).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);
  await shoot(adminPage, 'admin-new-code-errors');

  await adminPage.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await adminPage.getByRole('radio', { name: 'Percentage off' }).check();
  await adminPage.getByLabel('Percentage off (%)').fill(fields.percentOff);
  await adminPage.getByLabel('Minimum order ($, optional)').fill(fields.minimum);
  await adminPage.getByLabel('Total uses (optional)').fill(fields.uses);
  await adminPage.getByLabel('Uses per customer (optional)').fill('1');
  await shoot(adminPage, 'admin-new-code-filled');
  await adminPage.getByRole('button', { name: 'Create code' }).click();

  await expect(dashboardHeading(adminPage, 'Discount Codes')).toBeVisible();
  await expect(adminPage.getByText(`Discount code ${code} created.`)).toBeVisible();
  const row = tableRow(adminPage, code);
  await expect(row).toContainText(`${fields.percentOff}% off`);
  await expect(row.locator('[data-status]')).toHaveText('Active');
  await expect(row).toContainText(`0 of ${fields.uses}`);
  await expectNoSeriousA11yViolations(adminPage);
  await shoot(adminPage, 'admin-codes-list');
  return code;
}

test('the owner creates a code; a shopper uses it and sees the discount in the cart, on the hosted page and on the order', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { scarf, dress } = fixtures();
  const code = await asAdmin(browser, (adminPage) =>
    createCodeAsOwner(adminPage, { percentOff: '20', minimum: '30', uses: '5' }),
  );

  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await openProduct(page, scarf);
  await addToCart(page);
  const panel = await openCart(page);
  await expectSummary(panel, { selectedItems: 1, totalPrice: '$10.10', tax: '$0.51', grandTotal: '$10.61' });

  // A wrong code and one below its minimum say which; the totals stay as they were.
  await applyCode(panel, 'nope-nope');
  await expect(panel.getByText('"NOPE-NOPE" is not a discount code we know. Check the spelling.')).toBeVisible();
  await applyCode(panel, code.toLowerCase());
  await expect(panel.getByText(`The code ${code} needs $30.00 of items; your cart comes to $10.10.`)).toBeVisible();
  await expectSummary(panel, { selectedItems: 1, totalPrice: '$10.10', tax: '$0.51', grandTotal: '$10.61' });
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'cart-code-below-minimum', { fullPage: false });

  // With the dress the cart reaches the minimum, and the code applies by itself.
  await page.keyboard.press('Escape');
  await openProduct(page, dress);
  await addToCart(page);
  const again = await openCart(page);
  // 10.10 + 24.99 = 35.09; 20% off is 7.018, so $7.02; tax is 5% of 28.07 = 1.4035, so $1.40.
  await expect(again.getByText(`Discount (${code})`)).toBeVisible();
  await expect(again).toContainText(/Discount \(E2E\w+\)\s*−\$7\.02/);
  await expectSummary(again, { selectedItems: 2, totalPrice: '$35.09', tax: '$1.40', grandTotal: '$29.47' });
  await expect(again.getByRole('button', { name: `Remove discount code ${code}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'cart-code-applied', { fullPage: false });

  await proceedToCheckout(page);
  // The discounted grand total and Standard shipping ($5.00 under $100.00 of items).
  await expectHostedCheckout(page, '$34.47');
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByText('−$7.02')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'hosted-page-with-code');
  await payWithCard(page, CARDS.paid);

  await expect(page).toHaveURL(/\/success\?session_id=/);
  const main = page.getByRole('main');
  await expect(main.getByText('$34.47').first()).toBeVisible();
  await expect(main.getByText(`(${code})`)).toBeVisible();
  await expect(main.getByText('−$7.02')).toBeVisible();

  const [order] = await ok<Order[]>(await page.request.get(apiPaths.ordersByEmail(customer.email)), 'orders');
  expect(order).toMatchObject({ amount: 34.47, discount: { code, amount: 7.02 }, tax: 1.4 });
  await page.goto(`/orders/${order!._id}`);
  await expect(page.getByRole('main').getByText(`(${code})`)).toBeVisible();
  await expect(page.getByRole('main').getByText('−$7.02')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'order-page-with-code');

  // The customer's orders and payments show it, and the next time the code is theirs no more.
  await page.goto('/dashboard/orders');
  await expect(tableRow(page, order!.orderId)).toContainText(`Code ${code} · −$7.02`);
  await page.goto('/dashboard/payments');
  await expect(tableRow(page, order!.orderId)).toContainText('−$7.02');
  await shoot(page, 'customer-payments-with-code');

  await asAdmin(browser, async (adminPage) => {
    await openDashboardPage(adminPage, '/dashboard/discount-codes', 'Discount Codes');
    await expect(tableRow(adminPage, code)).toContainText('1 of 5');
    await openDashboardPage(adminPage, '/dashboard/manage-orders', 'Manage Orders');
    await expect(tableRow(adminPage, order!.orderId)).toContainText(`Code ${code} · −$7.02`);
    await shoot(adminPage, 'admin-manage-orders-with-code');
  });
});

test('the owner pauses a code and the cart says so; resumed and edited, it applies again', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { dress } = fixtures();
  const code = await asAdmin(browser, async (adminPage) => {
    const made = await createCodeAsOwner(adminPage, { percentOff: '10', minimum: '', uses: '50' });
    const row = tableRow(adminPage, made);
    await row.getByRole('button', { name: `Pause code ${made}` }).click();
    await expect(row.locator('[data-status]')).toHaveText('Paused');
    return made;
  });

  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await openProduct(page, dress);
  await addToCart(page);
  const panel = await openCart(page);
  await applyCode(panel, code, 'keyboard');
  await expect(panel.getByText(`The code ${code} is paused at the moment. Please try again later.`)).toBeVisible();
  await expect(panel.getByText(`Discount (${code})`)).toHaveCount(0);

  await asAdmin(browser, async (adminPage) => {
    await openDashboardPage(adminPage, '/dashboard/discount-codes', 'Discount Codes');
    const row = tableRow(adminPage, code);
    await row.getByRole('button', { name: `Resume code ${code}` }).click();
    await expect(row.locator('[data-status]')).toHaveText('Active');
    await row.getByRole('link', { name: `Edit code ${code}` }).click();
    await expect(dashboardHeading(adminPage, 'Edit Discount Code')).toBeVisible();
    await expect(adminPage.getByLabel('Percentage off (%)')).toHaveValue('10');
    await adminPage.getByRole('radio', { name: 'Fixed amount off' }).check();
    await adminPage.getByLabel('Amount off ($)').fill('5');
    await expectNoSeriousA11yViolations(adminPage);
    await shoot(adminPage, 'admin-edit-code');
    await adminPage.getByRole('button', { name: 'Save changes' }).click();
    await expect(dashboardHeading(adminPage, 'Discount Codes')).toBeVisible();
    await expect(tableRow(adminPage, code)).toContainText('$5.00 off');
  });

  // The cart asks again when the code is applied again: $24.99 less $5.00, tax 5% of 19.99 = 1.00.
  await applyCode(panel, code);
  await expectSummary(panel, { selectedItems: 1, totalPrice: '$24.99', tax: '$1.00', grandTotal: '$20.99' });
  await panel.getByRole('button', { name: `Remove discount code ${code}` }).click();
  await expectSummary(panel, { selectedItems: 1, totalPrice: '$24.99', tax: '$1.25', grandTotal: '$26.24' });
});
