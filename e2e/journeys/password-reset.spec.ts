import type { Page } from '@playwright/test';
import { PASSWORD_RESET_MESSAGES } from '@shop/contract/users';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { fillLogin } from '../support/account';
import { registerCustomer } from '../support/api';
import { asAdmin } from '../support/dashboard';
import { linkFromMailbox } from '../support/mailbox';
import { expect, test } from '../support/test';

/** The reset link of the newest reset mail to `email`, as the dev mailbox shows it. */
async function resetLinkFromMailbox(adminPage: Page, email: string): Promise<string> {
  const link = await linkFromMailbox(adminPage, {
    to: email,
    subject: /Reset your .* password/,
    path: /^\/reset-password$/,
  });
  expect(new URL(link, 'http://shop.test').searchParams.get('token')).toMatch(/^[\w-]+$/);
  return link;
}

async function chooseNewPassword(page: Page, resetPath: string, password: string): Promise<void> {
  await page.goto(resetPath);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
}

test('a shopper who forgot the password gets a link through the mail, uses it once, and logs in with the new one', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await registerCustomer(request);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: PASSWORD_RESET_MESSAGES.requested })).toBeVisible();

  const resetPath = await asAdmin(browser, async (adminPage) => {
    const link = await resetLinkFromMailbox(adminPage, customer.email);
    await expectNoSeriousA11yViolations(adminPage, { framesRunNoScript: true });
    return link;
  });

  const newPassword = `${customer.password}-renewed`;
  await chooseNewPassword(page, resetPath, newPassword);
  await expect(page.getByRole('status').filter({ hasText: PASSWORD_RESET_MESSAGES.done })).toBeVisible();
  await fillLogin(page, { email: customer.email, password: newPassword });
  await expect(page).toHaveURL(/\/$/);

  // The link worked once: a second use is refused and says why.
  await chooseNewPassword(page, resetPath, `${newPassword}-again`);
  await expect(page.getByRole('alert').filter({ hasText: PASSWORD_RESET_MESSAGES.used })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
