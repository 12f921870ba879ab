import type { ApiRun, Measured } from './api-suite';
import type { BackInStockDrain } from './back-in-stock-drain';
import type { CatalogueImport } from './catalogue-import';
import type { ClusterRun } from './cluster-suite';
import type { PageScore } from './lighthouse';
import type { LoadResult } from './load';
import type { MailDrain } from './mail-drain';
import type { SitemapFetch } from './sitemap-fetch';
import type { InitialSizes, WebSizes } from './web-size';

type Nullable<T> = { [K in keyof T]: T[K] | null };

export interface EndpointFigures extends Nullable<LoadResult> {
  ratio_to_ceiling: number | null;
}

/** The keys of latest.json, kept stable so results compare across commits (README.md lists them). */
export interface BenchJson {
  meta: { commit: string; database: string; products: number; date: string; cpu: string };
  api: { ceiling: Nullable<LoadResult> } & Record<string, EndpointFigures | Nullable<LoadResult>>;
  web: Nullable<
    Pick<
      WebSizes,
      'initial_js_gzip_bytes' | 'initial_css_gzip_bytes' | 'largest_chunk_gzip_bytes' | 'admin_entry_gzip_bytes'
    >
  >;
  lighthouse: Record<string, Nullable<PageScore>>;
  /** The same pages of another commit's build, measured in the same run (`--baseline`). */
  lighthouse_baseline: { ref: string; commit: string; pages: Record<string, Nullable<PageScore>> } | null;
  /**
   * Rows of the API measured on another commit's shop in the same run (`--baseline`), against this run's
   * ceiling; a row not measured is null.
   */
  api_baseline: {
    ref: string;
    commit: string;
    browsing_while_buying: EndpointFigures | null;
    product_list_cold: EndpointFigures | null;
    purchase: EndpointFigures | null;
  } | null;
  /** What `/` of another commit's build loads at once, measured in the same run (`--baseline`). */
  web_baseline: ({ ref: string; commit: string } & InitialSizes) | null;
  growth: Record<string, Record<string, { p99_ms: number | null }>>;
  mail: Nullable<MailDrain>;
  /** A restock that tells 10,000 waiting shoppers: until the SMTP server has every mail. */
  back_in_stock: Nullable<BackInStockDrain>;
  sitemap: Nullable<SitemapFetch>;
  /** An admin's import of a CSV file of 10,000 products in three colours of five sizes. */
  catalogue_import: Nullable<CatalogueImport>;
  /** The list and detail through HAProxy in front of `instances` shops (`--cluster`), against `ceiling`. */
  cluster: { instances: number; ceiling: Nullable<LoadResult>; endpoints: Record<string, EndpointFigures> } | null;
}

export interface BenchRun {
  meta: BenchJson['meta'];
  settings: { connections: number; durationSeconds: number; warmupSeconds: number; quick: boolean };
  api: ApiRun | undefined;
  web: WebSizes | { error: string } | undefined;
  lighthouse: Record<string, PageScore | { error: string }> | undefined;
  lighthouseBaseline:
    | { ref: string; commit: string; pages: Record<string, PageScore | { error: string }> }
    | { error: string }
    | undefined;
  apiBaseline:
    | {
        ref: string;
        commit: string;
        browsing_while_buying?: Measured;
        product_list_cold?: Measured;
        purchase?: Measured;
      }
    | { error: string }
    | undefined;
  webBaseline: ({ ref: string; commit: string } & InitialSizes) | { error: string } | undefined;
  growth: { sizes: string[]; byEndpoint: Record<string, Record<string, Measured>> } | undefined;
  mail: MailDrain | { error: string } | undefined;
  backInStock?: BackInStockDrain | { error: string };
  sitemap: SitemapFetch | { error: string } | undefined;
  catalogueImport?: CatalogueImport | { error: string };
  cluster: ClusterRun | { error: string } | undefined;
  notes: string[];
}

const EMPTY_LOAD: Nullable<LoadResult> = { rps: null, p50_ms: null, p99_ms: null, errors: null };
const EMPTY_PAGE: Nullable<PageScore> = {
  performance: null,
  lcp_ms: null,
  tbt_ms: null,
  cls: null,
  seo: null,
  best_practices: null,
  accessibility: null,
  benchmark_index: null,
};
const EMPTY_MAIL: Nullable<MailDrain> = {
  orders: null,
  seconds: null,
  purchaseSeconds: null,
  tailSeconds: null,
  duplicates: null,
};
const EMPTY_SITEMAP: Nullable<SitemapFetch> = { product_urls: null, seconds: null, memory_growth_mb: null };
const ok = <T extends object>(m: T | { error: string } | undefined): T | undefined =>
  m && !('error' in m) ? m : undefined;

