import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { expectLoggedIn, fillLogin } from '../support/account';
import { newCustomer } from '../support/api';
import { asAdmin } from '../support/dashboard';
import { fixtures } from '../support/env';
import { CARDS, expectHostedCheckout, payWithCard } from '../support/hosted-checkout';
import { linkFromMailbox } from '../support/mailbox';
import { addToCart, cartButton, openCart, openProduct, proceedToCheckout } from '../support/storefront';
import { expect, test } from '../support/test';

const ORDER_MAIL = /order is confirmed/;

async function expectGuestOrderShown(page: Page, amount: string) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Your order' })).toBeVisible();
  await expect(main.getByText(amount).first()).toBeVisible();
  await expect(page.getByRole('list', { name: /order (status|progress|tracker)/i }).getByRole('listitem')).toHaveCount(
    4,
  );
}

test('a guest buys a dress without an account and follows the order from the link in the mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { dress } = fixtures();
  const guest = newCustomer();

  await openProduct(page, dress);
  await addToCart(page);
  const panel = await openCart(page);
  // No account needed: the e-mail is optional here, and the payment page asks for it otherwise.
  await expect(panel.getByLabel('Email (optional)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await proceedToCheckout(page);

  await expectHostedCheckout(page, '$31.24');
  const email = page.getByLabel('Email');
  await expect(email).toBeEditable();
  await payWithCard(page, CARDS.paid);
  // The page asks for the e-mail before it takes the card.
  await expect(page.getByText('Enter your email for the receipt and your order link').first()).toBeVisible();
  await email.fill(guest.email);
  await payWithCard(page, CARDS.paid);

  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText(`a link to follow your order to ${guest.email}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Save your details for next time' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(cartButton(page)).not.toContainText(/[1-9]/);
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(/\/orders\/guest\/[^/]+$/);
  await expectGuestOrderShown(page, '$31.24');

  // The confirmation in the dev mailbox carries the link, which opens the order in any browser.
  const link = await asAdmin(browser, (adminPage) =>
    linkFromMailbox(adminPage, { to: guest.email, subject: ORDER_MAIL, path: /^\/orders\/guest\/[^/]+$/ }),
  );
  const elsewhere = await browser.newContext({ ...test.info().project.use });
  try {
    const other = await elsewhere.newPage();
    await other.goto(link);
    await expectGuestOrderShown(other, '$31.24');
    await expectNoSeriousA11yViolations(other);
    // A changed link finds nothing.
    await other.goto(`${link.slice(0, -3)}${link.endsWith('AAA') ? 'BBB' : 'AAA'}`);
    await expect(other.getByText('We could not find this order')).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});

test("a guest's order joins the account made with its e-mail once the e-mail is confirmed", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { scarf } = fixtures();
  const guest = newCustomer();

  await openProduct(page, scarf);
  await addToCart(page);
  const panel = await openCart(page);
  // Given in the cart, the e-mail is the order's: the payment page shows it as given.
  await panel.getByLabel('Email (optional)').fill(guest.email);
  await proceedToCheckout(page);
  await expect(page.getByLabel('Email')).toHaveValue(guest.email);
  await payWithCard(page, CARDS.paid);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(guest.email);
  await page.getByLabel('Username').fill(guest.username);
  await page.getByLabel('Password').fill(guest.password);
  await page.getByRole('button', { name: /^register$/i }).click();
  await fillLogin(page, guest);
  await expectLoggedIn(page);
  // Not confirmed yet: the order is not the account's.
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('main').getByText('You have no recent orders.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();

  const confirmLink = await asAdmin(browser, (adminPage) =>
    linkFromMailbox(adminPage, { to: guest.email, subject: /Confirm your .* e-mail/, path: /^\/confirm-email$/ }),
  );
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { name: 'Your e-mail is confirmed.' })).toBeVisible();
  await expect(
    page.getByText('The order you placed with this e-mail without an account is now in your account.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'See your orders' }).click();
  await expect(page.getByRole('main').getByText('$15.61').first()).toBeVisible();
});
