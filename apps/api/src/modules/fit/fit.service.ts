import {
  FIT_ADVICE,
  FIT_SIZE_ADVICE_MIN_CUSTOMERS,
  FIT_SUMMARY_MIN_ANSWERS,
  FIT_VERDICT_MIN_SHARE,
  type FitAnswer,
  type FitSummary,
} from '@shop/contract/fit';
import { PRODUCT_MESSAGES } from '@shop/contract/products';
import { sizePosition } from '@shop/contract/sizes';
import type { Queryable } from '../../db/client';
import { notFound } from '../../platform/errors';
import * as queries from './fit.queries';

type Counts = Record<FitAnswer, number>;
type KeptRow = FitSummary['keptSizes'][number];

/**
 * The verdict of enough answers: runs small or runs large when more than the verdict's share say so,
 * true to size otherwise. Fewer answers than the minimum give none: a handful is an anecdote.
 */
export function fitVerdict(counts: Counts): FitAnswer | null {
  const answers = counts.runs_small + counts.true_to_size + counts.runs_large;
  if (answers < FIT_SUMMARY_MIN_ANSWERS) return null;
  if (counts.runs_small / answers > FIT_VERDICT_MIN_SHARE) return 'runs_small';
  if (counts.runs_large / answers > FIT_VERDICT_MIN_SHARE) return 'runs_large';
  return 'true_to_size';
}

/**
 * For each usual size, the size of this product its customers kept most often (the smaller on a tie), when
 * it is another size and enough customers kept it: what a shopper of that usual size should pick.
 */
export function keptSizeAdvice(rows: readonly KeptRow[]): KeptRow[] {
  const best = new Map<string, KeptRow>();
  for (const row of rows) {
    const held = best.get(row.usualSize);
    const better =
      !held ||
      row.customers > held.customers ||
      (row.customers === held.customers && sizePosition(row.keptSize) < sizePosition(held.keptSize));
    if (better) best.set(row.usualSize, row);
  }
  return [...best.values()]
    .filter((row) => row.keptSize !== row.usualSize && row.customers >= FIT_SIZE_ADVICE_MIN_CUSTOMERS)
    .sort((a, b) => sizePosition(a.usualSize) - sizePosition(b.usualSize));
}

/** How a product fits, from what customers said in reviews and returns, and the sizes they kept. */
export async function fitSummary(db: Queryable, productId: string): Promise<FitSummary> {
  const scale = await queries.findProductScale(db, productId);
  if (scale === undefined) throw notFound(PRODUCT_MESSAGES.notFound);
  // A product in one size has no other size to advise.
  const [counts, kept] = await Promise.all([
    queries.fitAnswerCounts(db, productId),
    scale === 'one' ? Promise.resolve([]) : queries.usualAndKeptSizes(db, productId, scale),
  ]);
  const verdict = fitVerdict(counts);
  return {
    answers: counts.runs_small + counts.true_to_size + counts.runs_large,
    runsSmall: counts.runs_small,
    trueToSize: counts.true_to_size,
    runsLarge: counts.runs_large,
    verdict,
    advice: verdict ? FIT_ADVICE[verdict] : null,
    keptSizes: keptSizeAdvice(kept),
  };
}
