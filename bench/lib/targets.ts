import { fmt, kb } from './markdown-table';
import type { BenchJson, EndpointFigures } from './report';

// The targets the shop is held to, each checked against a run's figures.

export interface Target {
  name: string;
  value: number | null;
  limit: number;
  op: '>=' | '<=' | '<';
  shown: (n: number) => string;
}

export type BrowsingFigures = EndpointFigures & {
  hit_ratio?: number;
  purchases_rps?: number;
  purchase_errors?: number;
};

const ms = (n: number) => `${fmt(n, 1)} ms`;
const times = (n: number) => `${fmt(n, 2)}x`;

export function growthRatio(json: BenchJson, endpoint: string): number | null {
  const sizes = Object.values(json.growth[endpoint] ?? {});
  const first = sizes[0]?.p99_ms;
  const last = sizes.at(-1)?.p99_ms;
  return first && last && sizes.length > 1 ? last / Math.max(first, 1) : null;
}

/** A guest's whole purchase against a customer's in the same run: its p99 at most 10% longer. */
function guestAgainstCustomer(json: BenchJson): Target {
  const guest = (json.api.purchase_guest as EndpointFigures | undefined)?.p99_ms;
  const customer = (json.api.purchase as EndpointFigures | undefined)?.p99_ms;
  return {
    name: "guest purchase p99 against a customer's in this run",
    value: guest && customer ? guest / customer : null,
    limit: 1.1,
    op: '<=',
    shown: times,
  };
}

/** The web app's sizes, and each endpoint's req/s against the ceiling's or its p99. */
function endpointTargets(json: BenchJson): Target[] {
  const api = (name: string) => json.api[name] as EndpointFigures | undefined;
  /** An endpoint's req/s at least `limit` times the ceiling's. */
  const ratio = (name: string, endpoint: string, limit: number): Target => ({
    name,
    value: api(endpoint)?.ratio_to_ceiling ?? null,
    limit,
    op: '>=',
    shown: times,
  });
  /** An endpoint's p99 under `limit` ms. */
  const p99 = (name: string, endpoint: string, limit: number): Target => ({
    name,
    value: api(endpoint)?.p99_ms ?? null,
    limit,
    op: '<',
    shown: ms,
  });
  return [
    { name: 'initial JS for / (gzip)', value: json.web.initial_js_gzip_bytes, limit: 100_000, op: '<=', shown: kb },
    { name: 'initial CSS for / (gzip)', value: json.web.initial_css_gzip_bytes, limit: 15_000, op: '<=', shown: kb },
    {
      name: 'admin dashboard page, all it loads (gzip)',
      value: json.web.admin_entry_gzip_bytes,
      limit: 250_000,
      op: '<=',
      shown: kb,
    },
    ratio('filtered list, page 7: ratio to ceiling', 'product_list_filtered', 0.5),
    p99('filtered list, page 7: p99', 'product_list_filtered', 25),
    ratio('product detail: ratio to ceiling', 'product_detail', 0.6),
    ratio('cold product list: ratio to ceiling', 'product_list_cold', 0.2),
    p99('cold product list: p99', 'product_list_cold', 40),
    ratio('cold product detail: ratio to ceiling', 'product_detail_cold', 0.2),
    p99('cold product detail: p99', 'product_detail_cold', 40),
    ratio('server-rendered product page (cached): ratio to ceiling', 'product_page', 0.3),
    p99('server-rendered product page (cached): p99', 'product_page', 50),
    p99('return request, 10 customers at once: p99', 'return_request', 100),
    p99('server-rendered product page (uncached, a crawl of 100 pages/s): p99', 'product_page_uncached', 100),
    p99('search p99', 'search', 40),
    p99('search for a mistyped name (uncached, 50/s): p99', 'search_mistyped', 40),
    ratio('faceted list (colours + sizes + price bands): ratio to ceiling', 'product_list_faceted', 0.5),
    ratio('faceted list, cold: ratio to ceiling', 'product_list_faceted_cold', 0.2),
    p99('faceted list, cold: p99', 'product_list_faceted_cold', 40),
    p99('admin stats p99', 'admin_stats', 50),
    p99('admin sales insight, 30 days (uncached): p99', 'admin_insight_30_days', 100),
    p99('admin sales insight, 366 days (uncached): p99', 'admin_insight_366_days', 100),
    p99('purchase p99', 'purchase', 100),
    guestAgainstCustomer(json),
    ratio('size + in-stock list: ratio to ceiling', 'product_list_size_stock', 0.5),
    p99('size + in-stock list: p99', 'product_list_size_stock', 25),
    p99('checkout session holding a size, 10 buyers: p99', 'checkout_session', 150),
  ];
}

/** The browsing while buying row's targets, each naming the baseline's figure of the same run (`--baseline`). */
function browsingTargets(json: BenchJson): Target[] {
  const now = json.api.browsing_while_buying as BrowsingFigures | undefined;
  const before = json.api_baseline?.browsing_while_buying as BrowsingFigures | undefined;
  const ofBaseline = (figure: number | null | undefined, shown: (n: number) => string) =>
    json.api_baseline
      ? ` (${json.api_baseline.commit} in this run: ${figure === null || figure === undefined ? 'n/a' : shown(figure)})`
      : '';
  const share = (n: number) => `${fmt(n * 100, 1)}%`;
  return [
    {
      name: `browsing while buying: ratio to ceiling${ofBaseline(before?.ratio_to_ceiling, times)}`,
      value: now?.ratio_to_ceiling ?? null,
      limit: 0.5,
      op: '>=',
      shown: times,
    },
    {
      name: `browsing while buying: p99${ofBaseline(before?.p99_ms, ms)}`,
      value: now?.p99_ms ?? null,
      limit: 25,
      op: '<',
      shown: ms,
    },
    {
      name: `browsing while buying: answers from the cache${ofBaseline(before?.hit_ratio, share)}`,
      value: now?.hit_ratio ?? null,
      limit: 0.9,
      op: '>=',
      shown: share,
    },
  ];
}

