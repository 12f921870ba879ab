import { CATEGORIES, type Category } from '@shop/contract/constants';
import {
  type ActivityBeacon,
  INSIGHT_FAILED_SEARCHES,
  INSIGHT_TOP_PRODUCTS,
  type InsightProduct,
  type InsightRange,
  type InsightSummary,
} from '@shop/contract/insight';
import { toDollars } from '@shop/contract/money';
import type { Queryable } from '../../db/client';
import { notFound } from '../../platform/errors';
import { enforceRateLimit, type RateLimiter, rateLimitKey } from '../../platform/rate-limit';
import type { ActivityCounter } from './activity-counter';
import * as queries from './insight.queries';
import { mostWaitedSizes } from './most-waited.queries';
import { mostWishedProducts } from './most-wished.queries';

const isCategory = (value: string | null): value is Category => CATEGORIES.includes(value as Category);

type SoldAs = Awaited<ReturnType<typeof queries.soldAs>>;

function toInsightProduct(row: queries.SoldProductRow, soldAs: SoldAs): InsightProduct {
  const gone = row.name === null ? soldAs.get(row.productId) : undefined;
  const category = row.category ?? gone?.category ?? null;
  return {
    productId: row.productId,
    name: row.name ?? gone?.name ?? 'A deleted product',
    image: row.image,
    category: isCategory(category) ? category : null,
    revenue: toDollars(row.revenueCents),
    units: row.units,
    inCatalogue: row.name !== null,
  };
}

/**
 * The sales insight of a range of UTC days. Revenue is what the range's orders charged less what was given
 * back in the range (a refund counts on the day it was made, whenever its order was); the average order
 * value is that over the orders. Categories and products are the items sold, at the price each was sold at.
 */
export async function insightSummary(db: Queryable, range: InsightRange, now = new Date()): Promise<InsightSummary> {
  const [days, categories, top, activity, searches, wished, waited] = await Promise.all([
    queries.dayTotals(db, range),
    queries.categorySales(db, range),
    queries.topProducts(db, range, INSIGHT_TOP_PRODUCTS),
    queries.activityTotals(db, range),
    queries.failedSearches(db, range, INSIGHT_FAILED_SEARCHES),
    mostWishedProducts(db, INSIGHT_TOP_PRODUCTS),
    mostWaitedSizes(db, INSIGHT_TOP_PRODUCTS),
  ]);
  const deleted = [...top.byRevenue, ...top.byUnits].filter((p) => p.name === null).map((p) => p.productId);
  const soldAs = await queries.soldAs(db, range, [...new Set(deleted)]);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const grossCents = days.reduce((sum, d) => sum + d.amountCents, 0);
  const refundedCents = days.reduce((sum, d) => sum + d.refundedCents, 0);
  const netCents = grossCents - refundedCents;
  const byCategory = new Map(categories.map((c) => [c.category, c]));
  return {
    from: range.from,
    to: range.to,
    revenue: toDollars(netCents),
    grossRevenue: toDollars(grossCents),
    refunded: toDollars(refundedCents),
    orders,
    averageOrderValue: orders > 0 ? toDollars(Math.round(netCents / orders)) : 0,
    days: days.map((d) => ({ date: d.date, revenue: toDollars(d.amountCents - d.refundedCents), orders: d.orders })),
    categories: CATEGORIES.map((category) => ({
      category,
      revenue: toDollars(byCategory.get(category)?.revenueCents ?? 0),
      units: byCategory.get(category)?.units ?? 0,
    })),
    topByRevenue: top.byRevenue.map((p) => toInsightProduct(p, soldAs)),
    topByUnits: top.byUnits.map((p) => toInsightProduct(p, soldAs)),
    funnel: {
      productViews: activity.get('product_view') ?? 0,
      addToCarts: activity.get('add_to_cart') ?? 0,
      checkoutsStarted: activity.get('checkout_started') ?? 0,
      ordersPaid: orders,
    },
    mostWished: wished,
    mostWaited: waited,
    failedSearches: searches,
    countedAt: now.toISOString(),
  };
}

/** One address's repeats of a product, viewed or put in a cart, count once in this long. */
export const REPEAT_WINDOW_MS = 30 * 60 * 1000;

export interface BeaconDeps {
  db: Queryable;
  rateLimiter: RateLimiter;
  activity: ActivityCounter;
  beaconsPerMinute: number;
}

/**
 * The web app's add-to-cart beacon. A hostile client cannot inflate the count cheaply: each address has a
 * few a minute (429 past them), a product it already put in a cart in the last half hour does not count
 * again, and the product must exist. The address is only part of the rate limiter's hashed keys, which
 * expire; nothing of it is kept with the count.
 */
export async function recordBeacon(deps: BeaconDeps, ip: string, beacon: ActivityBeacon): Promise<boolean> {
  await enforceRateLimit(
    deps.rateLimiter,
    rateLimitKey('cart-beacon', ip),
    { limit: deps.beaconsPerMinute, windowSeconds: 60, mayCountAlone: true },
    'add-to-cart signals',
  );
  if (!(await queries.productExists(deps.db, beacon.productId))) throw notFound('Product not found');
  const first = await deps.rateLimiter.claim(
    rateLimitKey('cart-beacon-product', `${ip}|${beacon.productId}`),
    REPEAT_WINDOW_MS,
    { mayCountAlone: true },
  );
  if (first) deps.activity.count('add_to_cart');
  return first;
}

/**
 * A product shown to a shopper, as its answer or its page: counted once per address and product in the
 * repeat window, as add-to-carts are, so asking for one product over and over does not inflate the funnel.
 */
export async function countProductView(
  deps: { rateLimiter: RateLimiter; activity: ActivityCounter },
  ip: string,
  productId: string,
): Promise<boolean> {
  const first = await deps.rateLimiter.claim(
    rateLimitKey('product-view', `${ip}|${productId.toLowerCase()}`),
    REPEAT_WINDOW_MS,
  );
  if (first) deps.activity.count('product_view');
  return first;
}
