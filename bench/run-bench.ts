import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ENDPOINTS,
  type Endpoint,
  logIn,
  type Measured,
  PURCHASE_ROWS,
  runApiSuite,
  runPurchaseAndHash,
} from './lib/api-suite';
import { addBaseline, type BaselineWants, wantsAnyBaseline } from './lib/baseline-run';
import { BROWSING_WHILE_BUYING } from './lib/browsing-while-buying';
import { runClusterSuite } from './lib/cluster-suite';
import { BENCH_BUYERS, type Dataset, prepareDataset } from './lib/datasets';
import type { LoadSettings } from './lib/load';
import { measureMailDrain, startCountingSmtp } from './lib/mail-drain';
import { toMarkdown } from './lib/markdown';
import { HELP, parseOptions, repoRoot, resultsDir } from './lib/options';
import { type RunningServer, startCeiling, startShop } from './lib/processes';
import { type BenchRun, toJson } from './lib/report';
import { errorOf, say, sizeLabel } from './lib/run';
import { browsingWhileBuying, lighthousePages, mailsSettled } from './lib/shop-measures';
import { measureSitemaps } from './lib/sitemap-fetch';
import { buildWeb, measureWebSizes } from './lib/web-size';

/** The endpoints whose cost is followed as the data grows. */
const GROWTH_ENDPOINTS: readonly Endpoint[] = [
  'product_list',
  'product_list_filtered',
  'product_detail',
  'admin_stats',
];

