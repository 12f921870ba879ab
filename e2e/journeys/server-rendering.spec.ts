import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { SERVER_STATE_ELEMENT_ID } from '@shop/contract/seo';
import { expectLoggedIn, logIn, register } from '../support/account';
import { newCustomer, registerCustomer } from '../support/api';
import { fixtures } from '../support/env';
import { facetCounts } from '../support/facets';
import { addToCart, appRunning, cartButton, holdAppScripts } from '../support/storefront';
import { expect, test } from '../support/test';

/**
 * What the browser said while a page loaded and hydrated: every console error or warning (React
 * reports a hydration mismatch there) and every request to the API.
 */
function watch(page: Page) {
  const seen = { problems: [] as string[], apiRequests: [] as string[] };
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The browser notes a 404 page's own status; that status is the point of the page.
    const ownStatus = message.location().url === page.url() && /^Failed to load resource/.test(message.text());
    if (!ownStatus) seen.problems.push(message.text());
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.apiRequests.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

/**
 * Whether the app's first script (`/assets/index-*.js`) was requested after the page's first paint: a
 * page the server rendered does not make its pictures share the line with the app's code.
 */
async function appCodeAskedForAfterFirstPaint(page: Page): Promise<boolean> {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').length)).toBeGreaterThan(0);
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const app = performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/index-[^/]+\.js$/.test(new URL(entry.name).pathname));
    return paint !== undefined && app !== undefined && app.startTime >= paint.startTime;
  });
}

/**
 * Opens a page as a first visit does: the server's HTML, then the app taking it over. The page before is
 * left for a blank one first, so a request it makes late (its lazy parts load when the browser is idle)
 * is not counted as this page's.
 */
async function visit(page: Page, url: string) {
  await page.goto('about:blank');
  const seen = watch(page);
  const response = await page.goto(url);
  const html = (await response?.text()) ?? '';
  await page.waitForLoadState('networkidle');
  return { seen, html, status: response?.status() };
}

/** A list of products or its facets' counts: the shop and the search page carry both in their HTML. */
const LIST_OR_FACETS = /^\/api\/products\/?(facets)?\?/;

test('every public page arrives rendered, hydrates without a warning and fetches nothing its HTML carried', async ({
  page,
}) => {
  const { dress, scarf, searchWord } = fixtures();
  const carried: Array<{ url: string; shows: string; dataRequest?: RegExp }> = [
    { url: '/', shows: 'Lebaba' },
    { url: '/shop', shows: 'Shop', dataRequest: LIST_OR_FACETS },
    { url: '/shop?category=dress&color=red', shows: dress.name, dataRequest: LIST_OR_FACETS },
    { url: '/shop?color=red,silver&size=M', shows: 'Available Products', dataRequest: LIST_OR_FACETS },
    { url: '/categories/accessories', shows: scarf.name, dataRequest: /^\/api\/products\/?\?/ },
    { url: `/shop/${dress._id}`, shows: dress.description, dataRequest: new RegExp(`^/api/products/${dress._id}$`) },
    { url: `/search?q=${searchWord}`, shows: scarf.name, dataRequest: LIST_OR_FACETS },
    { url: `/search?q=${searchWord}&color=beige`, shows: scarf.name, dataRequest: LIST_OR_FACETS },
    { url: '/login', shows: 'Password' },
    { url: '/register', shows: 'Password' },
  ];
  for (const { url, shows, dataRequest } of carried) {
    const { seen, html, status } = await visit(page, url);
    expect(status, url).toBe(200);
    // The HTML itself has the page, before any script ran.
    expect(html, url).toContain(`id="${SERVER_STATE_ELEMENT_ID}"`);
    expect(html.replace(/<[^>]+>/g, ' '), url).toContain(shows.replace(/&/g, '&amp;'));
    await expect(page.getByRole('main'), url).toBeVisible();
    expect(seen.problems, url).toEqual([]);
    // The app's code was asked for once the page had painted.
    expect(await appCodeAskedForAfterFirstPaint(page), url).toBe(true);
    if (dataRequest)
      expect(
        seen.apiRequests.filter((r) => dataRequest.test(r)),
        url,
      ).toEqual([]);
  }

  const missing = await visit(page, '/no-such-page');
  expect(missing.status).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(missing.seen.problems).toEqual([]);
});

test("the shop's HTML carries its facets' counts, so they are in its first paint", async ({ page }) => {
  const counts = await facetCounts(page.request, 'color=red,silver&size=M');
  const response = await page.request.get('/shop?color=red,silver&size=M');
  const html = await response.text();
  const red = counts.color.find((entry) => entry.value === 'red')?.count;
  expect(html).toContain(`aria-label="Red, ${red} product${red === 1 ? '' : 's'}"`);
  expect(html).toMatch(/<input[^>]*aria-label="Jewellery, 0 products"[^>]*disabled=""/);
});

test("every card of a category's server-rendered page gets its picture once the page is shown, a few cards at a time", async ({
  page,
}) => {
  await visit(page, '/categories/dress');
  await appRunning(page);
  const pictures = page.getByRole('main').getByRole('listitem').locator('article img');
  // More cards than one slice tells: the last slices must arrive too.
  expect(await pictures.count()).toBeGreaterThan(8);
  await expect
    .poll(() => pictures.evaluateAll((images) => images.filter((image) => !image.getAttribute('src')).length))
    .toBe(0);
});

