import type { InsightRange } from '@shop/contract/insight';
import {
  INSIGHT_RETURN_PRODUCTS,
  INSIGHT_SIZE_RETURNS_FACTOR,
  INSIGHT_SIZE_RETURNS_MIN_SOLD,
  type InsightReturnProduct,
  type InsightReturns,
} from '@shop/contract/insight-returns';
import { RETURN_REASONS } from '@shop/contract/returns';
import { sizePosition } from '@shop/contract/sizes';
import type { Queryable } from '../../db/client';
import * as queries from './returns-rates.queries';

/** A share to four decimals (a hundredth of a percent), 0 of nothing. */
const rateOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

const toProduct = (row: queries.ProductReturnsRow): InsightReturnProduct => ({
  ...row,
  rate: rateOf(row.returned, row.sold),
  sizeRate: rateOf(row.sizeReturned, row.sold),
});

/**
 * What came back of the range's sales. Returns count against the units of the orders made in the range,
 * whenever they came back, so a range's rate is of its own sales; a product's size returns stand out at
 * a multiple of the shop's size rate, on enough units sold for the rate to mean something.
 */
export async function returnRates(db: Queryable, range: InsightRange): Promise<InsightReturns> {
  const [totals, byReason, bySize, byProduct] = await Promise.all([
    queries.returnTotals(db, range),
    queries.returnsByReason(db, range),
    queries.returnsBySize(db, range),
    queries.productReturns(db, range, { by: 'all', limit: INSIGHT_RETURN_PRODUCTS }),
  ]);
  const sizeRate = totals.sold > 0 ? totals.sizeReturned / totals.sold : 0;
  const standOuts =
    totals.sizeReturned > 0
      ? await queries.productReturns(db, range, {
          by: 'size',
          limit: INSIGHT_RETURN_PRODUCTS,
          minSold: INSIGHT_SIZE_RETURNS_MIN_SOLD,
          minRate: sizeRate * INSIGHT_SIZE_RETURNS_FACTOR,
        })
      : [];
  return {
    from: range.from,
    to: range.to,
    sold: totals.sold,
    returned: totals.returned,
    rate: rateOf(totals.returned, totals.sold),
    sizeRate: rateOf(totals.sizeReturned, totals.sold),
    byReason: RETURN_REASONS.map((reason) => {
      const returned = byReason.get(reason) ?? 0;
      return { reason, returned, rate: rateOf(returned, totals.sold) };
    }),
    bySize: bySize
      .sort((a, b) => sizePosition(a.size) - sizePosition(b.size) || (a.size < b.size ? -1 : 1))
      .map((s) => ({ ...s, rate: rateOf(s.returned, s.sold) })),
    byProduct: byProduct.map(toProduct),
    sizeStandOuts: standOuts.map(toProduct),
  };
}