export const LIGHTHOUSE_PAGES = ['home', 'shop', 'category', 'product'] as const;

/** Each endpoint's figures and its share of the ceiling's requests per second. */
function againstCeiling(
  endpoints: Record<string, Measured>,
  ceiling: LoadResult | undefined,
): Record<string, EndpointFigures> {
  const figures: Record<string, EndpointFigures> = {};
  for (const [name, measured] of Object.entries(endpoints)) {
    const m = ok(measured);
    figures[name] = {
      ...(m ?? EMPTY_LOAD),
      peak_rss_mb: m?.peak_rss_mb ?? null,
      ratio_to_ceiling: m && ceiling?.rps ? Math.round((m.rps / ceiling.rps) * 1000) / 1000 : null,
    };
  }
  return figures;
}

/** A row of the baseline against this run's ceiling, null when it was not measured. */
const baselineRow = (row: Measured | undefined, ceiling: LoadResult | undefined): EndpointFigures | null =>
  row ? (againstCeiling({ row }, ceiling).row ?? null) : null;

export function toJson(run: BenchRun): BenchJson {
  const ceiling = ok(run.api?.ceiling);
  const api: BenchJson['api'] = {
    ceiling: ceiling ?? EMPTY_LOAD,
    ...againstCeiling(run.api?.endpoints ?? {}, ceiling),
  };
  const cluster = ok(run.cluster);
  const clusterCeiling = ok(cluster?.ceiling);
  const web = ok(run.web);
  const lighthouse: BenchJson['lighthouse'] = {};
  for (const page of LIGHTHOUSE_PAGES) lighthouse[page] = ok(run.lighthouse?.[page]) ?? EMPTY_PAGE;
  const baseline = ok(run.lighthouseBaseline);
  const lighthouseBaseline: BenchJson['lighthouse_baseline'] = baseline
    ? {
        ref: baseline.ref,
        commit: baseline.commit,
        pages: Object.fromEntries(
          Object.entries(baseline.pages).map(([page, score]) => [page, ok(score) ?? EMPTY_PAGE]),
        ),
      }
    : null;
  const apiBaseline = ok(run.apiBaseline);
  const growth: BenchJson['growth'] = {};
  for (const [endpoint, bySize] of Object.entries(run.growth?.byEndpoint ?? {})) {
    growth[endpoint] = Object.fromEntries(
      Object.entries(bySize).map(([size, m]) => [size, { p99_ms: ok(m)?.p99_ms ?? null }]),
    );
  }
  return {
    meta: run.meta,
    api,
    web: {
      initial_js_gzip_bytes: web?.initial_js_gzip_bytes ?? null,
      initial_css_gzip_bytes: web?.initial_css_gzip_bytes ?? null,
      largest_chunk_gzip_bytes: web?.largest_chunk_gzip_bytes ?? null,
      admin_entry_gzip_bytes: web?.admin_entry_gzip_bytes ?? null,
    },
    lighthouse,
    lighthouse_baseline: lighthouseBaseline,
    api_baseline: apiBaseline
      ? {
          ref: apiBaseline.ref,
          commit: apiBaseline.commit,
          browsing_while_buying: baselineRow(apiBaseline.browsing_while_buying, ceiling),
          product_list_cold: baselineRow(apiBaseline.product_list_cold, ceiling),
          purchase: baselineRow(apiBaseline.purchase, ceiling),
        }
      : null,
    web_baseline: ok(run.webBaseline) ?? null,
    growth,
    mail: ok(run.mail) ?? EMPTY_MAIL,
    back_in_stock: ok(run.backInStock) ?? { waiting: null, seconds: null, duplicates: null },
    sitemap: ok(run.sitemap) ?? EMPTY_SITEMAP,
    catalogue_import: ok(run.catalogueImport) ?? { products: null, files: null, seconds: null },
    cluster: cluster
      ? {
          instances: cluster.instances,
          ceiling: clusterCeiling ?? EMPTY_LOAD,
          endpoints: againstCeiling(cluster.endpoints, clusterCeiling),
        }
      : null,
  };
}
