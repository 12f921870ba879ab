import path from 'node:path';
import { type Measured, runApiSuite } from './api-suite';
import { prepareBaseline } from './baseline';
import type { Dataset } from './datasets';
import type { LoadSettings } from './load';
import type { BenchOptions } from './options';
import { startShop } from './processes';
import { runPurchaseAndHash } from './purchase-suite';
import type { BenchRun } from './report';
import { errorOf, say } from './run';
import { browsingWhileBuying, COMPARED_PAGES, lighthousePages, mailsSettled } from './shop-measures';
import { measureInitialSizes } from './web-size';

/** What the comparison with another commit measures, each part when its section or row is asked for. */
export interface BaselineWants {
  lighthouse: boolean;
  browsing: boolean;
  /** What `/` loads at once, from the baseline's own build. */
  web: boolean;
  /** The cold list, the row a change to the catalogue's answers would slow first. */
  coldList: boolean;
  /** The whole purchase, the row a change to checkout would slow first. */
  purchase: boolean;
}

export const wantsAnyBaseline = (wants: BaselineWants) => Object.values(wants).some(Boolean);

/**
 * Another commit's shop on the same data, after this one's: its build's first-page sizes, the cold list,
 * the purchase, the browsing while buying row and Lighthouse on the same pages, each when asked for.
 */
async function measureBaseline(
  ref: string,
  dataset: Dataset,
  options: BenchOptions,
  settings: LoadSettings,
  wants: BaselineWants,
) {
  const buildWeb = wants.lighthouse || wants.web;
  const { checkout, commit, remove } = await prepareBaseline(ref, { buildWeb });
  const of = ` on ${ref} (${commit})`;
  try {
    const web = wants.web
      ? await Promise.resolve()
          .then(() => measureInitialSizes(path.join(checkout, 'apps/web/dist')))
          .catch(errorOf)
      : undefined;
    say(`starting the shop of ${ref} (${commit}) for the comparison`);
    const shop = await startShop(dataset, {}, checkout);
    try {
      const rows: Partial<Record<'product_list_cold' | 'purchase' | 'browsing_while_buying', Measured>> = {};
      if (wants.coldList) {
        const cold = await runApiSuite(shop.url, undefined, dataset, settings, ['product_list_cold'], shop.pid);
        rows.product_list_cold = cold.endpoints.product_list_cold;
      }
      if (wants.purchase) {
        rows.purchase = (await runPurchaseAndHash(shop.url, dataset, settings, ['purchase'], shop.pid)).purchase;
      }
      if (wants.browsing)
        rows.browsing_while_buying = await browsingWhileBuying(shop.url, dataset, settings, shop.pid, of);
      if (wants.lighthouse) await mailsSettled(dataset.dataDir);
      const pages = wants.lighthouse ? await lighthousePages(shop.url, dataset, options, COMPARED_PAGES) : undefined;
      return { ref, commit, pages, rows, web };
    } finally {
      await shop.stop();
    }
  } finally {
    remove();
  }
}

/** Measures the baseline and files what it gave, or why it failed, in the run's baseline parts. */
export async function addBaseline(
  run: BenchRun,
  ref: string,
  dataset: Dataset,
  options: BenchOptions,
  settings: LoadSettings,
  wants: BaselineWants,
): Promise<void> {
  const baseline = await measureBaseline(ref, dataset, options, settings, wants).catch(errorOf);
  if ('error' in baseline) {
    if (wants.lighthouse) run.lighthouseBaseline = baseline;
    if (wants.browsing || wants.coldList || wants.purchase) run.apiBaseline = baseline;
    if (wants.web) run.webBaseline = baseline;
    return;
  }
  const { commit, pages, rows, web } = baseline;
  if (pages) run.lighthouseBaseline = { ref, commit, pages };
  if (Object.keys(rows).length > 0) run.apiBaseline = { ref, commit, ...rows };
  if (web) run.webBaseline = 'error' in web ? web : { ref, commit, ...web };
}
