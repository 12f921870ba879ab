import { expect, type Page } from '@playwright/test';
import { escapeRegExp } from './storefront';

/** The builtin provider's test cards. */
export const CARDS = { paid: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

export async function expectHostedCheckout(page: Page, grandTotal: string): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/pay\/[^/?#]+/);
  await expect(page.getByRole('button', { name: new RegExp(`^Pay ${escapeRegExp(grandTotal)}`) })).toBeVisible();
}

/** A delivery address as the hosted page asks for it. */
export interface Delivery {
  fullName: string;
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  /** The country's name as the list shows it. */
  country: string;
  method: 'Standard' | 'Express';
}

export const DEFAULT_DELIVERY: Delivery = {
  fullName: 'Ada Shopper',
  line1: '12 Market Street',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'United States',
  method: 'Standard',
};

/** Fills the hosted page's address (over any prefill) and chooses the method. */
export async function fillDelivery(page: Page, delivery: Delivery = DEFAULT_DELIVERY): Promise<void> {
  await page.getByLabel('Full name').fill(delivery.fullName);
  await page.getByLabel('Address line 1').fill(delivery.line1);
  await page.getByLabel(/Address line 2/).fill(delivery.line2 ?? '');
  await page.getByLabel('City').fill(delivery.city);
  await page.getByLabel(/State \/ region/).fill(delivery.region ?? '');
  await page.getByLabel('Postal code').fill(delivery.postalCode);
  await page.getByLabel('Country').selectOption({ label: delivery.country });
  await page.getByRole('radio', { name: new RegExp(`^${delivery.method}`) }).check();
}

/** Pays on the hosted page with `card`, after filling the delivery (Standard to a default address unless given). */
export async function payWithCard(page: Page, card: string, delivery: Delivery = DEFAULT_DELIVERY): Promise<void> {
  await fillDelivery(page, delivery);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel(/expir/i).fill('12 / 34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByLabel(/name on card/i).fill('Ada Shopper');
  await page.getByRole('button', { name: /^Pay/ }).click();
}
