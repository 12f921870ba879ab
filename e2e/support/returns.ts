import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { OrderReturnsResponse } from '@shop/contract/returns';
import { ok } from './api';
import { dashboardHeading } from './dashboard';

/** Returns helpers, written the way the customer and the owner see the pages. */

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "7 January 2027", as the order page says the last day of returns (the journeys run in UTC). */
export const dayOf = (iso: string) => DAY.format(new Date(iso));

/** The owner marks the order shipped through the API: the return window counts from then. */
export async function markShipped(adminPage: Page, orderId: string): Promise<void> {
  await ok(
    await adminPage.request.patch(apiPaths.updateOrderStatus(orderId), {
      data: { status: 'shipped', carrier: 'UPS', trackingNumber: `1Z${randomBytes(6).toString('hex').toUpperCase()}` },
    }),
    'marking the order shipped',
  );
}

/** A percentage code of the journey's own, made by the owner through the API. */
export async function newPercentCode(adminPage: Page, percentOff: number): Promise<string> {
  const code = `RET${randomBytes(3).toString('hex').toUpperCase()}`;
  await ok(
    await adminPage.request.post(apiPaths.discountCodes, { data: { code, kind: 'percentage', percentOff } }),
    'creating a discount code',
  );
  return code;
}

/** The Returns section of the customer's order page. */
export const returnsSection = (page: Page) => page.getByRole('region', { name: 'Returns' });

/** The order's returns as the customer's page reads them. */
export const orderReturns = async (page: Page, orderId: string) =>
  ok<OrderReturnsResponse>(await page.request.get(apiPaths.orderReturns(orderId)), "reading the order's returns");

/** A line of the customer's return form, by the name of the piece. */
export const returnLineBox = (page: Page, name: string) =>
  page.getByRole('main').getByRole('group', { name, exact: true });

/** A dashboard link by its name: on a phone the sidebar opens from the Menu button first. */
export async function followDashboardLink(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true }).click();
  await expect(dashboardHeading(page, name)).toBeVisible();
}

/** A dialog's own submit button, apart from the buttons of the page under it. */
export const dialogButton = (dialog: Locator, name: string) => dialog.getByRole('button', { name, exact: true });
