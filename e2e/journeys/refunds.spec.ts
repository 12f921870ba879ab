import type { Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import { formatMoney, toDollars } from '@shop/contract/money';
import { ORDER_MESSAGES } from '@shop/contract/orders';
import type { AdminStats } from '@shop/contract/stats';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ok, registerCustomer } from '../support/api';
import { asAdmin, buyThroughHostedPage, openDashboardPage, tableRow } from '../support/dashboard';
import { fixtures } from '../support/env';
import { expect, test } from '../support/test';

/** The value a dashboard card shows under its label. */
const statCard = (page: Page, label: string) =>
  page.getByRole('main').locator('dl').filter({ hasText: label }).locator('dd');

test('the admin marks an order shipped with a tracking number and the customer sees it; the admin refunds part of an order and both dashboards show it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { scarf } = fixtures();
  const customer = await registerCustomer(request);
  const order = await buyThroughHostedPage(page, customer, scarf);

  await asAdmin(browser, async (adminPage) => {
    await openDashboardPage(adminPage, '/dashboard/manage-orders', 'Manage Orders');
    const row = tableRow(adminPage, order.orderId);

    // Shipped asks for the carrier and the tracking number.
    await row.getByRole('button', { name: /^Edit/ }).click();
    const statusDialog = adminPage.getByRole('dialog', { name: 'Update Order Status' });
    await statusDialog.getByLabel('Status').selectOption('shipped');
    await statusDialog.getByRole('button', { name: 'Update' }).click();
    await expect(statusDialog.getByText('Carrier is required', { exact: true })).toBeVisible();
    await expect(statusDialog.getByText('Tracking number is required', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
    await statusDialog.getByLabel('Carrier').fill('UPS');
    await statusDialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await statusDialog.getByRole('button', { name: 'Update' }).click();
    await expect(adminPage.getByText('Order status updated successfully!')).toBeVisible();
    await expect(statusDialog).toBeHidden();
    await expect(row.locator('[data-status]')).toHaveText('shipped');

    await page.goto(`/orders/${order._id}`);
    await expect(page.getByText('UPS', { exact: true })).toBeVisible();
    await expect(page.getByText('1Z999AA10123456784')).toBeVisible();

    // A refund of part of it: never more than what is left.
    const before = await ok<AdminStats>(await adminPage.request.get(apiPaths.adminStats), 'admin stats');
    await row.getByRole('button', { name: /^Refund/ }).click();
    const refundDialog = adminPage.getByRole('dialog', { name: 'Refund Order' });
    await expect(refundDialog.getByText(`${formatMoney(order.amount)} paid`)).toBeVisible();
    await refundDialog.getByLabel('Amount ($)').fill(String(order.amount + 1));
    await refundDialog.getByRole('button', { name: 'Refund' }).click();
    await expect(refundDialog.getByText(ORDER_MESSAGES.overRefund)).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
    await refundDialog.getByLabel('Amount ($)').fill('5.00');
    await refundDialog.getByLabel('Reason').fill('Arrived late');
    await refundDialog.getByRole('button', { name: 'Refund' }).click();
    await expect(adminPage.getByText(`${ORDER_MESSAGES.refunded}: $5.00`)).toBeVisible();
    await expect(refundDialog).toBeHidden();

    // The customer's order page lists the refund.
    const kept = toDollars(Math.round(order.amount * 100) - 500);
    await page.goto(`/orders/${order._id}`);
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await expect(refunds).toContainText('Refund');
    await expect(refunds).toContainText('Arrived late');
    await expect(refunds).toContainText('$5.00');
    await expect(page.getByText('Refunded', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The customer's dashboard and payments count what the shop kept.
    await openDashboardPage(page, '/dashboard', `Welcome, ${customer.username}`);
    await expect(statCard(page, 'Total Payments')).toHaveText(formatMoney(kept));
    await openDashboardPage(page, '/dashboard/payments', 'Your Payments');
    await expect(tableRow(page, order.orderId)).toContainText('−$5.00');
    await expect(page.getByText(`Total paid: ${formatMoney(kept)}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The admin's earnings went down by it (other journeys may add orders meanwhile, never refunds of this one).
    await expect(async () => {
      await openDashboardPage(adminPage, '/dashboard/admin', /^Hello, .+!$/);
      const shown = await statCard(adminPage, 'Total Earnings').innerText();
      const now = await ok<AdminStats>(await adminPage.request.get(apiPaths.adminStats), 'admin stats');
      expect(shown).toBe(formatMoney(now.totalEarnings));
    }).toPass({ timeout: 30_000 });
    const after = await ok<AdminStats>(await adminPage.request.get(apiPaths.adminStats), 'admin stats');
    expect(after.totalEarnings).not.toBe(before.totalEarnings);
  });
});
