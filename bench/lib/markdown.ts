import type { BenchJson, BenchRun, EndpointFigures } from './report';

const fmt = (n: number | null | undefined, digits = 0) =>
  n === null || n === undefined ? 'n/a' : n.toLocaleString('en-US', { maximumFractionDigits: digits });
const kb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1000).toFixed(1)} KB`);
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const table = (head: readonly string[], rows: readonly string[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

export const ENDPOINT_LABELS: Record<string, string> = {
  ceiling: 'ceiling: bare Fastify, fixed 12-product page',
  product_list: 'product list, page 1',
  product_list_filtered: 'product list, category + colour + price, page 7',
  product_list_size_stock: 'product list, size M + in stock, page 3',
  search: 'search q=silk',
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
  purchase_with_code: 'purchase with a discount code (10% off, no limits; 10 buyers)',
  checkout_session: 'checkout session holding one size (10 buyers)',
  password_hash: 'password hash alone (per hash, same concurrency)',
  browsing_while_buying: 'browsing while buying: lists and products, 50 connections, while 10 buyers purchase',
};

type BrowsingFigures = EndpointFigures & { hit_ratio?: number; purchases_rps?: number; purchase_errors?: number };

/** The browsing while buying row's targets, each naming the baseline's figure of the same run (`--baseline`). */
function browsingTargets(json: BenchJson): Target[] {
  const now = json.api.browsing_while_buying as BrowsingFigures | undefined;
  const before = json.api_baseline?.browsing_while_buying as BrowsingFigures | undefined;
  const ofBaseline = (figure: number | null | undefined, shown: (n: number) => string) =>
    json.api_baseline
      ? ` (${json.api_baseline.commit} in this run: ${figure === null || figure === undefined ? 'n/a' : shown(figure)})`
      : '';
  const times = (n: number) => `${fmt(n, 2)}x`;
  const ms = (n: number) => `${fmt(n, 1)} ms`;
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

interface Target {
  name: string;
  value: number | null;
  limit: number;
  op: '>=' | '<=' | '<';
  shown: (n: number) => string;
}

function growthRatio(json: BenchJson, endpoint: string): number | null {
  const sizes = Object.values(json.growth[endpoint] ?? {});
  const first = sizes[0]?.p99_ms;
  const last = sizes.at(-1)?.p99_ms;
  return first && last && sizes.length > 1 ? last / Math.max(first, 1) : null;
}

/** The targets the shop is held to, each checked against this run's figures. */
function targets(json: BenchJson): Target[] {
  const api = (name: string) => json.api[name] as EndpointFigures | undefined;
  const ms = (n: number) => `${fmt(n, 1)} ms`;
  const times = (n: number) => `${fmt(n, 2)}x`;
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
  const list: Target[] = [
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
    p99('server-rendered product page (uncached, a crawl of 100 pages/s): p99', 'product_page_uncached', 100),
    p99('search p99', 'search', 40),
    p99('admin stats p99', 'admin_stats', 50),
    p99('admin sales insight, 30 days (uncached): p99', 'admin_insight_30_days', 100),
    p99('admin sales insight, 366 days (uncached): p99', 'admin_insight_366_days', 100),
    p99('purchase p99', 'purchase', 100),
    ratio('size + in-stock list: ratio to ceiling', 'product_list_size_stock', 0.5),
    p99('size + in-stock list: p99', 'product_list_size_stock', 25),
    p99('checkout session holding a size, 10 buyers: p99', 'checkout_session', 150),
    ...browsingTargets(json),
  ];
  list.push({
    name: `confirmation mails of ${fmt(json.mail.orders)} orders delivered (SMTP)`,
    value: json.mail.seconds,
    limit: 30,
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
  const login = api('login')?.rps;
  const hash = api('password_hash')?.rps;
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
  for (const [page, score] of Object.entries(json.lighthouse)) {
    list.push(
      { name: `Lighthouse ${page}: performance`, value: score.performance, limit: 95, op: '>=', shown: String },
      { name: `Lighthouse ${page}: LCP`, value: score.lcp_ms, limit: 2000, op: '<=', shown: ms },
      { name: `Lighthouse ${page}: TBT`, value: score.tbt_ms, limit: 100, op: '<', shown: ms },
      { name: `Lighthouse ${page}: CLS`, value: score.cls, limit: 0.02, op: '<', shown: (n) => fmt(n, 3) },
      { name: `Lighthouse ${page}: SEO`, value: score.seo, limit: 100, op: '>=', shown: String },
      { name: `Lighthouse ${page}: Best Practices`, value: score.best_practices, limit: 95, op: '>=', shown: String },
      { name: `Lighthouse ${page}: Accessibility`, value: score.accessibility, limit: 95, op: '>=', shown: String },
    );
  }
  return list;
}

function verdict(t: Target): string {
  if (t.value === null) return 'not measured';
  const met = t.op === '>=' ? t.value >= t.limit : t.op === '<=' ? t.value <= t.limit : t.value < t.limit;
  return met ? 'met' : 'NOT met';
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

export function toMarkdown(run: BenchRun, json: BenchJson): string {
  const { meta, settings } = run;
  const out: string[] = [
    `# Benchmark${settings.quick ? ' (quick: a smoke check, not for comparing)' : ''}`,
    '',
    `commit ${meta.commit} · ${meta.date} · ${meta.cpu}`,
    `database: ${meta.database}, ${fmt(meta.products)} products · ${settings.connections} connections, ` +
      `${settings.durationSeconds} s after ${settings.warmupSeconds} s warm-up per endpoint`,
    '',
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
    ...clusterSection(json),
    ...browsingSection(json),
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
  if (json.lighthouse_baseline) {
    const { ref, commit, pages } = json.lighthouse_baseline;
    out.push(
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
    );
  }
  if (run.growth) {
    const sizes = run.growth.sizes;
    out.push(
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
    );
  }
  if (json.mail.seconds !== null) {
    out.push(
      '',
      '## Mail (confirmation mails through the job queue to a local SMTP server)',
      '',
      table(
        ['orders', 'all mails delivered', 'of which making the orders', 'after the last order', 'duplicates'],
        [
          [
            fmt(json.mail.orders),
            `${fmt(json.mail.seconds, 1)} s`,
            `${fmt(json.mail.purchaseSeconds, 1)} s`,
            `${fmt(json.mail.tailSeconds, 1)} s`,
            fmt(json.mail.duplicates),
          ],
        ],
      ),
    );
  }
  out.push(
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
  );
  if (run.notes.length > 0) out.push('', '## Notes', '', ...run.notes.map((n) => `- ${n}`));
  return `${out.join('\n')}\n`;
}
