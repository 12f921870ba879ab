import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { BENCH_ADMIN, BENCH_BUYERS, BENCH_PASSWORD, BENCH_SHOPPER, type Dataset } from './datasets';
import { type LoadResult, type LoadSettings, type LoadTarget, measure } from './load';
import { benchDir, repoRoot } from './options';
import { measureCheckoutSessions, measurePurchases } from './purchase';
import { say } from './run';

/** The endpoints, in the order they are measured and reported. */
export const ENDPOINTS = [
  'product_list',
  'product_list_filtered',
  'product_list_size_stock',
  'search',
  'product_detail',
  'related',
  'login',
  'admin_stats',
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/** The shop's page size on /shop, also the size of the ceiling's fixed page. */
const PAGE = 'limit=12';
export const FILTERED_QUERY = `category=dress&color=black&minPrice=50&maxPrice=100&page=7&${PAGE}`;
/** Issue 12's filters: one size, only what can still be bought. */
export const SIZE_STOCK_QUERY = `size=M&inStock=true&page=3&${PAGE}`;

export async function logIn(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login of ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Detail and related cycle through a hundred reviewed products, so no single row is all that is read. */
export function targets(dataset: Dataset, adminToken: string): Record<Endpoint, LoadTarget> {
  const ids = dataset.fixtures.reviewedProductIds;
  return {
    product_list: { paths: [`/api/products?page=1&${PAGE}`] },
    product_list_filtered: { paths: [`/api/products?${FILTERED_QUERY}`] },
    product_list_size_stock: { paths: [`/api/products?${SIZE_STOCK_QUERY}`] },
    search: { paths: [`/api/products?q=silk&${PAGE}`] },
    product_detail: { paths: ids.map((id) => `/api/products/${id}`) },
    related: { paths: ids.map((id) => `/api/products/related/${id}`) },
    login: {
      method: 'POST',
      paths: ['/api/auth/login'],
      body: JSON.stringify({ email: BENCH_SHOPPER, password: BENCH_PASSWORD }),
    },
    admin_stats: { paths: ['/api/stats/admin-stats'], headers: { authorization: `Bearer ${adminToken}` } },
  };
}

export type Measured = LoadResult | { error: string };

async function attempt(name: string, work: () => Promise<LoadResult>): Promise<Measured> {
  say(`measuring ${name}`);
  try {
    return await work();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    say(`  ${name} failed: ${message}`);
    return { error: message };
  }
}

export interface ApiRun {
  /** The mean of the ceiling measured before and after the endpoints. */
  ceiling: Measured;
  /** Each ceiling measurement, so a machine that got busier during the run shows. */
  ceilingRuns: LoadResult[];
  endpoints: Partial<Record<Endpoint | 'purchase' | 'checkout_session' | 'password_hash', Measured>>;
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

function hashCost(settings: LoadSettings): LoadResult {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(benchDir, 'hash-cost.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      CONNECTIONS: String(settings.connections),
      DURATION_SECONDS: String(settings.durationSeconds),
      WARMUP_SECONDS: String(settings.warmupSeconds),
    },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as LoadResult;
}

/** Every endpoint of the issue against the running shop, then a whole purchase, then the hash alone. */
export async function runApiSuite(
  shopUrl: string,
  ceilingUrl: string | undefined,
  dataset: Dataset,
  settings: LoadSettings,
  only: readonly Endpoint[] = ENDPOINTS,
): Promise<ApiRun> {
  const measureCeiling = (label: string) =>
    ceilingUrl
      ? attempt(label, () => measure(ceilingUrl, { paths: ['/api/products'] }, settings))
      : Promise.resolve<Measured>({ error: 'not measured' });
  const before = await measureCeiling('ceiling');
  const adminToken = await logIn(shopUrl, BENCH_ADMIN);
  const all = targets(dataset, adminToken);
  const endpoints: ApiRun['endpoints'] = {};
  for (const name of only) endpoints[name] = await attempt(name, () => measure(shopUrl, all[name], settings));
  // Other work on the machine comes and goes; the ceiling again after the endpoints brackets them.
  const after = await measureCeiling('ceiling again');
  const ceilingRuns = [before, after].filter((m): m is LoadResult => !('error' in m));
  return { ceiling: meanOf(ceilingRuns) ?? before, ceilingRuns, endpoints };
}

export async function runPurchaseAndHash(shopUrl: string, dataset: Dataset, settings: LoadSettings) {
  const buyers = () => Promise.all(BENCH_BUYERS.map(async (email) => ({ token: await logIn(shopUrl, email) })));
  const purchase = await attempt('purchase', async () =>
    measurePurchases(shopUrl, await buyers(), dataset.fixtures.cartLines, settings),
  );
  const checkoutSession = await attempt('checkout session with a size held', async () =>
    measureCheckoutSessions(shopUrl, await buyers(), dataset.fixtures.sizedLine, settings),
  );
  const passwordHash = await attempt('password hash alone', async () => hashCost(settings));
  return { purchase, checkout_session: checkoutSession, password_hash: passwordHash };
}