test("a product page's picture arrives as AVIF, downloaded once: the page's early hint and its <picture> agree", async ({
  page,
}) => {
  const { dress } = fixtures();
  await page.goto('about:blank');
  const pictures: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') pictures.push(new URL(request.url()).pathname);
  });
  const response = await page.goto(`/shop/${dress._id}`);
  expect(await response?.text()).toMatch(/<link rel="preload" as="image"[^>]* type="image\/avif"/);
  const picture = page.getByRole('main').getByRole('img', { name: dress.name });
  await expect(picture).toBeVisible();
  await page.waitForLoadState('networkidle');
  const shown = await picture.evaluate((image: HTMLImageElement) => ({
    currentSrc: new URL(image.currentSrc).pathname,
    naturalWidth: image.naturalWidth,
  }));
  expect(shown.currentSrc).toMatch(/^\/uploads\/[a-z0-9-]+-\d+\.avif$/);
  expect(shown.naturalWidth).toBeGreaterThan(0);
  // The file it shows was fetched once, and no WebP of it at all. (A related product's card may wear the
  // same picture, smaller.)
  expect(pictures.filter((path) => path === shown.currentSrc)).toHaveLength(1);
  const name = shown.currentSrc.replace(/-\d+\.avif$/, '');
  expect(pictures.filter((path) => path.startsWith(name) && path.endsWith('.webp'))).toEqual([]);
});

test("a shopper's session and cart come back on a server-rendered page, which hydrates without a warning", async ({
  page,
  request,
}) => {
  const { dress } = fixtures();
  const customer = newCustomer();
  await registerCustomer(request, customer);
  await logIn(page, customer);
  await page.goto(`/shop/${dress._id}`);
  await addToCart(page);
  await expect(cartButton(page)).toHaveAccessibleName(/1 item/);

  // A new visit: the HTML is the same for everyone; the app then brings this browser's shopper back.
  const { seen, html } = await visit(page, `/shop/${dress._id}`);
  expect(html).not.toContain(customer.email);
  await expectLoggedIn(page);
  await expect(cartButton(page)).toHaveAccessibleName(/1 item/);
  expect(seen.problems).toEqual([]);
});

test('a login page reloaded with the notice it was sent with hydrates without a warning, then shows the notice', async ({
  page,
}) => {
  // Registering sends the shopper to /login with a notice in the history entry, which a reload keeps.
  await register(page, newCustomer());
  await expect(page).toHaveURL(/\/login$/);
  const notice = page.getByRole('status').filter({ hasText: 'Your account is ready. Please log in' });
  await expect(notice).toBeVisible();

  const seen = watch(page);
  const response = await page.reload();
  await page.waitForLoadState('networkidle');
  // The server knows nothing of the history entry: its HTML has no notice, the hydrated page has it.
  expect(await response?.text()).not.toContain('Your account is ready');
  await expect(notice).toBeVisible();
  expect(seen.problems).toEqual([]);
});

test('the login form waits for the app: disabled while its code is on the way, then it logs in', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, newCustomer());
  // The page's scripts wait: meanwhile only the server's HTML is there.
  const scripts = await holdAppScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const email = page.getByLabel('Email');
  const login = page.getByRole('button', { name: 'Login' });
  await expect(email).toBeVisible();
  // Nothing can be typed or sent that the app would not see (a form sent by the browser itself would
  // put the password in the address bar).
  await expect(email).toBeDisabled();
  await expect(page.getByLabel('Password')).toBeDisabled();
  await expect(login).toBeDisabled();
  expect(scripts.held()).toBeGreaterThan(0);

  scripts.release();
  await expect(email).toBeEnabled();
  await email.fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await login.click();
  await expectLoggedIn(page);
});

test('a shopper who scrolls before the app has run stays where they were when it takes the page over, and back returns there', async ({
  page,
}) => {
  const scripts = await holdAppScripts(page);
  await page.goto('/shop', { waitUntil: 'commit' });
  // A shopper scrolls the page as it is painted: parsed and styled. Scrolled before its stylesheet had
  // applied, the unstyled page was many times taller, and the place scrolled to no longer existed.
  await page.waitForFunction(
    () =>
      document.readyState !== 'loading' &&
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
  );
  const lastCard = page.getByRole('main').locator('article').last();
  await lastCard.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  scripts.release();
  await appRunning(page);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);

  // The app knows that place: a product opened from there and back returns to it.
  await lastCard.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/shop\/[^/?]+$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
});

test("an unknown product's page says so from the server and asks the API nothing more once it runs", async ({
  page,
}) => {
  const id = randomUUID();
  const { seen, html, status } = await visit(page, `/shop/${id}`);
  expect(status).toBe(404);
  expect(html).toContain('This product may have been removed.');
  await expect(page.getByText('This product may have been removed.')).toBeVisible();
  expect(seen.apiRequests.filter((r) => r.startsWith(`/api/products/${id}`))).toEqual([]);
  expect(seen.problems).toEqual([]);

  // Going on in the app to a product that exists fetches it.
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  const card = page.getByRole('main').locator('a[href^="/shop/"]').first();
  const productId = (await card.getAttribute('href'))?.replace('/shop/', '');
  const fetched = page.waitForRequest((req) => new URL(req.url()).pathname === `/api/products/${productId}`);
  await card.click();
  await fetched;
  await expect(page).toHaveURL(new RegExp(`/shop/${productId}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Error fetching product details')).toHaveCount(0);
});

test('a product whose request fails offers to try again, which fetches it', async ({ page }) => {
  const { dress, searchWord } = fixtures();
  await visit(page, `/search?q=${searchWord}`);
  await page.route(`**/api/products/${dress._id}`, (route) => route.abort('connectionfailed'));
  await page.getByRole('main').locator(`a[href="/shop/${dress._id}"]`).first().click();
  await expect(page.getByText('Please check your connection and try again.')).toBeVisible();

  await page.unroute(`**/api/products/${dress._id}`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: dress.name })).toBeVisible();
});
