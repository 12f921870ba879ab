import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENDPOINTS } from './lib/api-suite';
import { BACK_IN_STOCK_ROW } from './lib/back-in-stock-drain';
import { BROWSING_WHILE_BUYING } from './lib/browsing-while-buying';
import type { LoadSettings } from './lib/load';
import { toMarkdown } from './lib/markdown';
import { type BenchOptions, HELP, parseOptions, repoRoot, resultsDir } from './lib/options';
import { PURCHASE_ROWS } from './lib/purchase-suite';
import { type BenchRun, toJson } from './lib/report';
import { errorOf, say } from './lib/run';
import { datasetSections, growthSection, type RunContext } from './lib/sections';
import { buildWeb, measureWebSizes } from './lib/web-size';

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
  check('back in stock', run.backInStock);
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

/** A run with nothing measured yet: the machine, the commit and the settings it runs with. */
function newRun(options: BenchOptions, settings: LoadSettings): BenchRun {
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
  return run;
}

/** Whether a row of the API section is measured; a row asked for by a name that is none is refused. */
function rowFilter(options: BenchOptions): (row: string) => boolean {
  const knownRows = new Set<string>([
    ...ENDPOINTS,
    ...PURCHASE_ROWS,
    BROWSING_WHILE_BUYING,
    'catalogue_import',
    BACK_IN_STOCK_ROW,
  ]);
  const unknownRow = [...(options.rows ?? [])].find((row) => !knownRows.has(row));
  if (unknownRow) throw new Error(`--rows: no row ${unknownRow}; the rows are ${[...knownRows].join(', ')}`);
  return (row: string) => !options.rows || options.rows.has(row);
}

/** The results as JSON and Markdown under bench/results; a run with a failed measurement exits 1. */
function writeResults(run: BenchRun, options: BenchOptions): void {
  const failures = failuresOf(run);
  run.notes.push(...failures);
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
  const run = newRun(options, settings);
  const ctx: RunContext = { run, options, settings, wanted: rowFilter(options) };
  const { sections } = options;
  // The shop reads the web build when it starts, so the build comes first.
  if (options.buildWeb && (sections.has('web') || sections.has('lighthouse'))) {
    await buildWeb().catch((err: unknown) => run.notes.push(`web build failed: ${errorOf(err).error}`));
  }
  if (sections.has('web'))
    run.web = await Promise.resolve()
      .then(() => measureWebSizes())
      .catch(errorOf);
  await datasetSections(ctx);
  if (sections.has('growth')) run.growth = await growthSection(ctx);
  writeResults(run, options);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