function commitOf(): string {
  const git = (cmd: string) => execSync(`git ${cmd}`, { cwd: repoRoot, encoding: 'utf8' }).trim();
  try {
    // The results of an earlier run change nothing that is measured.
    const changed = git("status --porcelain --untracked-files=no -- . ':(exclude)bench/results'") !== '';
    return `${git('rev-parse --short HEAD')}${changed ? '-dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}

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

/** The mail jobs of many orders, drained by the shop's workers to a local SMTP server. */
async function mailSection(dataset: Dataset, orders: number) {
  const smtp = await startCountingSmtp();
  try {
    say(`mail: ${orders} purchases, their confirmations through the job queue to SMTP on port ${smtp.port}`);
    return await withShop(
      dataset,
      async (shopUrl) => {
        const buyers = await Promise.all(BENCH_BUYERS.map(async (email) => ({ token: await logIn(shopUrl, email) })));
        return measureMailDrain(shopUrl, smtp, buyers, dataset.fixtures.cartLines, { orders, timeoutSeconds: 120 });
      },
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    );
  } finally {
    await smtp.stop();
  }
}

/** Every measurement that failed, with its reason, for the Notes of the results. */
function failuresOf(run: BenchRun): string[] {
  const failed: string[] = [];
  const check = (name: string, m: object | undefined) => {
    if (m && 'error' in m) failed.push(`${name} failed: ${String(m.error).split('\n')[0]}`);
  };
  if (run.api) {
    check('api ceiling', run.api.ceiling);
    for (const [name, m] of Object.entries(run.api.endpoints)) check(`api ${name}`, m);
  }
  check('web sizes', run.web);
  check('mail', run.mail);
  check('sitemaps', run.sitemap);
  check('cluster', run.cluster);
  if (run.cluster && !('error' in run.cluster)) {
    for (const [name, m] of Object.entries(run.cluster.endpoints)) check(`cluster ${name}`, m);
  }
  for (const [page, m] of Object.entries(run.lighthouse ?? {})) check(`Lighthouse ${page}`, m);
  check('Lighthouse of the baseline', run.lighthouseBaseline);
  check('the baseline', run.apiBaseline);
  check('web sizes of the baseline', run.webBaseline);
  if (run.apiBaseline && !('error' in run.apiBaseline)) {
    for (const [name, m] of Object.entries(run.apiBaseline)) {
      if (typeof m === 'object') check(`api ${name} of the baseline`, m);
    }
  }
  if (run.lighthouseBaseline && !('error' in run.lighthouseBaseline)) {
    for (const [page, m] of Object.entries(run.lighthouseBaseline.pages))
      check(`Lighthouse ${page} of the baseline`, m);
  }
  for (const [endpoint, bySize] of Object.entries(run.growth?.byEndpoint ?? {})) {
    for (const [size, m] of Object.entries(bySize)) check(`growth ${endpoint} ${size}`, m);
  }
  return failed;
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const options = parseOptions(process.argv.slice(2), process.env);
  const settings: LoadSettings = {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
  };
  const cpus = os.cpus();
  const notes: string[] = [];
  const run: BenchRun = {
    meta: {
      commit: commitOf(),
      database: options.databaseUrl ? 'postgresql' : 'embedded',
      products: options.products,
      date: new Date().toISOString(),
      cpu: `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown'}`,
    },
    settings: { ...settings, quick: options.quick },
    api: undefined,
    web: undefined,
    lighthouse: undefined,
    lighthouseBaseline: undefined,
    apiBaseline: undefined,
    webBaseline: undefined,
    growth: undefined,
    mail: undefined,
    sitemap: undefined,
    cluster: undefined,
    notes,
  };
  if (!options.databaseUrl) {
    const note = `BENCH_DATABASE_URL is not set: the embedded database with ${options.products.toLocaleString('en-US')} products`;
    say(note);
    notes.push(`${note} (the targets are set for PostgreSQL with 100,000).`);
  }

  const { sections } = options;
  const knownRows = new Set<string>([...ENDPOINTS, ...PURCHASE_ROWS, BROWSING_WHILE_BUYING]);
  const unknownRow = [...(options.rows ?? [])].find((row) => !knownRows.has(row));
  if (unknownRow) throw new Error(`--rows: no row ${unknownRow}; the rows are ${[...knownRows].join(', ')}`);
  const wanted = (row: string) => !options.rows || options.rows.has(row);
  const browsingWanted = sections.has('api') && wanted(BROWSING_WHILE_BUYING);
  // The shop reads the web build when it starts, so the build comes first.
  if (options.buildWeb && (sections.has('web') || sections.has('lighthouse'))) {
    await buildWeb().catch((err: unknown) => notes.push(`web build failed: ${errorOf(err).error}`));
  }
  if (sections.has('web'))
    run.web = await Promise.resolve()
      .then(() => measureWebSizes())
      .catch(errorOf);

  if (sections.has('api') || sections.has('lighthouse') || sections.has('mail') || sections.has('cluster')) {
    const dataset = await prepareDataset(options.products, options);
    if (dataset.generatedInSeconds !== undefined) {
      notes.push(`data for ${dataset.label} products generated in ${dataset.generatedInSeconds.toFixed(1)} s`);
    }
    await withShop(dataset, async (shopUrl, shop) => {
      if (sections.has('api')) {
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
        if (browsingWanted) {
          run.api.endpoints.browsing_while_buying = await browsingWhileBuying(shopUrl, dataset, settings, shop.pid);
        }
        const ceilings = run.api.ceilingRuns.map((c) => c.rps.toLocaleString('en-US')).join(' and ');
        notes.push(`the ceiling was measured before and after the endpoints: ${ceilings} req/s (the mean is used)`);
      }
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
      browsing: browsingWanted,
      web: sections.has('web'),
      coldList: sections.has('api') && wanted('product_list_cold'),
      purchase: sections.has('api') && wanted('purchase'),
    };
    if (options.baseline && wantsAnyBaseline(wants)) {
      await addBaseline(run, options.baseline, dataset, options, settings, wants);
    }
    if (sections.has('mail')) run.mail = await mailSection(dataset, options.mailOrders).catch(errorOf);
  }

  if (sections.has('growth')) {
    // Every size is measured here, one after the other, so all of them see the same machine.
    const byEndpoint: Record<string, Record<string, Measured>> = {};
    for (const size of options.growthSizes) {
      const dataset = await prepareDataset(size, options);
      if (dataset.generatedInSeconds !== undefined) {
        notes.push(`data for ${dataset.label} products generated in ${dataset.generatedInSeconds.toFixed(1)} s`);
      }
      const { endpoints } = await withShop(dataset, (shopUrl) =>
        runApiSuite(shopUrl, undefined, dataset, settings, GROWTH_ENDPOINTS),
      );
      for (const endpoint of GROWTH_ENDPOINTS) {
        byEndpoint[endpoint] ??= {};
        byEndpoint[endpoint][sizeLabel(size)] = endpoints[endpoint] ?? { error: 'not measured' };
      }
    }
    run.growth = { sizes: options.growthSizes.map(sizeLabel), byEndpoint };
  }

  const failures = failuresOf(run);
  notes.push(...failures);
  const json = toJson(run);
  const markdown = toMarkdown(run, json);
  const base = options.resultsName;
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${base}.json`), `${JSON.stringify(json, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, `${base}.md`), markdown);
  process.stdout.write(`\n${markdown}\n`);
  say(`wrote bench/results/${base}.json and bench/results/${base}.md`);
  if (failures.length > 0) {
    // The figures that were measured are written, but a run with a broken measurement is not a pass.
    say(`${failures.length} measurement${failures.length > 1 ? 's' : ''} failed (see Notes)`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
