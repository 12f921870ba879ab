import { CATEGORIES, COLORS, PRODUCT_SORTS } from '@shop/contract/constants';
import { CATALOGUE_CACHE_DEFAULTS } from '../../apps/api/src/modules/products/catalogue-cache';
import { rngOf } from '../../apps/api/src/seed/art/palette';
import { BENCH_ADMIN, BENCH_PASSWORD, BENCH_SHOPPER, type Dataset } from './datasets';
import { INSIGHT_RATE, type InsightRanges, insightRanges } from './insight-ranges';
import { type LoadResult, type LoadSettings, type LoadTarget, measure } from './load';
import { attempt, logIn, type Measured } from './measured';
import { withPeakMemory } from './memory';
import type { PurchaseRow } from './purchase-suite';

export { attempt, logIn, type Measured } from './measured';

/** The endpoints under load, in the order they are measured and reported. */
export const ENDPOINTS = [
  'product_list',
  'product_list_filtered',
  'product_list_size_stock',
  'search',
  'search_mistyped',
  'product_list_faceted',
  'product_list_faceted_cold',
  'product_detail',
  'product_list_cold',
  'product_detail_cold',
  'product_page',
  'product_page_uncached',
  'product_page_uncached_max',
  'related',
  'login',
  'admin_stats',
  'admin_insight_30_days',
  'admin_insight_366_days',
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/** The shop's page size on /shop, also the size of the ceiling's fixed page. */
const PAGE = 'limit=12';
export const FILTERED_QUERY = `category=dress&color=black&minPrice=50&maxPrice=100&page=7&${PAGE}`;
/** The size and stock filters: one size, only what can still be bought. */
export const SIZE_STOCK_QUERY = `size=M&inStock=true&page=3&${PAGE}`;
/** Several values of three facets at once: colours, sizes in stock and price bands. */
export const FACETED_QUERY = `color=black,red&size=M,L&inStock=true&price=50-100,100-200&${PAGE}`;
/** Searches a second for names mistyped once: a busy shop's searching, each answer read by the database. */
const SEARCH_RATE = 50;

/**
 * Product pages a second that no cache holds, as a busy crawler asks for them (search engines crawl a
 * small shop at a few pages a second): the pace at which a render's own latency is measured, since at 50
 * connections that never wait the figure is only how long the queue is.
 */
const CRAWL_RATE = 100;

/** What a browser says it takes when it asks for a page. */
const BROWSER_ACCEPT = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

/** Requests of a cold row: more than 50 connections ask for in a run (the walk starts again after). */
const COLD_REQUESTS = 400_000;
/** The first pages of each list: shoppers page on, but seldom past these. */
const COLD_LIST_PAGES = 40;

/**
 * List addresses drawn at random (seeded, the same every run) from every category and none, every colour
 * and none, every sort and the first pages: 6,400 addresses, over three times what the shop's catalogue
 * cache keeps, so most requests go to the database as a real catalogue's browsing does.
 */
function coldListPaths(): string[] {
  const categories = ['', ...CATEGORIES];
  const colors = ['', ...COLORS];
  const addresses = categories.flatMap((category) =>
    colors.flatMap((color) =>
      PRODUCT_SORTS.flatMap((sort) =>
        Array.from(
          { length: COLD_LIST_PAGES },
          (_, i) => `/api/products?category=${category}&color=${color}&sort=${sort}&page=${i + 1}&${PAGE}`,
        ),
      ),
    ),
  );
  if (addresses.length < 3 * CATALOGUE_CACHE_DEFAULTS.maxEntries) throw new Error('cold list fits the cache');
  const random = rngOf(15);
  return Array.from({ length: COLD_REQUESTS }, () => addresses[Math.floor(random() * addresses.length)] ?? '/');
}

/**
 * Lists under two or three colours, one or two sizes in stock and one or two price bands, pages 1 to 5,
 * drawn at random (seeded): over 20,000 addresses, far more than the cache keeps.
 */
function coldFacetedPaths(): string[] {
  const random = rngOf(17);
  const some = <T>(values: readonly T[], most: number) =>
    [...values].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * most));
  const bands = ['0-50', '50-100', '100-200', '200-up'];
  return Array.from({ length: COLD_REQUESTS }, () => {
    const colors = some(COLORS, 3).join(',');
    const sizes = some(['XS', 'S', 'M', 'L', 'XL'], 2).join(',');
    const price = some(bands, 2).join(',');
    const page = 1 + Math.floor(random() * 5);
    return `/api/products?color=${colors}&size=${sizes}&inStock=true&price=${price}&page=${page}&${PAGE}`;
  });
}

/** Detail answers of products drawn at random (seeded) from the whole catalogue. */
function coldDetailPaths(ids: readonly string[]): string[] {
  const random = rngOf(16);
  return Array.from({ length: COLD_REQUESTS }, () => `/api/products/${ids[Math.floor(random() * ids.length)]}`);
}

