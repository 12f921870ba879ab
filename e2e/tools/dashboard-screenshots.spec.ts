import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import { logIn } from '../support/account';
import { ok, registerCustomer } from '../support/api';
import { buyThroughHostedPage, dashboardHeading, pngImage } from '../support/dashboard';
import { admin, fixtures } from '../support/env';
import { newSizedDress } from '../support/stock';
import { expect, test } from '../support/test';

const outDir = path.resolve(import.meta.dirname, '../screenshots');

async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const project = test.info().project.name;
  await page.waitForLoadState('networkidle');
  // The sidebar sticks to the top of the window: from the top, the full-page picture shows it as a person would.
  if (options.fullPage ?? true) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(outDir, project, `dashboard-${name}.png`),
    fullPage: options.fullPage ?? true,
    animations: 'disabled',
  });
}

async function visit(page: Page, url: string, heading: string | RegExp, name: string): Promise<void> {
  await page.goto(url);
  await expect(dashboardHeading(page, heading)).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await shoot(page, name);
}

async function logOutQuietly(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

test('every dashboard page, for a person to look at', async ({ page, request }) => {
  test.setTimeout(480_000);
  const { dress, scarf } = fixtures();

  // A customer with nothing yet: the empty states.
  const newcomer = await registerCustomer(request);
  await logIn(page, newcomer);
  await visit(page, '/dashboard/orders', 'Your Orders', '01-customer-orders-empty');
  await visit(page, '/dashboard/payments', 'Your Payments', '02-customer-payments-empty');
  await visit(page, '/dashboard/reviews', 'Your Reviews', '03-customer-reviews-empty');
  await logOutQuietly(page);

  // A customer who bought twice, reviewed and filled in the profile.
  const customer = await registerCustomer(request);
  await buyThroughHostedPage(page, customer, dress);
  await page.goto(`/shop/${scarf._id}`);
  await buyThroughHostedPage(page, customer, scarf);
  const me = await ok<{ user: { _id: string } }>(await page.request.get(apiPaths.me), 'me');
  await ok(
    await page.request.post(apiPaths.postReview, {
      data: { productId: dress._id, rating: 4, comment: 'Lovely drape, runs a little long. I wear it with flats.' },
    }),
    'posting a review',
  );
  await ok(
    await page.request.patch(apiPaths.editProfile, {
      data: {
        userId: me.user._id,
        username: customer.username,
        profileImage: new URL('/images/look-2.svg', page.url()).href,
        profession: 'Architect',
        bio: 'Linen in summer, wool in winter.',
      },
    }),
    'editing the profile',
  );
  await logIn(page, customer);
  await visit(page, '/dashboard', /^Welcome/, '04-customer-home');
  await visit(page, '/dashboard/orders', 'Your Orders', '05-customer-orders');
  await visit(page, '/dashboard/payments', 'Your Payments', '06-customer-payments');
  await visit(page, '/dashboard/reviews', 'Your Reviews', '07-customer-reviews');
  await visit(page, '/dashboard/profile', 'Your Profile', '08-customer-profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
  await shoot(page, '09-customer-profile-edit', { fullPage: false });
  await page.keyboard.press('Escape');
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await shoot(page, '10-customer-menu-open', { fullPage: false });
  }
  await page.goto('/dashboard/admin');
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await shoot(page, '11-access-restricted', { fullPage: false });
  await logOutQuietly(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await shoot(page, '12-access-denied', { fullPage: false });

  // Access Denied sends the visitor to /login to come back to the dashboard; start the admin afresh.
  await page.goto('/');
  await logIn(page, admin);
  await visit(page, '/dashboard/admin', /^Hello/, '13-admin-home');
  await visit(page, '/dashboard/add-product', 'Add New Product', '14-admin-add-product');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('heading', { name: 'Missing Fields!' })).toBeVisible();
  await shoot(page, '15-admin-missing-fields', { fullPage: false });
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Product name').fill('Screenshot Wrap Dress');
  await page.getByLabel('Category').selectOption('dress');
  await page.getByLabel('Color').selectOption('green');
  await page.getByLabel('Price ($)').fill('89');
  await page.getByLabel('Image', { exact: true }).setInputFiles({
    name: 'dress.png',
    mimeType: 'image/png',
    buffer: pngImage(240, 300, [47, 107, 79], [243, 236, 226]),
  });
  await expect(page.getByText('Image uploaded successfully.')).toBeVisible();
  await page.getByLabel('Description').fill('A wrap dress in bottle green.');
  await shoot(page, '16-admin-add-product-filled');
  await visit(page, '/dashboard/manage-products', 'Manage Products', '17-admin-manage-products');
  await page.getByRole('link', { name: /^Edit/ }).first().click();
  await expect(dashboardHeading(page, 'Update Product')).toBeVisible();
  await expect(page.getByLabel('Product name')).not.toHaveValue('');
  await shoot(page, '18-admin-update-product');
  const sized = await newSizedDress(request, { XS: 0, S: 1, M: 3, L: 12 });
  await page.goto(`/dashboard/update-product/${sized._id}`);
  await expect(page.getByRole('region', { name: 'Stock changes, newest first' })).toBeVisible();
  await shoot(page, '18b-admin-product-stock');
  await visit(page, '/dashboard/users', 'All Users', '19-admin-users');
  await page.getByRole('row').filter({ hasText: customer.email }).getByRole('button', { name: /^Edit/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit User Role' })).toBeVisible();
  await shoot(page, '20-admin-user-role', { fullPage: false });
  await page.keyboard.press('Escape');
  await visit(page, '/dashboard/manage-orders', 'Manage Orders', '21-admin-manage-orders');
  await page
    .getByRole('row')
    .filter({ hasText: customer.email })
    .first()
    .getByRole('button', { name: /^Edit/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Update Order Status' })).toBeVisible();
  await shoot(page, '22-admin-order-status', { fullPage: false });
  await page.keyboard.press('Escape');
  await page
    .getByRole('row')
    .filter({ hasText: customer.email })
    .first()
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await shoot(page, '23-admin-delete-confirm', { fullPage: false });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeHidden();
  if (await menu.isVisible()) {
    await menu.click();
    await shoot(page, '24-admin-menu-open', { fullPage: false });
  }
  await page.goto('/dashboard/nothing-here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await shoot(page, '25-not-found');
});
