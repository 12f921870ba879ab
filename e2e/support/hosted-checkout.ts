import { expect, type Page } from '@playwright/test';
import { escapeRegExp } from './storefront';

/** The builtin provider's test cards. */
export const CARDS = { paid: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

export async function expectHostedCheckout(page: Page, grandTotal: string): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/pay\/[^/?#]+/);
  await expect(page.getByRole('button', { name: new RegExp(`^Pay ${escapeRegExp(grandTotal)}`) })).toBeVisible();
}

export async function payWithCard(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel(/expir/i).fill('12 / 34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByLabel(/name on card/i).fill('Ada Shopper');
  await page.getByRole('button', { name: /^Pay/ }).click();
}
