import { logIn } from '../support/account';
import { registerCustomer } from '../support/api';
import { fixtures } from '../support/env';
import { CARDS, type Delivery, payWithCard } from '../support/hosted-checkout';
import { addToCart, openCart, openProduct, proceedToCheckout } from '../support/storefront';
import { expect, test } from '../support/test';

const EXPRESS_TO_LISBON: Delivery = {
  fullName: 'Rita Express',
  line1: 'Rua Augusta 100',
  line2: '3º Esq.',
  city: 'Lisboa',
  postalCode: '1100-053',
  country: 'Portugal',
  method: 'Express',
};

test('a buyer enters an address and chooses Express: the hosted total includes shipping and the order page shows the address', async ({
  page,
  request,
}) => {
  const { scarf } = fixtures();
  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await openProduct(page, scarf);
  await addToCart(page);
  const panel = await openCart(page);
  await expect(panel.getByText('Shipping: calculated at checkout')).toBeVisible();
  await proceedToCheckout(page);

  // $10.10 and 5% tax: $10.61; Standard $5.00 -> $15.61, Express $15.00 -> $25.61.
  const pay = page.getByRole('button', { name: /^Pay/ });
  await expect(pay).toHaveAccessibleName('Pay $15.61');
  await page.getByRole('radio', { name: /^Express/ }).check();
  await expect(pay).toHaveAccessibleName('Pay $25.61');
  await expect(page.getByRole('definition').filter({ hasText: '$15.00' })).toBeVisible();

  await payWithCard(page, CARDS.paid, EXPRESS_TO_LISBON);
  await expect(page).toHaveURL(/\/success\?session_id=/);
  const main = page.getByRole('main');
  const delivery = main.getByRole('region', { name: 'Delivery' });
  await expect(delivery.getByText('Rita Express')).toBeVisible();
  await expect(delivery.getByText('Rua Augusta 100')).toBeVisible();
  await expect(delivery.getByText('Lisboa, 1100-053')).toBeVisible();
  await expect(delivery.getByText('Portugal')).toBeVisible();
  await expect(delivery.getByText('Express · $15.00')).toBeVisible();
  await expect(main.getByText('$25.61').first()).toBeVisible();

  // The address is now the customer's: the next checkout starts from it.
  await openProduct(page, scarf);
  await addToCart(page);
  await openCart(page);
  await proceedToCheckout(page);
  await expect(page.getByLabel('Full name')).toHaveValue('Rita Express');
  await expect(page.getByLabel('Country')).toHaveValue('PT');
});
