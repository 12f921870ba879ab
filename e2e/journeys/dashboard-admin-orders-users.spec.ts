import { type Page, request as playwrightRequest } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import { ORDER_STATUSES } from '@shop/contract/constants';
import type { AdminStats } from '@shop/contract/stats';
import type { User } from '@shop/contract/users';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { logInByApi, ok, registerCustomer } from '../support/api';
import {
  asAdmin,
  buyThroughHostedPage,
  confirmDialog,
  expectAlert,
  openDashboardPage,
  tableRow,
  trackerCurrentStep,
} from '../support/dashboard';
import { admin, fixtures } from '../support/env';
import { expect, test } from '../support/test';

/** The admin table's badge colours (the tracker's differ on purpose). */
const BADGE_COLOUR: Record<(typeof ORDER_STATUSES)[number], RegExp> = {
  pending: /yellow/,
  processing: /blue/,
  shipped: /green/,
  completed: /gray/,
};

async function setStatus(page: Page, orderId: string, status: string): Promise<void> {
  await tableRow(page, orderId).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Order Status' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Status').selectOption(status);
  if (status === 'shipped') {
    // The shipped mail carries them: the modal asks for both before it marks an order shipped.
    await dialog.getByLabel('Carrier').fill('Royal Mail');
    await dialog.getByLabel('Tracking number').fill('RM123456785GB');
  }
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Order status updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('the admin moves an order through the four statuses and the customer tracker follows', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { scarf } = fixtures();
  const customer = await registerCustomer(request);
  const order = await buyThroughHostedPage(page, customer, scarf);

  await asAdmin(browser, async (adminPage) => {
    await openDashboardPage(adminPage, '/dashboard/manage-orders', 'Manage Orders');
    const row = tableRow(adminPage, order.orderId);
    await expect(row).toContainText(customer.email);
    await expect(row.locator('[data-status]')).toHaveText('pending');
    await expect(row.locator('[data-status]')).toHaveClass(BADGE_COLOUR.pending);
    await expect(row.getByRole('link', { name: /^View/ })).toHaveAttribute('href', `/orders/${order._id}`);
    await expectNoSeriousA11yViolations(adminPage);

    // The modal: Escape closes it without a change.
    await row.getByRole('button', { name: /^Edit/ }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Update Order Status' });
    await expect(dialog.getByLabel('Status')).toHaveValue('pending');
    await expectNoSeriousA11yViolations(adminPage);
    await adminPage.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    for (const status of ORDER_STATUSES.slice(1)) {
      await setStatus(adminPage, order.orderId, status);
      await expect(row.locator('[data-status]')).toHaveText(status);
      await expect(row.locator('[data-status]')).toHaveClass(BADGE_COLOUR[status]);

      await page.goto(`/orders/${order._id}`);
      await expect(trackerCurrentStep(page)).toContainText(new RegExp(status, 'i'));
    }
    // Any status may be set, backwards too, so an admin can correct a mistake.
    await setStatus(adminPage, order.orderId, 'pending');
    await page.goto(`/orders/${order._id}`);
    await expect(trackerCurrentStep(page)).toContainText(/pending/i);

    // The customer's own table shows the status the admin set.
    await openDashboardPage(page, '/dashboard/orders', 'Your Orders');
    await expect(tableRow(page, order.orderId).locator('[data-status]')).toHaveText('pending');

    // The admin stats count this order's earnings in the current month (UTC, as the server counts).
    const month = new Date().getUTCMonth();
    await openDashboardPage(adminPage, '/dashboard/admin', /^Hello, .+!$/);
    await expect(adminPage.getByRole('main').locator('canvas')).toHaveCount(2);
    const chart = adminPage.getByRole('img', { name: /^Line chart of earnings per month/ });
    const summary = (await chart.getAttribute('aria-label')) ?? '';
    const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, month, 1)),
    );
    // Cents always, and December's figure ends the summary's sentence: its full stop is not part of it.
    const shown = Number(summary.match(new RegExp(`${monthName}: \\$(\\d+\\.\\d{2})`))?.[1]);
    expect(shown, summary).toBeGreaterThanOrEqual(order.amount);
    const stats = await ok<AdminStats>(await adminPage.request.get(apiPaths.adminStats), 'admin stats');
    expect(stats.monthlyEarnings[month]!.earnings).toBeGreaterThanOrEqual(order.amount);
    await expect(adminPage.getByText('Total Earnings')).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
  });
});

