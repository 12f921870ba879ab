import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { Product } from '@shop/contract/products';
import type { User } from '@shop/contract/users';
import { generate } from 'otplib';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { expectLoggedIn, fillLogin, logIn, logOut } from '../support/account';
import { type Customer, logInByApi, newCustomer, ok, registerCustomer } from '../support/api';
import { dashboardHeading, openDashboardPage, tableRow } from '../support/dashboard';
import { admin } from '../support/env';
import { shoot } from '../support/shots';
import { appRunning } from '../support/storefront';
import { expect, test } from '../support/test';

/**
 * An owner's staff account (an admin promoted by the shop's admin): journeys share the shop's own admin
 * and run side by side, so this one's second factor and actions belong to an account of its own.
 */
async function newOwnerAccount(): Promise<{ owner: Customer; api: APIRequestContext }> {
  const baseURL = test.info().project.use.baseURL;
  const shopAdmin = await playwrightRequest.newContext({ baseURL });
  const owner = await registerCustomer(shopAdmin, newCustomer());
  await logInByApi(shopAdmin, admin);
  const users = await ok<User[]>(await shopAdmin.get(apiPaths.users), 'listing users');
  const id = users.find((u) => u.email === owner.email)?._id ?? '';
  await ok(await shopAdmin.put(apiPaths.user(id), { data: { role: 'admin' } }), 'making the owner an admin');
  await shopAdmin.dispose();
  const api = await playwrightRequest.newContext({ baseURL });
  await logInByApi(api, owner);
  return { owner, api };
}

/** The code an authenticator app shows `offsetSeconds` from now. */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

test('the owner turns on two-factor with a code from the app, logs out and back in with it', async ({ page }) => {
  test.setTimeout(120_000);
  const { owner, api } = await newOwnerAccount();
  await api.dispose();
  await logIn(page, owner);

  await openDashboardPage(page, '/dashboard/security', 'Security');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section).toContainText('Off');
  await expectNoSeriousA11yViolations(page);
  await section.getByRole('button', { name: 'Turn on two-factor' }).click();

  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await section.locator('code').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'security-enrol');

  await section.getByLabel('Code from the app').fill('000000');
  await section.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(section.getByRole('alert')).toContainText('That code is not right');
  await section.getByLabel('Code from the app').fill(await codeAt(secret));
  await section.getByRole('button', { name: 'Turn on', exact: true }).click();

  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'security-recovery-codes');
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('10 of 10 recovery codes left');
  await expect(section).toContainText('On');

  await page.goto('/');
  await appRunning(page);
  await logOut(page);
  await page.goto('/login');
  await fillLogin(page, owner);

  // The password alone opens nothing: the second step asks for the app's code.
  await expect(page.getByRole('heading', { name: 'Two-factor check' })).toBeVisible();
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await codeField.fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await shoot(page, 'login-code-step');
  // Enrolment used this 30-second step's code, and a code works once: the app's next one.
  await codeField.fill(await codeAt(secret, 30));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectLoggedIn(page);
  await expect(page).toHaveURL(/\/$/);
});

test('under ADMIN_REQUIRE_2FA an admin without it is sent to Security, told why once, and let in once it is on', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { owner, api } = await newOwnerAccount();
  await api.dispose();
  // The journeys' shop runs without ADMIN_REQUIRE_2FA: its status answers as such a shop's would.
  await page.route(`**${apiPaths.twoFactor}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), required: true } });
  });
  await logIn(page, owner);

  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL(/\/dashboard\/security$/);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  const requirement = page.getByRole('main').getByText(/requires (two-factor authentication|it) for admins/);
  await expect(requirement).toHaveCount(1);

  await section.getByRole('button', { name: 'Turn on two-factor' }).click();
  const secret = (await section.locator('code').innerText()).replace(/\s/g, '');
  await section.getByLabel('Code from the app').fill(await codeAt(secret));
  await section.getByRole('button', { name: 'Turn on', exact: true }).click();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('On');
  await expect(requirement).toHaveCount(0);

  await openDashboardPage(page, '/dashboard/admin', `Hello, ${owner.username}!`);
});

test('the audit log shows the owner what staff did, filtered by who and what', async ({ page }) => {
  test.setTimeout(120_000);
  const { owner, api } = await newOwnerAccount();
  const { product } = await ok<{ product: Product }>(
    await api.post(apiPaths.createProduct, {
      data: {
        name: 'Audit Linen Shirt',
        category: 'dress',
        color: 'beige',
        price: 49.5,
        description: 'Made for the audit log journey.',
        image: '/uploads/audit-shirt.webp',
      },
    }),
    'creating a product',
  );
  await ok(await api.patch(apiPaths.updateProduct(product._id), { data: { price: 39 } }), 'editing its price');
  const customer = await registerCustomer(api, newCustomer());
  const users = await ok<User[]>(await api.get(apiPaths.users), 'listing users');
  const customerId = users.find((u) => u.email === customer.email)?._id ?? '';
  await ok(await api.put(apiPaths.user(customerId), { data: { role: 'admin' } }), 'changing a role');
  await ok(await api.delete(apiPaths.product(product._id)), 'deleting the product');
  await api.dispose();

  await logIn(page, owner);
  await openDashboardPage(page, '/dashboard/audit-log', 'Audit log');
  await page.getByLabel('Who (e-mail)').fill(owner.email);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/actor=/);

  const rows = page.getByRole('region', { name: 'Audit log entries' }).getByRole('row');
  await expect(rows).toHaveCount(5); // the header and four actions, newest first
  await expect(rows.nth(1)).toContainText('Product deleted');
  await expect(rows.nth(2)).toContainText('Role changed');
  await expect(rows.nth(2)).toContainText(customer.email);
  await expect(rows.nth(3)).toContainText('Product edited');
  await expect(rows.nth(3)).toContainText(/Price:\s*\$49\.50\s*→?\s*(changed to)?\s*\$39\.00/);
  await expect(rows.nth(4)).toContainText('Product created');
  await expect(tableRow(page, 'Product created')).toContainText(owner.email);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'audit-log');

  await page.getByLabel('Action').selectOption({ label: 'Product edited' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Audit Linen Shirt');

  await page.getByLabel('From').fill('2001-01-01');
  await page.getByLabel('To').fill('2001-01-31');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No actions match these filters.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(dashboardHeading(page, 'Audit log')).toBeVisible();
  await expect(page.getByLabel('Who (e-mail)')).toHaveValue('');
  await expect(rows.first()).toBeVisible();
});
