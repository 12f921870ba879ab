import { ENDPOINTS, type Endpoint, logIn, type Measured, runApiSuite } from './api-suite';
import { BACK_IN_STOCK_ROW, measureRestock, seedWaiting } from './back-in-stock-drain';
import { addBaseline, type BaselineWants, wantsAnyBaseline } from './baseline-run';
import { BROWSING_WHILE_BUYING } from './browsing-while-buying';
import { measureCatalogueImport } from './catalogue-import';
import { runClusterSuite } from './cluster-suite';
import { BENCH_ADMIN, BENCH_BUYERS, type Dataset, prepareDataset } from './datasets';
import type { LoadSettings } from './load';
import { measureMailDrain, startCountingSmtp } from './mail-drain';
import type { BenchOptions } from './options';
import { type RunningServer, startCeiling, startShop } from './processes';
import { PURCHASE_ROWS, runPurchaseAndHash } from './purchase-suite';
import type { BenchRun } from './report';
import { errorOf, say, sizeLabel } from './run';
import { browsingWhileBuying, lighthousePages, mailsSettled } from './shop-measures';
import { measureSitemaps } from './sitemap-fetch';

/** A run in progress: what it measures, how hard, and the results it fills in. */
export interface RunContext {
  run: BenchRun;
  options: BenchOptions;
  settings: LoadSettings;
  /** Whether this row of the API section is measured in this run. */
  wanted: (row: string) => boolean;
}

/** The endpoints whose cost is followed as the data grows. */
const GROWTH_ENDPOINTS: readonly Endpoint[] = [
  'product_list',
  'product_list_filtered',
  'product_detail',
  'admin_stats',
];

async function withShop<T>(
  dataset: Dataset,
  work: (url: string, shop: RunningServer) => Promise<T>,
  extraEnv: Record<string, string> = {},
): Promise<T> {
  say(`starting the shop (NODE_ENV=production) on ${dataset.kind}, ${dataset.label} products`);
  const shop = await startShop(dataset, extraEnv);
  try {
    return await work(shop.url, shop);
  } finally {
    await shop.stop();
  }
}

async function preparedDataset(size: number, { options, run }: RunContext): Promise<Dataset> {
  const dataset = await prepareDataset(size, options);
  if (dataset.generatedInSeconds !== undefined) {
    run.notes.push(`data for ${dataset.label} products generated in ${dataset.generatedInSeconds.toFixed(1)} s`);
  }
  return dataset;
}

/** Shoppers waiting for one sold-out size, all told when it comes back. */
const BACK_IN_STOCK_WAITING = 10_000;

/**
 * The mail jobs of many orders, drained by the shop's workers to a local SMTP server; then a restock
 * that tells many waiting shoppers. A run of named rows measures only those.
 */
async function mailSection({ run, options, wanted }: RunContext, dataset: Dataset) {
  const smtp = await startCountingSmtp();
  try {
    const restock = wanted(BACK_IN_STOCK_ROW);
    const dress = restock ? await seedWaiting(dataset, BACK_IN_STOCK_WAITING) : undefined;
    await withShop(
      dataset,
      async (shopUrl) => {
        if (!options.rows) {
          const orders = options.mailOrders;
          say(`mail: ${orders} purchases, their confirmations through the job queue to SMTP on port ${smtp.port}`);
          const buyers = await Promise.all(BENCH_BUYERS.map(async (email) => ({ token: await logIn(shopUrl, email) })));
          run.mail = await measureMailDrain(shopUrl, smtp, buyers, dataset.fixtures.cartLines, {
            orders,
            timeoutSeconds: 120,
          }).catch(errorOf);
        }
        if (dress) {
          say(`mail: a restock tells ${BACK_IN_STOCK_WAITING} waiting shoppers, through SMTP on port ${smtp.port}`);
          const waiting = BACK_IN_STOCK_WAITING;
          const admin = await logIn(shopUrl, BENCH_ADMIN);
          run.backInStock = await measureRestock(shopUrl, admin, smtp, dress, { waiting, timeoutSeconds: 180 }).catch(
            errorOf,
          );
        }
      },
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    );
  } finally {
    await smtp.stop();
  }
}