/** The confirmation mails, the sitemaps, a login against a hash alone, and how the list and detail grow. */
function serverTargets(json: BenchJson): Target[] {
  const list: Target[] = [];
  list.push({
    name: `confirmation mails of ${fmt(json.mail.orders)} orders delivered (SMTP)`,
    value: json.mail.seconds,
    limit: 30,
    op: '<',
    shown: (n) => `${fmt(n, 1)} s`,
  });
  list.push({
    name: `a restock tells ${fmt(json.back_in_stock.waiting)} waiting shoppers (SMTP)`,
    value: json.back_in_stock.seconds,
    limit: 60,
    op: '<',
    shown: (n) => `${fmt(n, 1)} s`,
  });
  const productCount = json.meta.products;
  list.push(
    {
      name: `sitemaps of ${fmt(productCount)} products: every product listed`,
      value: json.sitemap.product_urls,
      limit: productCount,
      op: '>=',
      shown: (n) => fmt(n),
    },
    {
      name: 'sitemaps: index and every file served',
      value: json.sitemap.seconds,
      limit: 2,
      op: '<',
      shown: (n) => `${fmt(n, 2)} s`,
    },
    {
      name: "sitemaps: the server's memory growth",
      value: json.sitemap.memory_growth_mb,
      limit: 50,
      op: '<',
      shown: (n) => `${fmt(n, 1)} MB`,
    },
  );
  list.push({
    name: 'catalogue_import: 10,000 products x 3 colours x 5 sizes, in CSV files of at most 60,000 rows',
    value: json.catalogue_import?.seconds ?? null,
    limit: 60,
    op: '<',
    shown: (n) => `${fmt(n, 1)} s`,
  });
  const login = (json.api.login as EndpointFigures | undefined)?.rps;
  const hash = (json.api.password_hash as EndpointFigures | undefined)?.rps;
  list.push({
    name: 'login req/s / hash alone per s',
    value: login && hash ? login / hash : null,
    limit: 0.85,
    op: '>=',
    shown: times,
  });
  for (const endpoint of ['product_list_filtered', 'product_detail']) {
    list.push({
      name: `${endpoint} p99 growth, smallest to largest`,
      value: growthRatio(json, endpoint),
      limit: 2,
      op: '<=',
      shown: times,
    });
  }
  return list;
}

/** Each page's Lighthouse figures not worse than the baseline's of the same run (`--baseline`). */
function lighthouseBaselineTargets(json: BenchJson): Target[] {
  const list: Target[] = [];
  const baseline = json.lighthouse_baseline;
  for (const [page, before] of Object.entries(baseline?.pages ?? {})) {
    const now = json.lighthouse[page];
    const against = `than ${baseline?.commit} in this run`;
    list.push(
      {
        name: `Lighthouse ${page}: LCP not worse ${against}`,
        value: now?.lcp_ms ?? null,
        limit: before.lcp_ms ?? 0,
        op: '<=',
        shown: ms,
      },
      {
        name: `Lighthouse ${page}: TBT not worse ${against}`,
        value: now?.tbt_ms ?? null,
        limit: before.tbt_ms ?? 0,
        op: '<=',
        shown: ms,
      },
    );
    // Where the content now arrives in the HTML, the largest paint must come at least a fifth sooner.
    if (page === 'shop' || page === 'product') {
      list.push({
        name: `Lighthouse ${page}: LCP at least 20% lower ${against}`,
        value: now?.lcp_ms ?? null,
        limit: Math.round((before.lcp_ms ?? 0) * 0.8),
        op: '<=',
        shown: ms,
      });
    }
  }
  return list;
}

function lighthouseTargets(json: BenchJson): Target[] {
  return Object.entries(json.lighthouse).flatMap(([page, score]): Target[] => [
    { name: `Lighthouse ${page}: performance`, value: score.performance, limit: 95, op: '>=', shown: String },
    { name: `Lighthouse ${page}: LCP`, value: score.lcp_ms, limit: 2000, op: '<=', shown: ms },
    { name: `Lighthouse ${page}: TBT`, value: score.tbt_ms, limit: 100, op: '<', shown: ms },
    { name: `Lighthouse ${page}: CLS`, value: score.cls, limit: 0.02, op: '<', shown: (n) => fmt(n, 3) },
    { name: `Lighthouse ${page}: SEO`, value: score.seo, limit: 100, op: '>=', shown: String },
    { name: `Lighthouse ${page}: Best Practices`, value: score.best_practices, limit: 95, op: '>=', shown: String },
    { name: `Lighthouse ${page}: Accessibility`, value: score.accessibility, limit: 95, op: '>=', shown: String },
  ]);
}

/** The targets the shop is held to, each checked against this run's figures. */
export function targets(json: BenchJson): Target[] {
  return [
    ...endpointTargets(json),
    ...browsingTargets(json),
    ...serverTargets(json),
    ...lighthouseBaselineTargets(json),
    ...lighthouseTargets(json),
  ];
}

export function verdict(t: Target): string {
  if (t.value === null) return 'not measured';
  const met = t.op === '>=' ? t.value >= t.limit : t.op === '<=' ? t.value <= t.limit : t.value < t.limit;
  return met ? 'met' : 'NOT met';
}