test('the admin deletes an order after confirming', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const { scarf } = fixtures();
  const customer = await registerCustomer(request);
  const order = await buyThroughHostedPage(page, customer, scarf);

  await asAdmin(browser, async (adminPage) => {
    await openDashboardPage(adminPage, '/dashboard/manage-orders', 'Manage Orders');
    await tableRow(adminPage, order.orderId)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await confirmDialog(adminPage, 'This order will be deleted permanently!');
    await expect(tableRow(adminPage, order.orderId)).toHaveCount(0);
    expect((await adminPage.request.get(apiPaths.order(order._id))).status()).toBe(404);

    await openDashboardPage(page, '/dashboard/orders', 'Your Orders');
    await expect(page.getByText('You have no recent orders.')).toBeVisible();
  });
});

test('the admin changes a user role both ways and deletes a user', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  const doomed = await registerCustomer(request);
  await logIn(page, admin);
  await openDashboardPage(page, '/dashboard/users', 'All Users');
  const row = tableRow(page, customer.email);
  await expect(row).toContainText(customer.username);
  await expect(row.getByText('user', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User Role' });
  const email = dialog.getByLabel('Email');
  await expect(email).toHaveValue(customer.email);
  await expect(email).not.toBeEditable();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Role').selectOption('admin');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated role successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('admin', { exact: true })).toBeVisible();

  // The promoted customer has the admin's powers on the server at once, and loses them at once.
  const customerApi = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  await logInByApi(customerApi, customer);
  const users = await ok<User[]>(await customerApi.get(apiPaths.users), 'users as the promoted customer');
  expect(users.find((u) => u.email === customer.email)?.role).toBe('admin');

  await row.getByRole('button', { name: /^Edit/ }).click();
  await expect(dialog.getByLabel('Role')).toHaveValue('admin');
  await dialog.getByLabel('Role').selectOption('user');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('user', { exact: true })).toBeVisible();
  expect((await customerApi.get(apiPaths.users)).status()).toBe(403);
  await customerApi.dispose();

  // Delete: cancel first, then confirm.
  const doomedRow = tableRow(page, doomed.email);
  await doomedRow.getByRole('button', { name: /^Delete/ }).click();
  const question = await expectAlert(page, 'Are you sure?', 'This user will be deleted permanently!');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(doomedRow).toBeVisible();
  await doomedRow.getByRole('button', { name: /^Delete/ }).click();
  await confirmDialog(page, 'This user will be deleted permanently!');
  await expect(doomedRow).toHaveCount(0);
  const login = await request.post(apiPaths.login, { data: { email: doomed.email, password: doomed.password } });
  expect(login.status()).toBe(401);
});

test('the admin cannot delete their own account: the failure is told and the row stays', async ({ page }) => {
  await logIn(page, admin);
  await openDashboardPage(page, '/dashboard/users', 'All Users');
  const mine = tableRow(page, admin.email);
  await mine.getByRole('button', { name: /^Delete/ }).click();
  await confirmDialog(page, 'This user will be deleted permanently!');
  const failure = await expectAlert(page, 'Error', 'There was an issue deleting the user. Please try again.');
  await failure.getByRole('button', { name: 'OK' }).click();
  await expect(mine).toBeVisible();
  expect((await page.request.get(apiPaths.me)).status()).toBe(200);
});