/** Detail and related cycle through a hundred reviewed products, so no single row is all that is read. */
export function targets(
  dataset: Dataset,
  adminToken: string,
  insight: InsightRanges = { month: [], year: [] },
): Record<Endpoint, LoadTarget> {
  const asAdmin = { authorization: `Bearer ${adminToken}` };
  const ids = dataset.fixtures.reviewedProductIds;
  const crawl = dataset.fixtures.catalogueWalk.map((id) => `/shop/${id}`);
  const half = Math.floor(crawl.length / 2);
  return {
    product_list: { paths: [`/api/products?page=1&${PAGE}`] },
    product_list_filtered: { paths: [`/api/products?${FILTERED_QUERY}`] },
    product_list_size_stock: { paths: [`/api/products?${SIZE_STOCK_QUERY}`] },
    search: { paths: [`/api/products?q=silk&${PAGE}`] },
    // Names mistyped once, each asked for once: every search is matched and ranked by the database.
    search_mistyped: {
      paths: dataset.fixtures.mistypedSearches.map((q) => `/api/products?q=${encodeURIComponent(q)}&${PAGE}`),
      walk: true,
      countsReads: true,
      rate: SEARCH_RATE,
    },
    product_list_faceted: { paths: [`/api/products?${FACETED_QUERY}`] },
    product_list_faceted_cold: { paths: coldFacetedPaths(), walk: true, countsReads: true },
    product_detail: { paths: ids.map((id) => `/api/products/${id}`) },
    // The cold paths: each instance has its own cache, and a real catalogue is browsed over far
    // more addresses than it holds. The answers' X-Cache says what share the database served.
    product_list_cold: { paths: coldListPaths(), walk: true, countsReads: true },
    product_detail_cold: { paths: coldDetailPaths(dataset.fixtures.catalogueIds), walk: true, countsReads: true },
    // The server-rendered page, asked for as a browser asks (compressed): from the page cache once each
    // has been rendered.
    product_page: { paths: ids.map((id) => `/shop/${id}`), headers: BROWSER_ACCEPT },
    // A crawler's walk through the catalogue: every request a product not asked for before in this run,
    // so neither its page nor its API answer is in a cache, and every page is read and rendered. Its
    // latency is measured at a steady crawl; how many the shop renders at most, at 50 connections.
    product_page_uncached: { paths: crawl.slice(0, half), headers: BROWSER_ACCEPT, walk: true, rate: CRAWL_RATE },
    product_page_uncached_max: { paths: crawl.slice(half), headers: BROWSER_ACCEPT, walk: true },
    related: { paths: ids.map((id) => `/api/products/related/${id}`) },
    login: {
      method: 'POST',
      paths: ['/api/auth/login'],
      body: JSON.stringify({ email: BENCH_SHOPPER, password: BENCH_PASSWORD }),
    },
    admin_stats: { paths: ['/api/stats/admin-stats'], headers: asAdmin },
    // The owner's sales insight, uncached: a walk through distinct ranges (see insightPaths in insight-ranges.ts).
    admin_insight_30_days: { paths: insight.month, headers: asAdmin, walk: true, rate: INSIGHT_RATE.month },
    admin_insight_366_days: { paths: insight.year, headers: asAdmin, walk: true, rate: INSIGHT_RATE.year },
  };
}

export interface ApiRun {
  /** The mean of the ceiling measured before and after the endpoints. */
  ceiling: Measured;
  /** Each ceiling measurement, so a machine that got busier during the run shows. */
  ceilingRuns: LoadResult[];
  endpoints: Partial<Record<Endpoint | PurchaseRow | 'browsing_while_buying', Measured>>;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function meanOf(runs: readonly LoadResult[]): LoadResult | undefined {
  if (runs.length === 0) return undefined;
  const mean = (pick: (r: LoadResult) => number) => runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
  return {
    rps: Math.round(mean((r) => r.rps)),
    p50_ms: round1(mean((r) => r.p50_ms)),
    p99_ms: round1(mean((r) => r.p99_ms)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * Every endpoint under load against the running shop, then a whole purchase, then the hash alone. Given
 * the shop's process, each endpoint's figures carry the shop's peak memory while it was loaded.
 */
export async function runApiSuite(
  shopUrl: string,
  ceilingUrl: string | undefined,
  dataset: Dataset,
  settings: LoadSettings,
  only: readonly Endpoint[] = ENDPOINTS,
  shopPid?: number,
): Promise<ApiRun> {
  const measureCeiling = (label: string) =>
    ceilingUrl
      ? attempt(label, () => measure(ceilingUrl, { paths: ['/api/products'] }, settings))
      : Promise.resolve<Measured>({ error: 'not measured' });
  const before = await measureCeiling('ceiling');
  const adminToken = await logIn(shopUrl, BENCH_ADMIN);
  const insightWanted = only.some((name) => name.startsWith('admin_insight_'));
  const insight = insightWanted ? await insightRanges(shopUrl, adminToken) : undefined;
  const all = targets(dataset, adminToken, insight);
  const endpoints: ApiRun['endpoints'] = {};
  for (const name of only) {
    endpoints[name] = await attempt(name, () => withPeakMemory(shopPid, () => measure(shopUrl, all[name], settings)));
  }
  // Other work on the machine comes and goes; the ceiling again after the endpoints brackets them.
  const after = await measureCeiling('ceiling again');
  const ceilingRuns = [before, after].filter((m): m is LoadResult => !('error' in m));
  return { ceiling: meanOf(ceilingRuns) ?? before, ceilingRuns, endpoints };
}
