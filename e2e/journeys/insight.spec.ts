import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import { addDays, type InsightFunnel, type InsightSummary, isoDayOf, lastDays } from '@shop/contract/insight';
import type { Product } from '@shop/contract/products';
import { ONE_SIZE } from '@shop/contract/sizes';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logInByApi, ok, registerCustomer } from '../support/api';
import { asAdmin, buyThroughHostedPage, dashboardHeading, openDashboardPage } from '../support/dashboard';
import { admin } from '../support/env';
import { shoot } from '../support/shots';
import { expect, test } from '../support/test';

/** Today's UTC day, read when it is needed: a run may pass midnight between the file's loading and its steps. */
const utcToday = () => isoDayOf(new Date());

async function funnelOf(page: Page): Promise<InsightFunnel> {
  const { from, to } = lastDays(7);
  const summary = await ok<InsightSummary>(
    await page.request.get(`${apiPaths.insightSummary}?from=${from}&to=${to}`),
    'reading the insight',
  );
  return summary.funnel;
}

/** True once Chart.js has drawn something on the chart's canvas (a blank canvas is all transparent). */
async function chartDrawn(chart: Locator): Promise<boolean> {
  return chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return false;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  });
}

/**
 * A product of the journey's own: an address's add-to-cart counts once per product in half an hour, and
 * other journeys put the fixtures in carts from the same address at the same time.
 */
async function newWrap(request: APIRequestContext): Promise<Product> {
  await logInByApi(request, admin);
  const seeded = await ok<{ products: Product[] }>(
    await request.get(`${apiPaths.products}?category=accessories&limit=1`),
    'a seeded accessory for its picture',
  );
  const { product } = await ok<{ product: Product }>(
    await request.post(apiPaths.createProduct, {
      data: {
        name: `Insight Cashmere Wrap ${randomBytes(3).toString('hex')}`,
        category: 'accessories',
        color: 'gold',
        price: 880,
        description: 'A cashmere wrap sold in the insight journey.',
        image: seeded.products[0]?.image,
        sizeScale: 'one',
        variants: [{ size: ONE_SIZE, onHand: 10 }],
      },
    }),
    'adding the wrap',
  );
  return product;
}

const chartCard = (page: Page, title: string) =>
  page
    .getByRole('main')
    .locator('figure')
    .filter({ has: page.getByText(title, { exact: true }) });
const statValue = (page: Page, label: string) =>
  page.getByRole('main').locator('dl').filter({ hasText: label }).locator('dd');

