import { apiPaths } from '@shop/contract/api-paths';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { ok, registerCustomer } from '../support/api';
import { buyThroughHostedPage, dashboardHeading, expectAlert, openDashboardPage, tableRow } from '../support/dashboard';
import { fixtures } from '../support/env';
import { escapeRegExp } from '../support/storefront';
import { expect, test } from '../support/test';

test('a new customer sees the empty orders, payments and reviews', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await logIn(page, customer);

  await openDashboardPage(page, '/dashboard', `Welcome, ${customer.username}`);
  await expect(page.getByText('Total Payments')).toBeVisible();
  await expect(page.getByText('$0.00')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openDashboardPage(page, '/dashboard/orders', 'Your Orders');
  await expect(page.getByText('You have no recent orders.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openDashboardPage(page, '/dashboard/payments', 'Your Payments');
  await expect(page.getByText('No payments found.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openDashboardPage(page, '/dashboard/reviews', 'Your Reviews');
  await expect(page.getByText('No reviews found.')).toBeVisible();
  const tile = page.getByRole('link', { name: /Add New Review/ });
  await expect(tile).toHaveAttribute('href', '/shop');
  await expectNoSeriousA11yViolations(page);
  await tile.click();
  await expect(page).toHaveURL(/\/shop$/);
});

test('a customer who bought and reviewed sees the order, the payment, the stats and the review', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { dress } = fixtures();
  const customer = await registerCustomer(request);
  const order = await buyThroughHostedPage(page, customer, dress);
  // $24.99, 5% tax ($1.25) and Standard shipping ($5.00 under $100.00 of items).
  expect(order.amount).toBe(31.24);

  // The review is written on the product page, as a shopper would.
  await page.goto(`/shop/${dress._id}`);
  await page.getByRole('button', { name: /add a review/i }).click();
  const reviewDialog = page.getByRole('dialog', { name: 'Add a Review' });
  await reviewDialog.getByRole('radio', { name: '4 stars' }).check({ force: true });
  const comment = `Fits true to size ${Date.now()}`;
  await reviewDialog.getByLabel('Your review').fill(comment);
  await reviewDialog.getByRole('button', { name: 'Submit' }).click();
  await expect(reviewDialog).toBeHidden();

  await openDashboardPage(page, '/dashboard', `Welcome, ${customer.username}`);
  const stats = page.getByRole('main');
  await expect(stats.getByRole('definition').filter({ hasText: '$31.24' })).toBeVisible();
  await expect(stats.getByText('Total Reviews')).toBeVisible();
  await expect(stats.locator('dl').filter({ hasText: 'Total Reviews' }).getByRole('definition')).toHaveText('1');
  await expect(stats.locator('dl').filter({ hasText: 'Total Purchased' }).getByRole('definition')).toHaveText('1');
  await expect(stats.getByRole('img', { name: /Bar chart.*Total Payments \$31\.24/ })).toBeVisible();
  await expect(stats.locator('canvas')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openDashboardPage(page, '/dashboard/orders', 'Your Orders');
  const orderRow = tableRow(page, order.orderId);
  await expect(orderRow).toContainText('$31.24');
  await expect(orderRow).toContainText(/pending/i);
  await expect(page.getByRole('columnheader', { name: 'Transaction ID' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await orderRow.getByRole('link', { name: /View order/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${escapeRegExp(order._id)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your order', exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText(order.orderId)).toBeVisible();

  await openDashboardPage(page, '/dashboard/payments', 'Your Payments');
  const paymentRow = tableRow(page, order.orderId);
  await expect(paymentRow).toContainText('$31.24');
  await expect(paymentRow).toContainText('$1.25');
  await expect(page.getByText(/Total paid:\s*\$31\.24\s*in 1 payment/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openDashboardPage(page, '/dashboard/reviews', 'Your Reviews');
  const card = page.getByRole('article').filter({ hasText: comment });
  await expect(card.getByRole('heading', { name: dress.name })).toBeVisible();
  await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /.+/);
  await expect(page.getByRole('link', { name: /Add New Review/ })).toBeVisible();
  await expect(page.getByText('No reviews found.')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('a customer edits the profile; the stored user follows and the modal asks to log in again', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await openDashboardPage(page, '/dashboard/profile', 'Your Profile');
  await expect(page.getByRole('heading', { level: 2, name: customer.username })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const edit = page.getByRole('button', { name: 'Edit Profile' });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  // The modal takes the focus and keeps it inside.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('dialog')?.open ?? false)).toBe(true);
  await expect(dialog.getByLabel('Username')).toHaveValue(customer.username);
  await expectNoSeriousA11yViolations(page);
  // Escape closes the modal and gives the focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();

  await edit.click();
  // A server refusal is shown under the form and changes nothing.
  await dialog.getByLabel('Profile image URL').fill('not a link');
  await dialog.getByLabel('Profession').fill('Tailor');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Profile image must be a URL');
  const before = await ok<{ user: { profession: string } }>(await page.request.get(apiPaths.me), 'me');
  expect(before.user.profession).toBe('');

  // The three required fields: an empty profession is refused by the browser before anything is sent.
  const picture = new URL('/images/look-3.svg', page.url()).href;
  await dialog.getByLabel('Profile image URL').fill(picture);
  await dialog.getByLabel('Profession').fill('');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeVisible();
  expect(await dialog.getByLabel('Profession').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

  const newName = `${customer.username} Renamed`;
  await dialog.getByLabel('Username').fill(newName);
  await dialog.getByLabel('Profession').fill('Tailor');
  await dialog.getByLabel('Bio').fill('Cuts patterns by hand.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  const done = await expectAlert(page, 'Profile updated successfully!', 'Please log in again');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details.getByRole('heading', { level: 2, name: newName })).toBeVisible();
  await expect(details.getByText('Tailor')).toBeVisible();
  await expect(details.getByText('Cuts patterns by hand.')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(stored).toMatchObject({ username: newName, profession: 'Tailor', profileImage: picture });
  const after = await ok<{ user: { username: string } }>(await page.request.get(apiPaths.me), 'me');
  expect(after.user.username).toBe(newName);

  await page.reload();
  await expect(dashboardHeading(page, 'Your Profile')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: newName })).toBeVisible();
});
