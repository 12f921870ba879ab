import { apiPaths } from '@shop/contract/api-paths';
import { addDays, INSIGHT_MAX_DAYS, type InsightSummary, isoDayOf } from '@shop/contract/insight';
import { ACTIVITY_DAYS } from '../../apps/api/src/seed/activity-generator';

/** The ranges of the sales insight the bench asks for, found in the data it runs on. */
/**
 * Insight summaries a second: far more than a shop's staff ask for, few enough that the latency measured is
 * the summary's own, not a queue's (as for the crawl in api-suite.ts). A year's summary sums a year of per-product
 * totals (about 130,000 rows on 100k orders, a few hundred milliseconds of a two-core machine): at the
 * month's pace its row would measure only the queue, so it is asked for more slowly.
 */
export const INSIGHT_RATE = { month: 10, year: 2 } as const;

/**
 * The newest UTC day with orders. The generator spreads orders over the ACTIVITY_DAYS before it ran and a
 * bench database is kept between runs, so the days with orders end when the data was made, not today.
 */
async function newestOrderDay(baseUrl: string, adminToken: string): Promise<string> {
  let to = isoDayOf(new Date());
  for (let year = 0; year < 3; year++) {
    const from = addDays(to, 1 - INSIGHT_MAX_DAYS);
    const res = await fetch(`${baseUrl}${apiPaths.insightSummary}?from=${from}&to=${to}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (!res.ok) throw new Error(`the insight summary answered ${res.status}: ${await res.text()}`);
    const newest = ((await res.json()) as InsightSummary).days.findLast((d) => d.orders > 0);
    if (newest) return newest.date;
    to = addDays(from, -1);
  }
  throw new Error('The benchmark data has no orders in the last three years');
}

/**
 * Summaries of ranges of `days` days that all lie within the generated orders, each ending a day earlier
 * than the one before. The shop keeps a range's answer for one flush interval (10 s) and at most 100 ranges:
 * a walk through this many distinct ranges at INSIGHT_RATE never asks for one it keeps, so every
 * answer is read from the database.
 */
function insightPaths(newest: string, days: number): string[] {
  return Array.from({ length: ACTIVITY_DAYS - days + 1 }, (_, back) => {
    const to = addDays(newest, -back);
    return `${apiPaths.insightSummary}?from=${addDays(to, 1 - days)}&to=${to}`;
  });
}

/** The insight's ranges of 30 and of 366 days (they depend on the data's days). */
export interface InsightRanges {
  month: string[];
  year: string[];
}

export async function insightRanges(baseUrl: string, adminToken: string): Promise<InsightRanges> {
  const newest = await newestOrderDay(baseUrl, adminToken);
  return { month: insightPaths(newest, 30), year: insightPaths(newest, INSIGHT_MAX_DAYS) };
}
