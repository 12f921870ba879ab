import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(benchDir, '..');
export const resultsDir = path.join(benchDir, 'results');
/** Generated databases (embedded) and product images, kept between runs so data is made once. */
export const dataRoot = path.join(benchDir, '.data');

export type Section = 'api' | 'mail' | 'web' | 'lighthouse' | 'growth' | 'cluster';
const SECTIONS: readonly Section[] = ['api', 'mail', 'web', 'lighthouse', 'growth', 'cluster'];
/** What a run measures unless told: the cluster only with --cluster (it needs PostgreSQL and HAProxy). */
const DEFAULT_SECTIONS = SECTIONS.filter((s) => s !== 'cluster');

export interface BenchOptions {
  quick: boolean;
  /** Seconds of load per endpoint, after `warmupSeconds` that are not counted. */
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Products (and orders) in the database the API and web are measured on. */
  products: number;
  growthSizes: number[];
  lighthouseRuns: number;
  /** Orders whose confirmation mails the mail section sends to a local SMTP server. */
  mailOrders: number;
  databaseUrl: string | undefined;
  chromePath: string;
  buildWeb: boolean;
  reseed: boolean;
  sections: Set<Section>;
  /**
   * A commit measured in this run, on this machine, beside this build: its first page's size, its cold
   * list, purchase and browsing while buying rows, and Lighthouse on its storefront, each when its section
   * or row is measured here, for the comparison with the code before a change.
   */
  baseline: string | undefined;
  /**
   * The results' file name: `latest` for a whole run, `quick` for the smoke check, `partial` for a run of
   * some sections or rows, so a partial run never stands in for the whole one.
   */
  resultsName: 'latest' | 'quick' | 'partial';
  /** Only these rows of the API section (keys of `latest.json`'s `api`); all of them when undefined. */
  rows: Set<string> | undefined;
}

export const HELP = `npm run bench [-- options]

  --quick            5-second version of everything on small data (a smoke check; figures not comparable)
  --skip <list>      leave out sections: api,mail,web,lighthouse,growth (comma separated)
  --only <list>      run only these sections (cluster among them)
  --cluster          also measure the product list and detail through HAProxy in front of two instances
                     (npm run cluster's module; needs BENCH_DATABASE_URL and HAProxy)
  --no-build         measure the existing apps/web/dist instead of building it first
  --reseed           regenerate the benchmark data even when a database of the right size exists
  --duration <s>     seconds of load per endpoint (default 15, quick 5)
  --products <n>     the size of the data the API and web are measured on (default 100,000 on PostgreSQL,
                     10,000 embedded; growth keeps its sizes)
  --baseline <ref>   also measure this commit, in this run: its build's initial JS and CSS, the cold list,
                     purchase and browsing while buying rows on its shop, Lighthouse on home, shop and
                     a product (each when its section or row is measured)
  --rows <list>      only these rows of the api section (comma separated keys, e.g. browsing_while_buying)

  BENCH_DATABASE_URL  a PostgreSQL database to derive the benchmark databases from (one per size);
                      without it the embedded database is used with 10,000 products
  CHROME_PATH         the browser Lighthouse drives (default /usr/bin/chromium)`;

function sectionList(value: string | undefined, flag: string): Section[] {
  const names = (value ?? '').split(',').filter(Boolean);
  const unknown = names.filter((n) => !SECTIONS.includes(n as Section));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`${flag} takes a comma-separated list of ${SECTIONS.join(', ')}`);
  }
  return names as Section[];
}

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions {
  const args = [...argv];
  const flag = (name: string) => {
    const at = args.indexOf(name);
    if (at === -1) return false;
    args.splice(at, 1);
    return true;
  };
  const value = (name: string) => {
    const at = args.indexOf(name);
    if (at === -1) return undefined;
    const [, given] = args.splice(at, 2);
    if (given === undefined) throw new Error(`${name} needs a value`);
    return given;
  };

  const quick = flag('--quick');
  const cluster = flag('--cluster');
  const buildWeb = !flag('--no-build');
  const reseed = flag('--reseed');
  const skip = value('--skip');
  const only = value('--only');
  const duration = value('--duration');
  const products = value('--products');
  const baseline = value('--baseline');
  const rows = value('--rows');
  if (args.length > 0) throw new Error(`Unknown argument ${args[0]}\n\n${HELP}`);

  const databaseUrl = env.BENCH_DATABASE_URL || undefined;
  const sections = new Set<Section>(only ? sectionList(only, '--only') : DEFAULT_SECTIONS);
  if (cluster) sections.add('cluster');
  if (skip) for (const s of sectionList(skip, '--skip')) sections.delete(s);

  // PostgreSQL gets the catalogue the targets are set for; the embedded database a smaller one, and the results say so.
  const fullProducts = databaseUrl ? 100_000 : 10_000;
  const durationSeconds = duration ? Number(duration) : quick ? 5 : 15;
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new Error('--duration takes seconds');
  const productCount = products ? Number(products) : quick ? 2_000 : fullProducts;
  if (!Number.isInteger(productCount) || productCount <= 0) throw new Error('--products takes a whole number');
  return {
    quick,
    durationSeconds,
    warmupSeconds: quick ? 1 : 3,
    connections: 50,
    products: productCount,
    growthSizes: quick ? [200, 1_000, 2_000] : databaseUrl ? [1_000, 10_000, 100_000] : [1_000, 10_000],
    lighthouseRuns: quick ? 1 : 3,
    mailOrders: quick ? 100 : 1_000,
    databaseUrl,
    chromePath: env.CHROME_PATH || '/usr/bin/chromium',
    buildWeb,
    reseed,
    sections,
    baseline,
    rows: rows ? new Set(rows.split(',').filter(Boolean)) : undefined,
    resultsName: quick ? 'quick' : rows || only || skip ? 'partial' : 'latest',
  };
}