test("the owner reads the sales insight of a range: a shopper's view, cart and order counted, the charts drawn, the orders exported", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const wrap = await newWrap(request);
  const before = await asAdmin(browser, funnelOf);

  // The shopper's product page, add to cart, checkout and payment: each a step of the funnel. The add to
  // cart is told by the web app's beacon, which carries no cookie though the shopper is logged in.
  const customer = await registerCustomer(request);
  const beacons: Promise<Record<string, string>>[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === apiPaths.activityBeacon) beacons.push(req.allHeaders());
  });
  const order = await buyThroughHostedPage(page, customer, wrap);
  // The days the order is in: read after it was made.
  const today = utcToday();
  expect(beacons).toHaveLength(1);
  expect(await beacons[0]).not.toHaveProperty('cookie');

  await asAdmin(browser, async (adminPage) => {
    // Counts reach the database in batches (every 10 s by default): the figures show them within a flush.
    await expect
      .poll(
        async () => {
          const now = await funnelOf(adminPage);
          return (Object.keys(now) as (keyof InsightFunnel)[]).filter((k) => now[k] <= before[k]);
        },
        { timeout: 45_000, intervals: [1000] },
      )
      .toEqual([]);

    await openDashboardPage(adminPage, '/dashboard/insight', 'Sales Insight');
    await expect(adminPage.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await expect(statValue(adminPage, 'Orders')).not.toHaveText('0');
    for (const title of ['Revenue per day', 'Revenue by category', 'From a look to an order']) {
      await expect.poll(() => chartDrawn(chartCard(adminPage, title)), { message: title }).toBe(true);
    }
    const steps = adminPage.getByRole('region', { name: 'Step by step' });
    await expect(steps.getByRole('listitem').filter({ hasText: 'Orders paid' })).toContainText(/Orders paid\s*[1-9]/);
    // The wrap is the journey's own: one sold at $880.00, dearer than what other journeys buy, so it is
    // among the ten by revenue whichever journeys run beside this one.
    const topByRevenue = adminPage.getByRole('table', { name: 'Top products by revenue' });
    await expect(topByRevenue.getByRole('row').filter({ hasText: wrap.name })).toHaveText(/\$880\.00\s*1$/);
    await expect(adminPage.getByRole('table', { name: 'Top products by units' }).getByRole('row').nth(1)).toBeVisible();
    await expect(adminPage.getByRole('region', { name: 'Low stock' })).toBeVisible();
    // Tables and charts fit the screen: a phone scrolls down, never sideways.
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      adminPage.viewportSize()?.width ?? 0,
    );
    await expectNoSeriousA11yViolations(adminPage);
    await shoot(adminPage, 'insight-30-days');

    // The presets are a radio group: the keyboard moves between them, and the address keeps the choice.
    await adminPage.getByText('Last 7 days', { exact: true }).click();
    await expect(adminPage.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    await expect(adminPage).toHaveURL(/\?days=7$/);
    await adminPage.getByRole('radio', { name: 'Last 7 days' }).press('ArrowRight');
    await expect(adminPage.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await expect(adminPage).toHaveURL(/\?days=30$/);

    // Days of the owner's own: checked as the server checks them.
    await adminPage.getByText('Custom', { exact: true }).click();
    const form = adminPage.getByRole('form', { name: 'Choose the days' });
    await form.getByLabel('From').fill(today);
    await form.getByLabel('To').fill(addDays(today, -3));
    await form.getByRole('button', { name: 'Show these days' }).click();
    await expect(form.getByText('The end must not be before the start')).toBeVisible();
    await form.getByLabel('From').fill(addDays(today, -3));
    await form.getByLabel('To').fill(today);
    await form.getByRole('button', { name: 'Show these days' }).click();
    await expect(adminPage).toHaveURL(new RegExp(`\\?from=${addDays(today, -3)}&to=${today}$`));
    await expect.poll(() => chartDrawn(chartCard(adminPage, 'Revenue per day'))).toBe(true);
    await expect(statValue(adminPage, 'Orders')).not.toHaveText('0');

    // The export is the range's orders, the shopper's among them.
    const downloading = adminPage.waitForEvent('download');
    await adminPage.getByRole('link', { name: /^Download CSV/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`orders-${addDays(today, -3)}-to-${today}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    const row = csv.split('\r\n').find((line) => line.includes(order.orderId));
    expect(row).toContain(customer.email);
    expect(row).toContain(`,${order.amount.toFixed(2)},`);

    // Days without a sale: the page says so instead of empty charts.
    await adminPage.goto('/dashboard/insight?from=2020-01-01&to=2020-01-31');
    await expect(dashboardHeading(adminPage, 'Sales Insight')).toBeVisible();
    await expect(adminPage.getByText('No orders in these days', { exact: true })).toBeVisible();
    await expect(adminPage.getByText('No products sold in these days.')).toHaveCount(2);
    await expectNoSeriousA11yViolations(adminPage);
    await shoot(adminPage, 'insight-empty');

    // A summary that fails says so and offers to try again, which reads it anew.
    await adminPage.route('**/api/insight/summary?*', (route) =>
      route.fulfill({ status: 503, json: { message: 'The database is not answering. Try again in a moment.' } }),
    );
    await adminPage.goto('/dashboard/insight?days=7');
    const failed = adminPage.getByRole('main').getByRole('alert');
    await expect(failed).toContainText('The database is not answering.');
    await adminPage.unroute('**/api/insight/summary?*');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(failed).toHaveCount(0);
    await expect(statValue(adminPage, 'Orders')).not.toHaveText('0');
  });
});

test('the insight is not for shoppers', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  const today = utcToday();
  const res = await request.get(`${apiPaths.insightSummary}?from=${today}&to=${today}`);
  expect(res.status()).toBe(401);
  await page.request.post(apiPaths.login, { data: { email: customer.email, password: customer.password } });
  expect((await page.request.get(`${apiPaths.insightSummary}?from=${today}&to=${today}`)).status()).toBe(403);
});
