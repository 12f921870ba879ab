import type { Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Order } from '@shop/contract/orders';
import type { Product } from '@shop/contract/products';
import { RETURN_MESSAGES } from '@shop/contract/returns';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { type Customer, ok, registerCustomer } from '../support/api';
import { asAdmin, buyThroughHostedPage, dashboardHeading, openDashboardPage, tableRow } from '../support/dashboard';
import { fixtures } from '../support/env';
import { CARDS, payWithCard } from '../support/hosted-checkout';
import {
  dayOf,
  dialogButton,
  followDashboardLink,
  markShipped,
  newPercentCode,
  orderReturns,
  returnLineBox,
  returnsSection,
} from '../support/returns';
import { shoot } from '../support/shots';
import { newSizedDress } from '../support/stock';
import { addToCart, openCart, openProduct, proceedToCheckout } from '../support/storefront';
import { expect, test } from '../support/test';

/** The customer's only order, as the API answers it. */
async function onlyOrder(page: Page, customer: Customer): Promise<Order> {
  const orders = await ok<Order[]>(await page.request.get(apiPaths.ordersByEmail(customer.email)), 'reading orders');
  const order = orders[0];
  if (!order) throw new Error(`No order was made for ${customer.email}`);
  return order;
}

/** Two of the dress in size M, as one line of quantity 2, bought through the hosted page. */
async function buyTwoInM(page: Page, customer: Customer, dress: Product): Promise<Order> {
  await logIn(page, customer);
  await openProduct(page, dress);
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: /^M$/ }) })
    .click();
  await addToCart(page);
  const panel = await openCart(page);
  await panel.getByRole('button', { name: 'Increase Quantity' }).click();
  await expect(panel.getByText(/^Quantity 2$/)).toBeVisible();
  await proceedToCheckout(page);
  await payWithCard(page, CARDS.paid);
  await expect(page).toHaveURL(/\/success\?session_id=/);
  return onlyOrder(page, customer);
}

/** On the update page's stock table: the on-hand count of a size. */
const onHand = (page: Page, size: string) =>
  page
    .getByRole('region', { name: 'Stock by size' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: size, exact: true }) })
    .getByRole('cell')
    .nth(1);

