import { expectNoSeriousA11yViolations } from '../support/a11y';
import { expectLoggedIn, fillLogin, logIn, loginLink } from '../support/account';
import { registerCustomer } from '../support/api';
import { alertDialog, dashboardHeading, expectAlert } from '../support/dashboard';
import { admin } from '../support/env';
import { expect, test } from '../support/test';

const DENIED = ['Access Denied', 'You are not authorized to access this page. Please login.'] as const;
const RESTRICTED = ['Access Restricted', 'You do not have the required permissions to view this page.'] as const;

const ADMIN_PAGES = [
  '/dashboard/admin',
  '/dashboard/add-product',
  '/dashboard/manage-products',
  '/dashboard/update-product/00000000-0000-4000-8000-000000000000',
  '/dashboard/users',
  '/dashboard/manage-orders',
];

test('a logged-out visitor is told Access Denied and sent to /login, from any dashboard page', async ({ page }) => {
  for (const path of ['/dashboard', '/dashboard/orders', '/dashboard/admin']) {
    await page.goto(path);
    const dialog = await expectAlert(page, ...DENIED);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
  }
  // Nothing of the dashboard was shown on the way.
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
});

test('after Access Denied, logging in returns to the page that was asked for', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await page.goto('/dashboard/orders');
  const dialog = await expectAlert(page, ...DENIED);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, customer);
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(dashboardHeading(page, 'Your Orders')).toBeVisible();
});

test('a customer on any admin page is told Access Restricted and sent to /login', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    const dialog = await expectAlert(page, ...RESTRICTED);
    await expect(page).toHaveURL(/\/login$/);
    await expect(dialog.getByText(DENIED[0])).toHaveCount(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('the sidebar follows the role, unknown dashboard paths show the 404 page', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await page.goto('/dashboard/orders');
  await expect(dashboardHeading(page, 'Your Orders')).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
    await menu.click();
  }
  const customerNav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(customerNav.getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'Payments',
    'Profile',
    'Reviews',
    'Security',
  ]);
  await customerNav.getByRole('link', { name: 'Payments' }).click();
  await expect(dashboardHeading(page, 'Your Payments')).toBeVisible();

  await page.goto('/dashboard/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Sorry, the page you are looking for does not exist.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await expectNoSeriousA11yViolations(page);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await logIn(page, admin);
  await page.goto('/dashboard/users');
  await expect(dashboardHeading(page, 'All Users')).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Sales Insight',
    'Add Product',
    'Manage Products',
    'Manage Orders',
    'Returns',
    'Discount Codes',
    'All Users',
    'Sent e-mails',
    'Audit log',
    'Security',
  ]);
  // The admin's dashboard home is the shop's, not a shopper's.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
});

test('logging out from the dashboard goes home without an Access Denied alert', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await page.goto('/dashboard/profile');
  await expect(dashboardHeading(page, 'Your Profile')).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const confirmation = page.getByRole('dialog').filter({ hasText: /log ?out/i });
  await confirmation.getByRole('button', { name: /yes|log ?out/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(loginLink(page)).toBeVisible();
  await expect(alertDialog(page, DENIED[0])).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('a session ended by the server sends the customer to /login from the dashboard', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await expectLoggedIn(page);
  // The stored user outlives the session: the dashboard finds out from the server and leaves.
  await page.context().clearCookies();
  await page.goto('/dashboard/orders');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});
