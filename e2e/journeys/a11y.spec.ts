import { expectNoSeriousA11yViolations } from '../support/a11y';
import { fixtures } from '../support/env';
import { addToCart, appRunning, openCart, openProduct, section } from '../support/storefront';
import { expect, test } from '../support/test';

// The success page is scanned in the purchase journey, where a real payment leads to it.

test('the home page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(section(page, 'Trending Products').locator('a[href^="/shop/"]').first()).toBeVisible();
  // Scanned as a shopper uses it: once the app has taken the page over (its controls are disabled till then).
  await appRunning(page);
  await expectNoSeriousA11yViolations(page);
});

test('the shop has no serious accessibility violations', async ({ page }) => {
  await page.goto('/shop');
  await expect(page.getByText(/^Available Products: \d+$/)).toBeVisible();
  await expect(page.getByRole('main').locator('a[href^="/shop/"]').first()).toBeVisible();
  await appRunning(page);
  await expectNoSeriousA11yViolations(page);
});

test('the product page and the open cart have no serious accessibility violations', async ({ page }) => {
  await openProduct(page, fixtures().dress);
  await expectNoSeriousA11yViolations(page);
  await addToCart(page);
  await openCart(page);
  await expectNoSeriousA11yViolations(page);
});

test('the login page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
