import { accountMenuButton, expectLoggedIn, fillLogin, logIn, loginLink, logOut, register } from '../support/account';
import { newCustomer } from '../support/api';
import { expect, test } from '../support/test';

test('a visitor registers, logs in and logs out after confirming', async ({ page }) => {
  const customer = newCustomer();
  await register(page, customer);
  await expect(page).toHaveURL(/\/login$/);

  await fillLogin(page, customer);
  await expect(page).toHaveURL(/\/$/);
  await expectLoggedIn(page);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(stored).toMatchObject({ email: customer.email, role: 'user' });

  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenuButton(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  // The server forgot the session too: the next page load is still logged out.
  await page.reload();
  await expect(loginLink(page)).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('a wrong password says Login Failed and keeps the visitor logged out', async ({ page }) => {
  const customer = newCustomer();
  await register(page, customer);
  await page.goto('/login');
  await fillLogin(page, { email: customer.email, password: 'not-the-password' });
  const dialog = page.getByRole('dialog').filter({ hasText: 'Login Failed' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Invalid credentials');
  await dialog.getByRole('button', { name: 'Try Again' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, customer);
});
