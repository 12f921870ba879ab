import { expect, type Locator, type Page } from '@playwright/test';

/** Page helpers written the way a shopper sees the shop: by role, label and the texts the shop shows. */

export const banner = (page: Page) => page.getByRole('banner');

/** A page section found by its heading, e.g. the home page's Trending Products. */
export const section = (page: Page, heading: string | RegExp) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: heading }) });

/** The search page's box, a combobox with suggestions under it. */
export const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });

/** The distinct product ids the main content links to, in page order. */
export async function productIdsShown(scope: Locator): Promise<string[]> {
  const hrefs = await scope
    .locator('a[href^="/shop/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  // A card may link to the colour a filter asked for (`/shop/<id>?colour=red`): the product is its id.
  return [...new Set(hrefs.map((href) => href.replace('/shop/', '').split('?')[0] ?? ''))];
}

export async function openProduct(page: Page, product: { _id: string; name: string }): Promise<void> {
  await page.goto(`/shop/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await appRunning(page);
}

/**
 * Waits for the app to take a server-rendered storefront page over (after the page has painted): until
 * then its buttons and fields are disabled, and its links are plain links that load another page.
 */
export async function appRunning(page: Page): Promise<void> {
  await expect(cartButton(page)).toBeEnabled();
}

/**
 * Holds back the app's code (every script) until `release` is called, so a test sees the server-rendered page
 * as a shopper on a slow line does before the app runs; `held` counts the scripts waiting.
 */
export async function holdAppScripts(page: Page): Promise<{ release: () => void; held: () => number }> {
  let held = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      held++;
      await released;
      await route.continue();
    },
  );
  return { release, held: () => held };
}

/** On a product page: the product's own button comes before those of the related products. */
export async function addToCart(page: Page): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
}

export const cartButton = (page: Page) => banner(page).getByRole('button', { name: /cart/i });
export const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' });

export async function openCart(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const panel = cartPanel(page);
  await expect(panel).toBeVisible();
  return panel;
}

export async function closeCart(page: Page): Promise<void> {
  await cartPanel(page).getByRole('button', { name: 'Close Cart' }).click();
  await expect(cartPanel(page)).toBeHidden();
}

export const cartLine = (panel: Locator, productName: string) =>
  panel.getByRole('listitem').filter({ hasText: productName });

export interface SummaryFigures {
  selectedItems: number;
  totalPrice: string;
  tax: string;
  grandTotal: string;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Order Summary, checked figure by figure against amounts worked out by hand. */
export async function expectSummary(panel: Locator, figures: SummaryFigures): Promise<void> {
  await expect(panel).toContainText(new RegExp(`Selected Items:?\\s*${figures.selectedItems}(?!\\d)`));
  await expect(panel).toContainText(new RegExp(`Total Price:?\\s*${escapeRegExp(figures.totalPrice)}`));
  await expect(panel).toContainText(new RegExp(`Tax \\(5%\\):?\\s*${escapeRegExp(figures.tax)}`));
  await expect(panel).toContainText(new RegExp(`Grand Total:?\\s*${escapeRegExp(figures.grandTotal)}`));
}

export async function proceedToCheckout(page: Page): Promise<void> {
  await cartPanel(page).getByRole('button', { name: 'Proceed Checkout' }).click();
}
