import { mailSection } from './markdown-mail';
import { fmt, kb, table } from './markdown-table';
import type { BenchJson, BenchRun, EndpointFigures } from './report';
import { type BrowsingFigures, growthRatio, targets, verdict } from './targets';

// The run's report in Markdown: one section per part of the bench, then the targets and the notes.

export const ENDPOINT_LABELS: Record<string, string> = {
  ceiling: 'ceiling: bare Fastify, fixed 12-product page',
  product_list: 'product list, page 1',
  product_list_filtered: 'product list, category + colour + price, page 7',
  product_list_size_stock: 'product list, size M + in stock, page 3',
  search: 'search q=silk',
  search_mistyped: 'search for a product name mistyped once, each asked once (cold, 50/s)',
  product_list_faceted: 'product list, 2 colours + 2 sizes in stock + 2 price bands',
  product_list_faceted_cold: 'product list, random colours, sizes in stock, price bands and page (cold)',
  product_detail: 'product detail with reviews',
  product_list_cold: 'product list, random category, colour, sort and page of 6,400 (cold)',
  product_detail_cold: 'product detail, random product of the whole catalogue (cold)',
  product_page: 'product page rendered on the server (cached)',
  product_page_uncached: 'product page rendered on every request (a crawl of 100 pages/s)',
  product_page_uncached_max: 'product page rendered on every request (as fast as it goes)',
  related: 'related products',
  login: 'login (scrypt)',
  admin_stats: 'admin stats',
  admin_insight_30_days: 'admin sales insight, 30 days (uncached, 10/s)',
  admin_insight_366_days: 'admin sales insight, 366 days (uncached, 2/s)',
  purchase: 'purchase: session + pay + confirm (per purchase, 10 buyers)',
  purchase_guest: 'purchase as a guest: session + pay with the e-mail + confirm (10 guests)',
  purchase_with_code: 'purchase with a discount code (10% off, no limits; 10 buyers)',
  checkout_session: 'checkout session holding one size (10 buyers)',
  return_request: 'return request: one piece of a shipped order for a refund (10 customers)',
  password_hash: 'password hash alone (per hash, same concurrency)',
  browsing_while_buying: 'browsing while buying: lists and products, 50 connections, while 10 buyers purchase',
};

/** The row beside the same row of the baseline's shop, measured in this run (`--baseline`). */
function browsingSection(json: BenchJson): string[] {
  const now = json.api.browsing_while_buying as BrowsingFigures | undefined;
  if (!now) return [];
  const before = json.api_baseline?.browsing_while_buying as BrowsingFigures | undefined;
  const line = (code: string, f: BrowsingFigures) => [
    code,
    fmt(f.rps, 1),
    fmt(f.ratio_to_ceiling, 3),
    fmt(f.p99_ms, 1),
    f.hit_ratio === undefined ? 'n/a' : `${fmt(f.hit_ratio * 100, 1)}%`,
    fmt(f.purchases_rps, 1),
    `${fmt(f.errors)} / ${fmt(f.purchase_errors)}`,
  ];
  return [
    '',
    '## Browsing while buying',
    '',
    table(
      [
        'shop',
        'browsing req/s',
        'ratio to ceiling',
        'p99 ms',
        'from the cache',
        'purchases/s',
        'errors (browsing / buying)',
      ],
      [
        line(`this build (${json.meta.commit})`, now),
        ...(before && json.api_baseline
          ? [line(`${json.api_baseline.ref} (${json.api_baseline.commit}), same run`, before)]
          : []),
      ],
    ),
  ];
}

