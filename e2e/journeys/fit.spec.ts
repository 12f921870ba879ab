import type { APIRequestContext } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import { FIT_ADVICE } from '@shop/contract/fit';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logIn } from '../support/account';
import { logInByApi, ok, registerCustomer } from '../support/api';
import { asAdmin, openDashboardPage } from '../support/dashboard';
import { shoot } from '../support/shots';
import { newSizedDress } from '../support/stock';
import { openProduct } from '../support/storefront';
import { expect, test } from '../support/test';

/** Customers who say, in reviews posted through the API, that the dress runs small. */
async function reviewsSayingSmall(request: APIRequestContext, productId: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    const customer = await registerCustomer(request);
    await logInByApi(request, customer);
    await ok(
      await request.post(apiPaths.postReview, {
        data: { productId, rating: 4, comment: 'Lovely, but take a size up.', size: 'M', fit: 'runs_small' },
      }),
      'a review saying it runs small',
    );
  }
}

test('the product page says how a dress fits, and a customer reviews it with the size bought and the fit', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const dress = await newSizedDress(request, { S: 5, M: 5, L: 5 }, 'Fit Wrap Dress');
  await reviewsSayingSmall(request, dress._id, 5);

  // The server-rendered page carries the note before the app runs.
  const served = await request.get(`/shop/${dress._id}`);
  expect(await served.text()).toContain(FIT_ADVICE.runs_small);

  await openProduct(page, dress);
  const note = page.getByRole('region', { name: 'Fit', exact: true });
  await expect(note).toContainText(FIT_ADVICE.runs_small);
  await expect(note).toContainText('From 5 customers');
  await expect(page.getByText('Bought M · Runs small').first()).toBeVisible();
  await shoot(page, 'fit-product-page');
  await note.scrollIntoViewIfNeeded();
  await shoot(page, 'fit-note', { fullPage: false });
  await expectNoSeriousA11yViolations(page);

  const customer = await registerCustomer(request);
  await logIn(page, customer);
  await openProduct(page, dress);
  await page.getByRole('button', { name: 'Add a Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Review' });
  await dialog.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await dialog.getByLabel('Your review').fill('Took my usual L and it was snug.');
  await dialog.getByLabel('Size bought (optional)').selectOption('L');
  await dialog.getByRole('radio', { name: 'Runs small' }).check();
  await shoot(page, 'fit-review-form', { fullPage: false });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you! Your review has been posted.')).toBeVisible();

  const mine = page.getByRole('listitem').filter({ hasText: 'Took my usual L and it was snug.' });
  await expect(mine.getByText('Bought L · Runs small')).toBeVisible();
  // Nothing bought: no verified mark, whatever the form could have sent.
  await expect(mine.getByText('Verified buyer')).toHaveCount(0);
  await mine.scrollIntoViewIfNeeded();
  await shoot(page, 'fit-reviews', { fullPage: false });
  await expectNoSeriousA11yViolations(page);
});

test("the owner's insight shows what came back of the days' sales", async ({ browser }) => {
  test.setTimeout(120_000);
  await asAdmin(browser, async (adminPage) => {
    await openDashboardPage(adminPage, '/dashboard/insight', 'Sales Insight');
    const returns = adminPage.getByRole('region', { name: 'Returns', exact: true });
    // Either the range sold nothing, or its return rate and tables are there.
    await expect(
      returns.getByText('Return rate').or(returns.getByText('Nothing sold in these days, so nothing to return.')),
    ).toBeVisible();
    await returns.scrollIntoViewIfNeeded();
    await shoot(adminPage, 'fit-insight-returns', { fullPage: false });
    await expectNoSeriousA11yViolations(adminPage);
  });
});
