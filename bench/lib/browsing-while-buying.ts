import { PRODUCT_SORTS } from '@shop/contract/constants';
import { rngOf } from '../../apps/api/src/seed/art/palette';
import { FILTERED_QUERY, logIn, SIZE_STOCK_QUERY } from './api-suite';
import { BENCH_BUYERS, type Dataset } from './datasets';
import { type LoadResult, type LoadSettings, measure } from './load';
import { type Buyer, purchase } from './purchase';

/** The row's key in `latest.json` and the tables. */
export const BROWSING_WHILE_BUYING = 'browsing_while_buying';

export interface BrowsingWhileBuying extends LoadResult {
  /** The share of browsing answers the shop took from its cache (its X-Cache header). */
  hit_ratio: number;
  /** Whole purchases a second made by the buyers meanwhile, and those that failed. */
  purchases_rps: number;
  purchase_errors: number;
}

/** The pages of each sort a shopper browses. */
const LIST_PAGES = 10;
/** Product pages among the browsed: the reviewed products', and those being bought. */
const PRODUCTS_BROWSED = 40;
/** Requests drawn from the browsed addresses: more than 50 connections ask for in a run. */
const DRAWS = 400_000;
/**
 * Each buyer starts a purchase once a second (the next at once if one takes longer): ten a second, a
 * busy shop's steady stream. As fast as they go, the buyers would measure how the cores are shared
 * between buying and browsing, not what each purchase costs the browsing.
 */
const PURCHASE_EVERY_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * What 50 shoppers read while others buy: the first pages of the list in every sort (the newest page
 * shows what is bought: the bench's carts hold the newest products), the filtered list and the list of a
 * size in stock, and product pages, the bought products' among them. Drawn at random (seeded, the same
 * every run), so every connection asks for every kind of answer.
 */
export function browsingPaths(dataset: Dataset): string[] {
  const lists = PRODUCT_SORTS.flatMap((sort) =>
    Array.from({ length: LIST_PAGES }, (_, i) => `/api/products?sort=${sort}&page=${i + 1}&limit=12`),
  );
  const bought = dataset.fixtures.cartLines.map((line) => line._id);
  const viewed = [...bought, ...dataset.fixtures.reviewedProductIds].slice(0, PRODUCTS_BROWSED);
  const addresses = [
    ...lists,
    `/api/products?${FILTERED_QUERY}`,
    `/api/products?${SIZE_STOCK_QUERY}`,
    ...viewed.map((id) => `/api/products/${id}`),
  ];
  const random = rngOf(20);
  return Array.from({ length: DRAWS }, () => addresses[Math.floor(random() * addresses.length)] ?? '/');
}

/** Every buyer purchasing once a second until `stop` is called; counts what it made. */
function keepBuying(shopUrl: string, buyers: readonly Buyer[], dataset: Dataset) {
  let running = true;
  const made = { purchases: 0, errors: 0, firstError: undefined as unknown };
  const loops = Promise.all(
    buyers.map(async (buyer) => {
      while (running) {
        const started = performance.now();
        try {
          await purchase(shopUrl, buyer, dataset.fixtures.cartLines);
          made.purchases++;
        } catch (err) {
          made.errors++;
          made.firstError ??= err;
        }
        await sleep(started + PURCHASE_EVERY_MS - performance.now());
      }
    }),
  );
  return {
    made,
    stop: async () => {
      running = false;
      await loops;
    },
  };
}

/**
 * 50 connections browsing (autocannon) while the 10 bench buyers purchase: the browsing's requests a
 * second, latency and share of answers from the cache, and the purchases made meanwhile. Each purchase
 * holds stock, pays and confirms, as `purchase` does.
 */
export async function measureBrowsingWhileBuying(
  shopUrl: string,
  dataset: Dataset,
  settings: LoadSettings,
): Promise<BrowsingWhileBuying> {
  const buyers = await Promise.all(BENCH_BUYERS.map(async (email) => ({ token: await logIn(shopUrl, email) })));
  // One purchase first: a broken purchase is a clear error, not a quiet run of browsing alone.
  await purchase(shopUrl, buyers[0] ?? { token: '' }, dataset.fixtures.cartLines);
  const buying = keepBuying(shopUrl, buyers, dataset);
  const started = performance.now();
  let browsing: LoadResult;
  try {
    browsing = await measure(shopUrl, { paths: browsingPaths(dataset), walk: true, countsReads: true }, settings);
  } finally {
    await buying.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  if (buying.made.purchases === 0) {
    const reason = buying.made.firstError instanceof Error ? buying.made.firstError.message : 'none completed';
    throw new Error(`no purchase was made while browsing: ${reason}`);
  }
  if (browsing.rps === 0) throw new Error('no browsing request was answered in the run');
  const readShare = browsing.database_share ?? 1;
  return {
    ...browsing,
    hit_ratio: Math.round((1 - readShare) * 1000) / 1000,
    // Over the warm-up and the run: the buyers do not stop between them.
    purchases_rps: Math.round((buying.made.purchases / seconds) * 10) / 10,
    purchase_errors: buying.made.errors,
  };
}