/** The change in per cent from the baseline's figure to this build's, signed. */
function change(now: number | null | undefined, before: number | null | undefined): string {
  if (now == null || before == null || before === 0) return 'n/a';
  const percent = ((now - before) / before) * 100;
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

/**
 * This build beside another commit's, measured in the same run (`--baseline`): the first page's size,
 * the cold list and the purchase, the rows a reshaping of the code must leave where they were.
 */
function comparedSection(json: BenchJson): string[] {
  const api = json.api_baseline;
  const web = json.web_baseline;
  const of = api ?? web;
  if (!of) return [];
  const rows: string[][] = [];
  const sizeRow = (label: string, key: 'initial_js_gzip_bytes' | 'initial_css_gzip_bytes') => {
    if (web) rows.push([label, kb(json.web[key]), kb(web[key]), change(json.web[key], web[key])]);
  };
  sizeRow('initial JS (gzip)', 'initial_js_gzip_bytes');
  sizeRow('initial CSS (gzip)', 'initial_css_gzip_bytes');
  for (const name of ['product_list_cold', 'purchase'] as const) {
    const now = json.api[name] as EndpointFigures | undefined;
    const before = api?.[name];
    if (!now || !before) continue;
    rows.push([`${name} req/s`, fmt(now.rps, 1), fmt(before.rps, 1), change(now.rps, before.rps)]);
    rows.push([`${name} p99 ms`, fmt(now.p99_ms, 1), fmt(before.p99_ms, 1), change(now.p99_ms, before.p99_ms)]);
  }
  if (rows.length === 0) return [];
  return [
    '',
    `## Compared with ${of.ref} (${of.commit}), same run`,
    '',
    table(['figure', `this build (${json.meta.commit})`, `${of.ref} (${of.commit})`, 'change'], rows),
  ];
}

/** The list and detail through HAProxy (`--cluster`), beside what one instance served in the API section. */
function clusterSection(json: BenchJson): string[] {
  if (!json.cluster) return [];
  const { instances, ceiling, endpoints } = json.cluster;
  const one = (name: string) => (json.api[name] as EndpointFigures | undefined)?.rps;
  return [
    '',
    `## Through HAProxy to ${instances} instances (\`--cluster\`; ceiling ${fmt(ceiling.rps)} req/s, measured directly)`,
    '',
    table(
      ['endpoint', 'req/s', 'ratio to ceiling', 'p50 ms', 'p99 ms', 'errors', 'one instance, req/s'],
      Object.entries(endpoints).map(([name, f]) => [
        ENDPOINT_LABELS[name] ?? name,
        fmt(f.rps, 1),
        fmt(f.ratio_to_ceiling, 3),
        fmt(f.p50_ms, 1),
        fmt(f.p99_ms, 1),
        fmt(f.errors),
        fmt(one(name), 1),
      ]),
    ),
  ];
}

function apiSection(json: BenchJson): string[] {
  return [
    '## API',
    '',
    table(
      ['endpoint', 'req/s', 'ratio to ceiling', 'p50 ms', 'p99 ms', 'errors', 'peak RSS MB'],
      Object.entries(json.api).map(([name, f]) => [
        `${ENDPOINT_LABELS[name] ?? name}${
          'database_share' in f && typeof f.database_share === 'number'
            ? `: ${fmt(f.database_share * 100, 1)}% read from the database`
            : ''
        }`,
        fmt(f.rps, 1),
        'ratio_to_ceiling' in f ? fmt(f.ratio_to_ceiling, 3) : '1',
        fmt(f.p50_ms, 1),
        fmt(f.p99_ms, 1),
        fmt(f.errors),
        fmt(f.peak_rss_mb, 1),
      ]),
    ),
  ];
}

function webSection(run: BenchRun, json: BenchJson): string[] {
  return [
    '',
    '## Web (production build, gzip level 9)',
    '',
    table(
      ['figure', 'size'],
      [
        ['initial JS for /', kb(json.web.initial_js_gzip_bytes)],
        ['initial CSS for /', kb(json.web.initial_css_gzip_bytes)],
        [
          `largest lazy chunk${run.web && 'largestChunk' in run.web ? ` (${run.web.largestChunk})` : ''}`,
          kb(json.web.largest_chunk_gzip_bytes),
        ],
        ['admin dashboard page (/dashboard/admin), everything it loads', kb(json.web.admin_entry_gzip_bytes)],
      ],
    ),
  ];
}

/** This build's pages, and the baseline's measured in the same run (`--baseline`) where there is one. */
function lighthouseSection(json: BenchJson): string[] {
  const out = [
    '',
    '## Lighthouse (mobile preset, median of the runs)',
    '',
    table(
      ['page', 'performance', 'LCP ms', 'TBT ms', 'CLS', 'SEO', 'Best Practices', 'Accessibility', 'benchmarkIndex'],
      Object.entries(json.lighthouse).map(([page, s]) => [
        page,
        fmt(s.performance),
        fmt(s.lcp_ms),
        fmt(s.tbt_ms),
        fmt(s.cls, 3),
        fmt(s.seo),
        fmt(s.best_practices),
        fmt(s.accessibility),
        fmt(s.benchmark_index),
      ]),
    ),
  ];
  if (!json.lighthouse_baseline) return out;
  const { ref, commit, pages } = json.lighthouse_baseline;
  return [
    ...out,
    '',
    `### The same pages of ${ref} (${commit}), measured in this run after this build`,
    '',
    table(
      ['page', 'performance', 'LCP ms', 'TBT ms', 'CLS', 'benchmarkIndex'],
      Object.entries(pages).map(([page, s]) => [
        page,
        fmt(s.performance),
        fmt(s.lcp_ms),
        fmt(s.tbt_ms),
        fmt(s.cls, 3),
        fmt(s.benchmark_index),
      ]),
    ),
  ];
}

function growthSection(run: BenchRun, json: BenchJson): string[] {
  if (!run.growth) return [];
  const sizes = run.growth.sizes;
  return [
    '',
    '## Growth (p99 ms by products, and orders for admin stats)',
    '',
    table(
      ['endpoint', ...sizes, 'largest / smallest'],
      Object.entries(json.growth).map(([endpoint, bySize]) => {
        const ratio = growthRatio(json, endpoint);
        return [
          ENDPOINT_LABELS[endpoint] ?? endpoint,
          ...sizes.map((s) => fmt(bySize[s]?.p99_ms, 1)),
          ratio === null ? 'n/a' : `${fmt(ratio, 2)}x`,
        ];
      }),
    ),
  ];
}

function targetsSection(json: BenchJson): string[] {
  return [
    '',
    '## Targets',
    '',
    table(
      ['target', 'measured', 'limit', ''],
      targets(json).map((t) => [
        t.name,
        t.value === null ? 'n/a' : t.shown(t.value),
        `${t.op} ${t.shown(t.limit)}`,
        verdict(t),
      ]),
    ),
  ];
}

export function toMarkdown(run: BenchRun, json: BenchJson): string {
  const { meta, settings } = run;
  const out: string[] = [
    `# Benchmark${settings.quick ? ' (quick: a smoke check, not for comparing)' : ''}`,
    '',
    `commit ${meta.commit} · ${meta.date} · ${meta.cpu}`,
    `database: ${meta.database}, ${fmt(meta.products)} products · ${settings.connections} connections, ` +
      `${settings.durationSeconds} s after ${settings.warmupSeconds} s warm-up per endpoint`,
    '',
    ...apiSection(json),
    ...clusterSection(json),
    ...browsingSection(json),
    ...comparedSection(json),
    ...webSection(run, json),
    ...lighthouseSection(json),
    ...growthSection(run, json),
    ...mailSection(json),
    ...targetsSection(json),
  ];
  if (run.notes.length > 0) out.push('', '## Notes', '', ...run.notes.map((n) => `- ${n}`));
  return `${out.join('\n')}\n`;
}