/** The API's endpoints against the ceiling, the sitemaps, the purchases and browsing while buying, on one shop. */
async function apiSection(ctx: RunContext, dataset: Dataset, shopUrl: string, shop: RunningServer): Promise<void> {
  const { run, options, settings, wanted } = ctx;
  const ceiling = await startCeiling();
  try {
    run.api = await runApiSuite(shopUrl, ceiling.url, dataset, settings, ENDPOINTS.filter(wanted), shop.pid);
  } finally {
    await ceiling.stop();
  }
  // Before the purchases: their confirmation mails are still being sent for a while after them.
  if (!options.rows) run.sitemap = await measureSitemaps(shopUrl, shop.pid).catch(errorOf);
  Object.assign(
    run.api.endpoints,
    await runPurchaseAndHash(shopUrl, dataset, settings, PURCHASE_ROWS.filter(wanted), shop.pid),
  );
  if (wanted(BROWSING_WHILE_BUYING)) {
    run.api.endpoints.browsing_while_buying = await browsingWhileBuying(shopUrl, dataset, settings, shop.pid);
  }
  // Last on this shop: the products it imports would change what the rows before it measure.
  if (!options.rows || options.rows.has('catalogue_import')) {
    run.catalogueImport = await measureCatalogueImport(shopUrl).catch(errorOf);
  }
  const ceilings = run.api.ceilingRuns.map((c) => c.rps.toLocaleString('en-US')).join(' and ');
  run.notes.push(`the ceiling was measured before and after the endpoints: ${ceilings} req/s (the mean is used)`);
}

/** The sections measured on the run's one dataset: a shop's API and pages, the cluster, the baseline, the mail. */
export async function datasetSections(ctx: RunContext): Promise<void> {
  const { run, options, settings, wanted } = ctx;
  const { sections } = options;
  if (!(sections.has('api') || sections.has('lighthouse') || sections.has('mail') || sections.has('cluster'))) return;
  const dataset = await preparedDataset(options.products, ctx);
  await withShop(dataset, async (shopUrl, shop) => {
    if (sections.has('api')) await apiSection(ctx, dataset, shopUrl, shop);
    if (sections.has('lighthouse')) {
      await mailsSettled(dataset.dataDir);
      run.lighthouse = await lighthousePages(shopUrl, dataset, options);
    }
  });
  // After the single shop has stopped, on the same data and against the same ceiling.
  if (sections.has('cluster')) {
    run.cluster = await runClusterSuite(dataset, settings, run.api?.ceiling).catch(errorOf);
  }
  const wants: BaselineWants = {
    lighthouse: sections.has('lighthouse'),
    browsing: sections.has('api') && wanted(BROWSING_WHILE_BUYING),
    web: sections.has('web'),
    coldList: sections.has('api') && wanted('product_list_cold'),
    purchase: sections.has('api') && wanted('purchase'),
  };
  if (options.baseline && wantsAnyBaseline(wants)) {
    await addBaseline(run, options.baseline, dataset, options, settings, wants);
  }
  if (sections.has('mail')) await mailSection(ctx, dataset).catch((err: unknown) => (run.mail = errorOf(err)));
}

/** Every size is measured here, one after the other, so all of them see the same machine. */
export async function growthSection(ctx: RunContext): Promise<NonNullable<BenchRun['growth']>> {
  const { options, settings } = ctx;
  const byEndpoint: Record<string, Record<string, Measured>> = {};
  for (const size of options.growthSizes) {
    const dataset = await preparedDataset(size, ctx);
    const { endpoints } = await withShop(dataset, (shopUrl) =>
      runApiSuite(shopUrl, undefined, dataset, settings, GROWTH_ENDPOINTS),
    );
    for (const endpoint of GROWTH_ENDPOINTS) {
      byEndpoint[endpoint] ??= {};
      byEndpoint[endpoint][sizeLabel(size)] = endpoints[endpoint] ?? { error: 'not measured' };
    }
  }
  return { sizes: options.growthSizes.map(sizeLabel), byEndpoint };
}
