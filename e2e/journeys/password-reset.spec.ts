import type { Page } from '@playwright/test';
import { PASSWORD_RESET_MESSAGES } from '@shop/contract/users';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { fillLogin } from '../support/account';
import { registerCustomer } from '../support/api';
import { asAdmin, openDashboardPage, tableRow } from '../support/dashboard';
import { expect, test } from '../support/test';

/** The reset link of the newest mail to `email`, read in the admin's Sent e-mails page as the mail shows it. */
async function resetLinkFromMailbox(adminPage: Page, email: string): Promise<string> {
  await openDashboardPage(adminPage, '/dashboard/sent-emails', 'Sent e-mails');
  const row = tableRow(adminPage, email).first();
  // The mail leaves through the job queue a moment after the request: look again until it is there.
  await expect(async () => {
    await adminPage.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await row.getByRole('button').click();
  // The mail's HTML runs in a frame no script may enter; its plain-text part, shown beneath, has the same link.
  const text = await adminPage
    .getByRole('article')
    .locator('pre')
    .filter({ hasText: '/reset-password?token=' })
    .textContent({ timeout: 10_000 });
  const href = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text ?? '')?.[0];
  if (!href) throw new Error('the reset mail has no link');
  const url = new URL(href);
  expect(url.pathname).toBe('/reset-password');
  return `${url.pathname}${url.search}`;
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
