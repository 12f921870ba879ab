import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { ProductStockResponse } from '@shop/contract/inventory';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { ok, registerCustomer } from '../support/api';
import { facetValue } from '../support/facets';
import { CARDS, payWithCard } from '../support/hosted-checkout';
import { newSizedDress } from '../support/stock';
import { cartLine, openCart, openProduct, proceedToCheckout } from '../support/storefront';
import { expect, test } from '../support/test';

/** XS sold out, S the last one, M three. */
const newDress = (request: APIRequestContext, stock: Record<string, number> = { XS: 0, S: 1, M: 3 }) =>
  newSizedDress(request, stock);

/** A size's radio; a sold-out one is named "XS (sold out)". */
const sizeRadio = (page: Page, size: string) =>
  page.getByRole('radio', { name: new RegExp(`^${size}( \\(sold out\\))?$`) });
/** The size's button as a shopper clicks it: the label around the radio. */
const sizeButton = (page: Page, size: string) => page.locator('label').filter({ has: sizeRadio(page, size) });

async function chooseSizeAndAdd(page: Page, size: string) {
  await sizeButton(page, size).click();
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click();
}

/** The line's quantity as a screen reader says it, "Quantity 2". */
const quantityOf = (line: Locator) => line.getByText(/^Quantity \d+$/);

test('a shopper picks sizes, buys two of one dress as two lines, and sees the stock drop', async ({
  page,
  request,
}) => {
  const dress = await newDress(request);
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await openProduct(page, dress);

  // A sold-out size cannot be chosen; Add to cart waits for a size.
  await expect(sizeRadio(page, 'XS')).toBeDisabled();
  await expect(sizeButton(page, 'XS')).toHaveCSS('text-decoration-line', 'line-through');
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click();
  await expect(page.getByText('Please choose a size first.')).toBeVisible();

  await sizeButton(page, 'S').click();
  await expect(page.getByText('Only 1 left in size S')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click();
  await chooseSizeAndAdd(page, 'M');

  const panel = await openCart(page);
  const small = cartLine(panel, 'Size S');
  const medium = cartLine(panel, 'Size M');
  await expect(small).toContainText(dress.name);
  await expect(medium).toContainText(dress.name);
  // The last one of S: the plus stops, and says why.
  await expect(small.getByRole('button', { name: 'Increase Quantity' })).toBeDisabled();
  await expect(small.getByText('Only 1 is available')).toBeVisible();
  await medium.getByRole('button', { name: 'Increase Quantity' }).click();
  await expect(quantityOf(medium)).toHaveText('Quantity 2');

  await proceedToCheckout(page);
  await expect(page.getByText('Size S · Qty 1')).toBeVisible();
  await expect(page.getByText('Size M · Qty 2')).toBeVisible();
  await payWithCard(page, CARDS.paid);
  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(
    page
      .getByRole('main')
      .getByText(/Size M/)
      .first(),
  ).toBeVisible();

  await openProduct(page, dress);
  await expect(sizeRadio(page, 'S')).toBeDisabled();
  await sizeButton(page, 'M').click();
  await expect(page.getByText('Only 1 left in size M')).toBeVisible();
});

test('the size guide opens and closes by keyboard', async ({ page, request }) => {
  const dress = await newDress(request);
  await openProduct(page, dress);
  const guideButton = page.getByRole('button', { name: 'Size guide' });
  await guideButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Dress size guide' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'Bust' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(guideButton).toBeFocused();
  // Arrow keys move between the sizes that can be bought, skipping the sold-out one.
  await sizeButton(page, 'S').click();
  await page.keyboard.press('ArrowRight');
  await expect(sizeRadio(page, 'M')).toBeChecked();
  await expectNoSeriousA11yViolations(page);
});

test('a cart that outgrew the stock is told which item ran short at checkout, and updated', async ({
  page,
  request,
}) => {
  const dress = await newDress(request, { XS: 0, S: 1, M: 3 });
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await openProduct(page, dress);
  await chooseSizeAndAdd(page, 'M');
  const panel = await openCart(page);
  const medium = cartLine(panel, 'Size M');
  await medium.getByRole('button', { name: 'Increase Quantity' }).click();
  await medium.getByRole('button', { name: 'Increase Quantity' }).click();
  await expect(quantityOf(medium)).toHaveText('Quantity 3');

  // Meanwhile the shop sold two elsewhere: the admin's count goes down to one.
  const stock = await ok<ProductStockResponse>(await request.get(apiPaths.productStock(dress._id)), 'stock');
  const m = stock.variants.find((v) => v.size === 'M');
  await ok(
    await request.put(apiPaths.productStock(dress._id), { data: { size: 'M', onHand: 1, expectedOnHand: m?.onHand } }),
    'selling two elsewhere',
  );

  await proceedToCheckout(page);
  await expect(panel.getByText('Some items have run short')).toBeVisible();
  await expect(panel.getByText(new RegExp(`${dress.name} \\(M\\): 1 left`))).toBeVisible();
  await expect(quantityOf(medium)).toHaveText('Quantity 1');
  await expect(medium.getByRole('button', { name: 'Increase Quantity' })).toBeDisabled();
});

test('cards say Sold out, and the shop filters by size and by what is in stock, in the URL', async ({
  page,
  request,
}) => {
  const soldOut = await newDress(request, { XS: 0, S: 0, M: 0 });
  await page.goto(`/shop?category=dress&size=XS`);
  const card = page.getByRole('article').filter({ hasText: soldOut.name });
  await expect(card.getByText('Sold out').first()).toBeVisible();

  await page.getByText('In stock only').click();
  await expect(page).toHaveURL(/inStock=true/);
  await expect(page).toHaveURL(/size=XS/);
  await expect(page.getByRole('article').filter({ hasText: soldOut.name })).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'In stock only' })).toBeChecked();
  await expect(facetValue(page, 'Size', 'XS')).toBeChecked();
});