test('a customer exchanges one of two dresses for a smaller size; the owner receives and accepts it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const dress = await newSizedDress(request, { S: 4, M: 3 }, 'Exchange Wrap Dress');
  const customer = await registerCustomer(request);
  const order = await buyTwoInM(page, customer, dress);

  // Not shipped yet: nothing is at the customer's to send back.
  await page.goto(`/orders/${order._id}`);
  await expect(returnsSection(page)).toContainText(RETURN_MESSAGES.orderNotReturnable);
  await asAdmin(browser, (adminPage) => markShipped(adminPage, order._id));

  const { returnableUntil } = await orderReturns(page, order._id);
  expect(returnableUntil).not.toBeNull();
  await page.reload();
  await expect(returnsSection(page)).toContainText(`You can return items until ${dayOf(returnableUntil ?? '')}.`);
  await returnsSection(page).getByRole('link', { name: 'Return or exchange items' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Return or exchange items' })).toBeVisible();

  // Nothing chosen, then an Other without a word, then an exchange without a size: each says what is missing.
  await page.getByRole('button', { name: 'Request the return' }).click();
  await expect(page.getByText('Choose at least one item to return')).toBeVisible();
  const line = returnLineBox(page, dress.name);
  await line.getByRole('checkbox').check();
  await expect(line.getByText('2 of 2 can be returned')).toBeVisible();
  await line.getByLabel('How many').selectOption('1');
  await line.getByLabel('Reason').selectOption({ label: 'Other' });
  await line.getByRole('radio', { name: 'Exchange for another size' }).check();
  await page.getByRole('button', { name: 'Request the return' }).click();
  await expect(line.getByText(RETURN_MESSAGES.noteNeeded)).toBeVisible();
  await expect(line.getByText('Choose the size you want instead')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'return-form-errors');

  await line.getByLabel('Reason').selectOption({ label: 'Too large' });
  await line.getByLabel('Exchange for size').selectOption({ label: 'Size S' });
  await shoot(page, 'return-form-filled');
  await page.getByRole('button', { name: 'Request the return' }).click();
  await expect(page.getByRole('heading', { name: 'Return authorised' })).toBeVisible();
  const number = (await page.getByTestId('return-number').innerText()).trim();
  expect(number).toMatch(/^R\d+/);
  await expect(page.getByRole('main')).toContainText(`Write the return number ${number} on the parcel.`);
  await expect(page.getByRole('main')).toContainText('Exchange for size S');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'return-authorised');

  await asAdmin(browser, async (adminPage) => {
    await openDashboardPage(adminPage, '/dashboard/admin', /./);
    await followDashboardLink(adminPage, 'Returns');
    await adminPage.getByLabel('Search').fill(number);
    await adminPage.getByRole('button', { name: 'Apply' }).click();
    const row = tableRow(adminPage, number);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText('Awaiting parcel');
    await expect(row).toContainText('Too large');
    await expectNoSeriousA11yViolations(adminPage);
    await shoot(adminPage, 'admin-returns-list');
    // The filters narrow the list, and say so when nothing is left.
    await adminPage.getByLabel('Status').selectOption({ label: 'Awaiting parcel' });
    await adminPage.getByLabel('Reason').selectOption({ label: 'Faulty' });
    await adminPage.getByRole('button', { name: 'Apply' }).click();
    await expect(adminPage.getByText('No returns match these filters.')).toBeVisible();
    await expect(adminPage).toHaveURL(/reason=faulty/);
    await adminPage.getByLabel('Reason').selectOption({ label: 'Too large' });
    await adminPage.getByRole('button', { name: 'Apply' }).click();
    await expect(row).toContainText('Awaiting parcel');

    await row.getByRole('link', { name: number }).click();
    await expect(dashboardHeading(adminPage, `Return ${number}`)).toBeVisible();
    const main = adminPage.getByRole('main');
    await expect(main.getByRole('link', { name: order.orderId })).toBeVisible();
    await expect(main.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
    await main.getByRole('button', { name: 'Mark received' }).click();
    await expect(adminPage.getByText(RETURN_MESSAGES.received)).toBeVisible();
    await expect(main.getByText('To inspect', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);

    await main.getByRole('button', { name: /^Accept/ }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Accept the item' });
    await expect(dialog.getByText('Damaged: do not restock')).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
    await shoot(adminPage, 'admin-return-accept');
    await dialogButton(dialog, 'Accept').click();
    await expect(adminPage.getByText(RETURN_MESSAGES.exchanged)).toBeVisible();
    await expect(dialog).toBeHidden();
    // The page follows without a reload.
    await expect(main.getByText('Exchange shipped', { exact: true })).toBeVisible();
    await expect(main.getByText('Back in stock', { exact: true })).toBeVisible();
    await expect(main.getByText('Done', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
    await shoot(adminPage, 'admin-return-done');

    // 3 M less the 2 sold plus the 1 back; 4 S less the 1 sent instead.
    await openDashboardPage(adminPage, `/dashboard/update-product/${dress._id}`, 'Update Product');
    await expect(onHand(adminPage, 'M')).toHaveText('2');
    await expect(onHand(adminPage, 'S')).toHaveText('3');
  });

  await page.goto(`/orders/${order._id}`);
  const returns = returnsSection(page);
  await expect(returns).toContainText(number);
  await expect(returns).toContainText('Return complete');
  await expect(returns.getByText('Exchange shipped', { exact: true })).toBeVisible();
  // One of the two may still be returned.
  await expect(returns.getByRole('link', { name: 'Return or exchange items' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'order-returns');
});

test("a refund on a discounted order gives back the line's share of what was paid, to the cent; a worn piece is rejected", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { scarf, dress } = fixtures();
  const code = await asAdmin(browser, (adminPage) => newPercentCode(adminPage, 20));
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await openProduct(page, scarf);
  await addToCart(page);
  await openProduct(page, dress);
  await addToCart(page);
  const panel = await openCart(page);
  await panel.getByRole('textbox', { name: 'Discount code' }).fill(code);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByText(`Discount (${code})`)).toBeVisible();
  await proceedToCheckout(page);
  await payWithCard(page, CARDS.paid);
  await expect(page).toHaveURL(/\/success\?session_id=/);
  const order = await onlyOrder(page, customer);
  await asAdmin(browser, (adminPage) => markShipped(adminPage, order._id));

  // The scarf comes back for its money; the dress too, but the owner finds it worn.
  await page.goto(`/orders/${order._id}/return`);
  const scarfLine = returnLineBox(page, scarf.name);
  await scarfLine.getByRole('checkbox').check();
  await scarfLine.getByLabel('Reason').selectOption({ label: 'Changed my mind' });
  const dressLine = returnLineBox(page, dress.name);
  await dressLine.getByRole('checkbox').check();
  await dressLine.getByLabel('Reason').selectOption({ label: 'Other' });
  await dressLine.getByLabel('Note').fill('The colour is not what I expected');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Request the return' }).click();
  await expect(page.getByRole('heading', { name: 'Return authorised' })).toBeVisible();
  const [requested] = (await orderReturns(page, order._id)).returns;
  if (!requested) throw new Error('The return was not made');

  // Items 10.10 + 24.99 = 35.09, 20% off and 5% tax: 29.47 charged for them. Split by price, the scarf's
  // share is 29.47 × 10.10 / 35.09 = 8.482..., the dress's 20.987...: the cent left over goes to the dress.
  const share = '$8.48';
  await asAdmin(browser, async (adminPage) => {
    await openDashboardPage(adminPage, `/dashboard/returns/${requested._id}`, `Return ${requested.number}`);
    const main = adminPage.getByRole('main');
    await main.getByRole('button', { name: 'Mark received' }).click();
    await expect(main.getByText('To inspect', { exact: true })).toBeVisible();

    await main.getByRole('button', { name: `Accept ${scarf.name}`, exact: true }).click();
    const accept = adminPage.getByRole('dialog', { name: 'Accept the item' });
    await dialogButton(accept, 'Accept').click();
    await expect(adminPage.getByText(`${RETURN_MESSAGES.refunded} ${share} refunded.`)).toBeVisible();
    await expect(main.getByText(`${share} refunded`, { exact: true })).toBeVisible();
    await expect(main.getByText('Refunded', { exact: true })).toBeVisible();

    // A rejection says why, or is not sent.
    await main.getByRole('button', { name: `Reject ${dress.name}`, exact: true }).click();
    const reject = adminPage.getByRole('dialog', { name: 'Reject the item' });
    await dialogButton(reject, 'Reject').click();
    await expect(reject.getByText(RETURN_MESSAGES.rejectReasonNeeded)).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
    await shoot(adminPage, 'admin-return-reject');
    await reject.getByLabel('Why it is not accepted').fill('Worn and washed');
    await dialogButton(reject, 'Reject').click();
    await expect(adminPage.getByText(RETURN_MESSAGES.rejected)).toBeVisible();
    await expect(main.getByText('Not accepted', { exact: true })).toBeVisible();
    await expect(main.getByText('Done', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
    await shoot(adminPage, 'admin-return-refunded');
  });

  await page.goto(`/orders/${order._id}`);
  const returns = returnsSection(page);
  await expect(returns.getByText(`${share} refunded`, { exact: true })).toBeVisible();
  await expect(returns.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(returns.getByText('Not accepted', { exact: true })).toBeVisible();
  await expect(returns).toContainText('Why: Worn and washed');
  await expect(returns).toContainText('Return complete');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'order-return-refunded');
});

test('a return asked meanwhile elsewhere is refused in the form with the reason, and the order says all is returned', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { scarf } = fixtures();
  const customer = await registerCustomer(request);
  const order = await buyThroughHostedPage(page, customer, scarf);
  await asAdmin(browser, (adminPage) => markShipped(adminPage, order._id));

  await page.goto(`/orders/${order._id}/return`);
  const line = returnLineBox(page, scarf.name);
  await line.getByRole('checkbox').check();
  await line.getByLabel('Reason').selectOption({ label: 'Faulty' });
  // The same customer, in another tab, sends the scarf back first.
  const item = order.products[0];
  if (!item) throw new Error('The order has no line');
  await ok(
    await page.request.post(apiPaths.returns, {
      data: {
        orderId: order._id,
        lines: [{ itemId: item._id, quantity: 1, reason: 'faulty', outcome: 'refund' }],
      },
    }),
    'returning the scarf in another tab',
  );
  await page.getByRole('button', { name: 'Request the return' }).click();
  await expect(page.getByRole('alert').filter({ hasText: RETURN_MESSAGES.tooMany(item.name, 0) })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Return authorised' })).toHaveCount(0);
  // The form stays as filled, under the reason, though the order's returns were read again.
  await expect(line.getByRole('checkbox')).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'return-form-refused');

  await page.getByRole('link', { name: 'Back to your order' }).click();
  const returns = returnsSection(page);
  await expect(returns).toContainText('Every item of this order has been returned.');
  await expect(returns).toContainText('Return authorised: please send the parcel');
  await expect(returns.getByRole('link', { name: 'Return or exchange items' })).toHaveCount(0);
});
