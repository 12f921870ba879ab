import fs from 'node:fs';
import path from 'node:path';
import { attempt } from './api-suite';
import { measureBrowsingWhileBuying } from './browsing-while-buying';
import type { Dataset } from './datasets';
import { type PageScore, scorePage } from './lighthouse';
import type { LoadSettings } from './load';
import { withPeakMemory } from './memory';
import type { BenchOptions } from './options';
import { LIGHTHOUSE_PAGES } from './report';
import { errorOf, say } from './run';

/** What the bench measures on a running shop besides the load of its endpoints, for this build and a baseline. */

/** The pages the comparison with another build measures: where the content now arrives in the HTML. */
export const COMPARED_PAGES = ['home', 'shop', 'product'] as const;

export async function lighthousePages(
  shopUrl: string,
  dataset: Dataset,
  options: BenchOptions,
  pages: readonly (typeof LIGHTHOUSE_PAGES)[number][] = LIGHTHOUSE_PAGES,
) {
  const productId = dataset.fixtures.reviewedProductIds[0];
  const paths: Record<(typeof LIGHTHOUSE_PAGES)[number], string> = {
    home: '/',
    shop: '/shop',
    category: '/categories/dress',
    product: `/shop/${productId}`,
  };
  const scores: Record<string, PageScore | { error: string }> = {};
  for (const page of pages) {
    say(`Lighthouse ${page} (${options.lighthouseRuns} run${options.lighthouseRuns > 1 ? 's' : ''})`);
    scores[page] = await scorePage(`${shopUrl}${paths[page]}`, options.chromePath, options.lighthouseRuns).catch(
      errorOf,
    );
  }
  return scores;
}

/** 50 connections browsing while the buyers purchase, once the mails of earlier purchases are sent. */
export async function browsingWhileBuying(
  shopUrl: string,
  dataset: Dataset,
  settings: LoadSettings,
  shopPid: number | undefined,
  of = '',
) {
  await mailsSettled(dataset.dataDir);
  return attempt(`browsing while buying${of}`, () =>
    withPeakMemory(shopPid, () => measureBrowsingWhileBuying(shopUrl, dataset, settings)),
  );
}

/**
 * The purchases' confirmation mails are sent for a while after the last purchase (to the dev mailbox,
 * files under DATA_DIR/mail): Lighthouse waits until no new one has arrived for two seconds, so the
 * shop's mail thread does not share the machine with the browser being measured.
 */
export async function mailsSettled(dataDir: string, timeoutSeconds = 180): Promise<void> {
  const dir = path.join(dataDir, 'mail');
  const count = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
  const deadline = Date.now() + timeoutSeconds * 1000;
  let last = -1;
  while (Date.now() < deadline) {
    const now = count();
    if (now === last) return;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
