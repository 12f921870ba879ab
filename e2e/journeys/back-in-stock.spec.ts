import type { Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import { BACK_IN_STOCK_MESSAGES } from '@shop/contract/back-in-stock';
import type { ProductStockResponse } from '@shop/contract/inventory';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { logInByApi, ok, registerCustomer } from '../support/api';
import { asAdmin, openDashboardPage } from '../support/dashboard';
import { admin } from '../support/env';
import { linkFromMailbox } from '../support/mailbox';
import { shoot } from '../support/shots';
import { newSizedDress } from '../support/stock';
import { expect, test } from '../support/test';

/** A size's row of the update page's stock table, found by its row header. */
const stockRow = (page: Page, size: string) =>
  page
    .getByRole('region', { name: 'Stock by size' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: size, exact: true }) });

test('a guest asks to hear about a sold-out size, confirms, the owner restocks it, and the mail arrives', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const dress = await newSizedDress(request, { S: 4, M: 0 }, 'Back In Stock Dress');
  const email = `waiting-${Date.now().toString(36)}-${test.info().project.name}@example.test`;

  await page.goto(`/shop/${dress._id}`);
  const control = page.getByRole('region', { name: 'Sold out in your size?' });
  await expect(control).toBeVisible();
  await shoot(page, 'back-in-stock-sold-out');
  await control.getByLabel('Your email').fill(email);
  await control.getByRole('button', { name: "Email me when it's back" }).click();
  await expect(control.getByText(BACK_IN_STOCK_MESSAGES.checkInbox)).toBeVisible();
  await shoot(page, 'back-in-stock-asked');
  await expectNoSeriousA11yViolations(page);

  const confirmPath = await asAdmin(browser, (adminPage) =>
    linkFromMailbox(adminPage, { to: email, subject: 'Confirm', path: /^\/back-in-stock\/confirm$/ }),
  );
  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();
  await expect(page.getByText(BACK_IN_STOCK_MESSAGES.confirmed)).toBeVisible();
  await shoot(page, 'back-in-stock-confirmed');
  await expectNoSeriousA11yViolations(page);

  const [productPath, unsubscribePath] = await asAdmin(browser, async (adminPage) => {
    await openDashboardPage(adminPage, `/dashboard/update-product/${dress._id}`, 'Update Product');
    const row = stockRow(adminPage, 'M');
    // The row's cells after its header: SKU, on hand, held, available (with who waits), change.
    await expect(row.getByRole('cell').nth(3)).toContainText('1 waiting');
    await shoot(adminPage, 'back-in-stock-stock-panel');
    await expectNoSeriousA11yViolations(adminPage);
    await row.getByLabel('New count on hand of size M').fill('3');
    await row.getByRole('button', { name: 'Save size M' }).click();
    await expect(adminPage.getByText('Stock of size M saved: 3 on hand.')).toBeVisible();
    const product = await linkFromMailbox(adminPage, { to: email, subject: 'is back at', path: /^\/shop\// });
    const unsubscribe = await linkFromMailbox(adminPage, {
      to: email,
      subject: 'is back at',
      path: /^\/back-in-stock\/unsubscribe$/,
    });
    return [product, unsubscribe];
  });

  // The mail's link opens the product in that colour with the size chosen.
  expect(productPath).toContain(`/shop/${dress._id}?colour=blue&size=M`);
  await page.goto(productPath);
  await expect(page.getByRole('radio', { name: 'M' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Sold out in your size?' })).toHaveCount(0);
  await shoot(page, 'back-in-stock-back');

  await page.goto(unsubscribePath);
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(`${unsubscribePath.slice(0, -4)}beef`);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
});

test('a customer asks in one click, for the sold-out size chosen among several', async ({ page, request }) => {
  const dress = await newSizedDress(request, { S: 0, M: 0, L: 3 }, 'Back In Stock Customer Dress');
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await page.goto(`/shop/${dress._id}`);
  const control = page.getByRole('region', { name: 'Sold out in your size?' });
  await control.getByLabel('Size').selectOption('M');
  await expect(control.getByLabel('Your email')).toHaveCount(0);
  await control.getByRole('button', { name: "Email me when it's back in size M" }).click();
  await expect(control.getByText(BACK_IN_STOCK_MESSAGES.waiting)).toBeVisible();
  await shoot(page, 'back-in-stock-customer');
  await expectNoSeriousA11yViolations(page);

  // The owner's stock answer counts the customer as waiting for M, and nobody for S.
  await logInByApi(request, admin);
  const stock = await ok<ProductStockResponse>(await request.get(apiPaths.productStock(dress._id)), 'stock');
  expect(stock.variants.find((v) => v.size === 'M')?.waiting).toBe(1);
  expect(stock.variants.find((v) => v.size === 'S')?.waiting).toBe(0);
});
