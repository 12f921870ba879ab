import { expect, type Page } from '@playwright/test';
import type { Customer } from './api';
import { banner } from './storefront';

export const loginLink = (page: Page) => banner(page).getByRole('link', { name: /^log ?in$/i });
export const accountMenuButton = (page: Page) => banner(page).getByRole('button', { name: /account|profile/i });

export async function register(page: Page, customer: Customer): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Username').fill(customer.username);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: /^register$/i }).click();
}

/** Fills the login form on the page the shopper is on (the shop sends them there when needed). */
export async function fillLogin(page: Page, who: { email: string; password: string }): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  // The address changes before the login screen's code has arrived, and the screen before it (the
  // register form has an Email and a Password too) stays up meanwhile: wait for the login form itself.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
}

export async function logIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, who);
  await expectLoggedIn(page);
}

export async function expectLoggedIn(page: Page): Promise<void> {
  await expect(accountMenuButton(page)).toBeVisible();
  await expect(loginLink(page)).toHaveCount(0);
}

/** Logout asks for confirmation first, so a stray click does not log the shopper out. */
export async function logOut(page: Page): Promise<void> {
  await accountMenuButton(page).click();
  await banner(page)
    .getByRole('menuitem', { name: 'Logout' })
    .or(banner(page).getByRole('button', { name: 'Logout' }))
    .click();
  const confirmation = page.getByRole('dialog').filter({ hasText: /log ?out/i });
  await expect(confirmation).toBeVisible();
  // On a busy machine a click can land while the dialog is still opening and do nothing: click again until
  // the shopper is logged out.
  await expect(async () => {
    if (await confirmation.isVisible()) {
      await confirmation.getByRole('button', { name: /yes|log ?out/i }).click({ timeout: 2_000 });
    }
    await expect(loginLink(page)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}
