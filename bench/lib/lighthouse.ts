import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { say } from './run';

export interface PageScore {
  performance: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  /** Lighthouse's other categories, 0 to 100: what search engines and link previews depend on. */
  seo: number;
  best_practices: number;
  accessibility: number;
  /**
   * Lighthouse's measure of this machine's speed when it ran (higher is faster): scores move with it,
   * so a score is read beside the speed it was made at.
   */
  benchmark_index: number;
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

async function audit(url: string, chromePath: string): Promise<PageScore> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    // The default configuration is the mobile preset: a mid-range phone on a slow 4G line, simulated.
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance', 'seo', 'best-practices', 'accessibility'],
      logLevel: 'error',
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      seo: score('seo'),
      best_practices: score('best-practices'),
      accessibility: score('accessibility'),
      lcp_ms: Math.round(metric('largest-contentful-paint')),
      tbt_ms: Math.round(metric('total-blocking-time')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      benchmark_index: Math.round(lhr.environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Runs a page `runs` times and keeps the run with the median performance score (Lighthouse's advice).
 * Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is tried again, twice at most.
 */
export async function scorePage(url: string, chromePath: string, runs: number): Promise<PageScore> {
  const scores: PageScore[] = [];
  for (let attempt = 1; scores.length < runs && attempt <= runs + 2; attempt++) {
    try {
      scores.push(await audit(url, chromePath));
    } catch (err) {
      say(`  ${url}: run ${attempt} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const sorted = scores.sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error(`no Lighthouse run for ${url}`);
  say(`  ${url}: ${sorted.map((s) => s.performance).join(', ')}`);
  return median;
}
