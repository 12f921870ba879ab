import { CATEGORIES, TRENDING_INITIAL_COUNT, TRENDING_LOAD_MORE_STEP } from '@shop/contract/constants';
import { listProducts } from '../support/api';
import { fixtures } from '../support/env';
import { facetValue } from '../support/facets';
import { appRunning, banner, productIdsShown, section } from '../support/storefront';
import { expect, test } from '../support/test';

test('a shopper browses from the home page to a category and on to a product', async ({ page }) => {
  const { dress } = fixtures();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Explore Now' })).toHaveAttribute('href', '/shop');
  for (const category of CATEGORIES) {
    await expect(page.locator(`a[href="/categories/${category}"]`).first()).toBeVisible();
  }

  const trending = section(page, 'Trending Products');
  await expect.poll(() => productIdsShown(trending)).toHaveLength(TRENDING_INITIAL_COUNT);
  await trending.getByRole('button', { name: 'Load More' }).click();
  await expect.poll(() => productIdsShown(trending)).toHaveLength(TRENDING_INITIAL_COUNT + TRENDING_LOAD_MORE_STEP);

  await page.locator('a[href="/categories/dress"]').first().click();
  await expect(page).toHaveURL(/\/categories\/dress$/);
  const dresses = await listProducts(page.request, { category: 'dress', limit: 50 });
  await expect
    .poll(async () => (await productIdsShown(page.getByRole('main'))).sort())
    .toEqual(dresses.products.map((p) => p._id).sort());

  await page.getByRole('main').getByRole('link', { name: dress.name }).first().click();
  await expect(page).toHaveURL(`/shop/${dress._id}`);
  await expect(page.getByRole('heading', { level: 1, name: dress.name })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: /breadcrumb/i });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(breadcrumb.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
  await expect(breadcrumb).toContainText(dress.name);
  const main = page.getByRole('main');
  await expect(main.getByText('$24.99').first()).toBeVisible();
  await expect(main.locator('s, del').filter({ hasText: '$39.99' })).toBeVisible();
  await expect(main.getByText(dress.description)).toBeVisible();
  await expect(main.getByRole('button', { name: /add to cart/i }).first()).toBeVisible();
});

test('the top navigation links Home and Shop, collapsed behind a menu on a phone', async ({ page, isMobile }) => {
  await page.goto('/');
  const header = banner(page);
  const shopLink = header.getByRole('link', { name: 'Shop', exact: true });
  const menu = header.getByRole('button', { name: 'Menu' });
  if (isMobile) {
    await expect(shopLink).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  } else {
    await expect(menu).toBeHidden();
  }
  await expect(header.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await shopLink.click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
});

test('a product page does not move when its product arrives after the loading skeleton', async ({ page }) => {
  const { dress, searchWord } = fixtures();
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      // As Cumulative Layout Shift counts them: a shift right after the shopper's own click is not one.
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A product page opened from the shop fetches its product (a first visit gets it in the HTML):
  // it is held back until the skeleton is on screen.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/products/${dress._id}`, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/search?q=${searchWord}`);
  // Opened by the app (before it runs, the link loads the product's page from the server, data and all).
  await appRunning(page);
  await page.getByRole('main').getByRole('link', { name: dress.name }).first().click();
  await expect(page.getByRole('status', { name: 'Loading the product' })).toBeVisible();
  // Past the half second after the click in which a shift would not count.
  await page.waitForTimeout(600);
  release();
  await expect(page.getByRole('heading', { level: 1, name: dress.name })).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: dress.name }).first()).toBeVisible();
  const shifted = await page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
  );
  // The page does not move as the product replaces the skeleton: far less shift than a whole page load may have.
  expect(shifted).toBeLessThan(0.005);
});

test('a new page opens at its top, back returns to where the shopper was, and a filter keeps the scroll', async ({
  page,
}) => {
  const scrollY = () => page.evaluate(() => window.scrollY);
  await page.goto('/shop');
  const main = page.getByRole('main');
  const cards = main.locator('article');
  await expect(cards).toHaveCount(12);

  // A product opens at its top.
  const card = cards.last();
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const atCard = await scrollY();
  expect(atCard).toBeGreaterThan(300);
  await card.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/shop\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(scrollY).toBe(0);

  // Back returns to the card.
  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect.poll(async () => Math.abs((await scrollY()) - atCard)).toBeLessThan(50);

  // A filter is a new address of the same page: the shopper stays where they were.
  const dress = facetValue(page, 'Category', 'Dress');
  await dress.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const atFilters = await scrollY();
  await dress.click();
  await expect(page).toHaveURL(/category=dress/);
  expect(Math.abs((await scrollY()) - atFilters)).toBeLessThan(50);
});

test('back returns to where the shopper was when the page changed before the browser told of the scroll', async ({
  page,
}) => {
  const scrollY = () => page.evaluate(() => window.scrollY);
  await page.goto('/shop');
  const cards = page.getByRole('main').locator('article');
  await expect(cards).toHaveCount(12);
  await appRunning(page);
  // A busy browser tells of a scroll at its next frame, which a quick click can beat: here it never does.
  await page.evaluate(() =>
    window.addEventListener('scroll', (event) => event.stopImmediatePropagation(), { capture: true }),
  );
  const card = cards.last();
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const atCard = await scrollY();
  expect(atCard).toBeGreaterThan(300);
  await card.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(scrollY).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect.poll(async () => Math.abs((await scrollY()) - atCard)).toBeLessThan(50);
});
