import { fixtures } from '../support/env';
import { addToCart, cartButton, cartLine, expectSummary, openCart, openProduct } from '../support/storefront';
import { expect, test } from '../support/test';

test('the cart changes quantities, never below 1, and totals every change to the cent', async ({ page }) => {
  const { scarf, dress } = fixtures();
  await openProduct(page, scarf);
  await addToCart(page);
  await openProduct(page, dress);
  await addToCart(page);
  await expect(cartButton(page)).toContainText('2');

  const panel = await openCart(page);
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel).toContainText('01');
  await expect(panel).toContainText('02');
  // $10.10 + $24.99 = $35.09; 5% is $1.7545, shown as $1.75.
  await expectSummary(panel, { selectedItems: 2, totalPrice: '$35.09', tax: '$1.75', grandTotal: '$36.84' });

  const scarfLine = cartLine(panel, scarf.name);
  await expect(scarfLine).toContainText('$10.10');
  await scarfLine.getByRole('button', { name: /Increase Quantity/i }).click();
  // 2 x $10.10 + $24.99 = $45.19; 5% is $2.2595, shown as $2.26.
  await expectSummary(panel, { selectedItems: 3, totalPrice: '$45.19', tax: '$2.26', grandTotal: '$47.45' });

  const decrease = scarfLine.getByRole('button', { name: /Decrease Quantity/i });
  await decrease.click();
  await expectSummary(panel, { selectedItems: 2, totalPrice: '$35.09', tax: '$1.75', grandTotal: '$36.84' });
  // At quantity 1 the minus button does nothing (it may also be disabled).
  if (await decrease.isEnabled()) await decrease.click();
  await expectSummary(panel, { selectedItems: 2, totalPrice: '$35.09', tax: '$1.75', grandTotal: '$36.84' });

  await cartLine(panel, dress.name)
    .getByRole('button', { name: /Remove/i })
    .click();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  // $10.10 alone: 5% is $0.505, rounded half up to $0.51.
  await expectSummary(panel, { selectedItems: 1, totalPrice: '$10.10', tax: '$0.51', grandTotal: '$10.61' });

  await panel.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(panel.getByText('Your Cart Is Empty')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Proceed Checkout' })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Close Cart' }).click();
  await expect(panel).toBeHidden();
});

test('adding a product already in the cart changes nothing', async ({ page }) => {
  const { dress } = fixtures();
  await openProduct(page, dress);
  await addToCart(page);
  await addToCart(page);
  await expect(page.getByText(/already in (your|the) cart/i).first()).toBeVisible();

  const panel = await openCart(page);
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expectSummary(panel, { selectedItems: 1, totalPrice: '$24.99', tax: '$1.25', grandTotal: '$26.24' });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});
