import { z } from 'zod';
import { idSchema } from './common';
import { CATEGORIES, COLORS } from './constants';

/**
 * What the shop counts of its own requests, per UTC day: a product page or product answer served, a
 * product put in a cart (the web app's beacon) and a checkout session opened. Orders paid are the orders
 * made that day. Nothing of the person is kept: no account, address, cookie or device.
 */
export const ACTIVITY_KINDS = ['product_view', 'add_to_cart', 'checkout_started'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A search that found nothing is counted under its term, normalised and cut to this many characters. */
export const SEARCH_TERM_MAX_LENGTH = 64;

/** The longest range the insight covers at once: a year, leap day included. */
export const INSIGHT_MAX_DAYS = 366;
/** The ranges the insight page offers, in days ending today (UTC). */
export const INSIGHT_PRESET_DAYS = [7, 30, 90] as const;
export const INSIGHT_DEFAULT_DAYS: (typeof INSIGHT_PRESET_DAYS)[number] = 30;
export const INSIGHT_TOP_PRODUCTS = 10;
export const INSIGHT_FAILED_SEARCHES = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day as YYYY-MM-DD; the shop's days are UTC days. */
export const isoDaySchema = z.iso.date({ message: 'Must be a date as YYYY-MM-DD' });

/** The UTC day `date` falls on, as YYYY-MM-DD. */
export const isoDayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** `day` moved by `days` (negative: earlier). */
export const addDays = (day: string, days: number): string =>
  isoDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Days from `from` to `to`, both counted: 1 for a single day. */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The last `days` UTC days up to and including the day of `now`. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = isoDayOf(now);
  return { from: addDays(to, 1 - days), to };
}

/** A range of whole UTC days, both ends included; the API and the custom range form check it alike. */
export const insightRangeSchema = z
  .object({ from: isoDaySchema, to: isoDaySchema })
  .refine((r) => r.from <= r.to, { path: ['to'], message: 'The end must not be before the start' })
  .refine((r) => r.from > r.to || daysInRange(r.from, r.to) <= INSIGHT_MAX_DAYS, {
    path: ['to'],
    message: `A range can cover at most ${INSIGHT_MAX_DAYS} days`,
  });
export type InsightRange = z.infer<typeof insightRangeSchema>;

export const insightProductSchema = z.object({
  productId: idSchema,
  /** The product's name now, or as it was sold when the product has been deleted since. */
  name: z.string(),
  /** Null once the product is deleted. */
  image: z.string().nullable(),
  category: z.enum(CATEGORIES).nullable(),
  /** Dollars: units times the price each was sold at, before tax, shipping and refunds. */
  revenue: z.number(),
  units: z.number().int(),
  /** False once the product is deleted: its sales still count. */
  inCatalogue: z.boolean(),
});
export type InsightProduct = z.infer<typeof insightProductSchema>;

/** A product on customers' wishlists: its saves (each colour and size apart) and the customers who saved it. */
export const insightWishedProductSchema = z.object({
  productId: idSchema,
  name: z.string(),
  image: z.string(),
  category: z.enum(CATEGORIES),
  saves: z.number().int(),
  customers: z.number().int(),
});
export type InsightWishedProduct = z.infer<typeof insightWishedProductSchema>;

export const insightFunnelSchema = z.object({
  productViews: z.number().int(),
  addToCarts: z.number().int(),
  checkoutsStarted: z.number().int(),
  ordersPaid: z.number().int(),
});
export type InsightFunnel = z.infer<typeof insightFunnelSchema>;

/** A sold-out size of a colour and how many shoppers wait to hear it is back. */
export const insightWaitedSizeSchema = z.object({
  productId: z.string(),
  name: z.string(),
  colour: z.enum(COLORS),
  colourName: z.string(),
  size: z.string(),
  waiting: z.number().int(),
});
export type InsightWaitedSize = z.infer<typeof insightWaitedSizeSchema>;

/** The admin's sales insight for a range. Money in dollars with at most two decimals. */
export const insightSummarySchema = z.object({
  from: isoDaySchema,
  to: isoDaySchema,
  /** What the range's orders charged, less what was given back in the range (of any order). */
  revenue: z.number(),
  grossRevenue: z.number(),
  refunded: z.number(),
  orders: z.number().int(),
  /** Revenue (net of refunds) over orders; 0 without orders. */
  averageOrderValue: z.number(),
  /** Every day of the range, oldest first, days without orders as 0; a day's refunds come off its revenue. */
  days: z.array(z.object({ date: isoDaySchema, revenue: z.number(), orders: z.number().int() })),
  /** Every category, in the catalogue's order: the items sold in it (before tax, shipping and refunds). */
  categories: z.array(z.object({ category: z.enum(CATEGORIES), revenue: z.number(), units: z.number().int() })),
  topByRevenue: z.array(insightProductSchema),
  topByUnits: z.array(insightProductSchema),
  funnel: insightFunnelSchema,
  /**
   * The products most saved on customers' wishlists now, whatever the range (a wishlist is what shoppers
   * want today), most saves first; at most INSIGHT_TOP_PRODUCTS.
   */
  mostWished: z.array(insightWishedProductSchema),
  /**
   * The sold-out sizes most shoppers wait to be e-mailed about now, whatever the range, most waiting
   * first; at most INSIGHT_TOP_PRODUCTS.
   */
  mostWaited: z.array(insightWaitedSizeSchema),
  /** Searches that found nothing, most asked first. */
  failedSearches: z.array(z.object({ term: z.string(), count: z.number().int() })),
  /** When these figures were read: answers are kept a few seconds, and counts reach the database in batches. */
  countedAt: z.iso.datetime(),
});
export type InsightSummary = z.infer<typeof insightSummarySchema>;

/** The web app's beacon: a product put in a cart. The server checks the product and limits each address. */
export const activityBeaconSchema = z.strictObject({
  kind: z.literal('add_to_cart'),
  productId: idSchema,
});
export type ActivityBeacon = z.infer<typeof activityBeaconSchema>;

/** The columns of the orders export, in order. */
export const ORDERS_CSV_COLUMNS = [
  'Order',
  'Transaction ID',
  'Created (UTC)',
  'Customer e-mail',
  'Status',
  'Items',
  'Subtotal',
  'Discount code',
  'Discount',
  'Tax',
  'Shipping',
  'Total',
  'Refunded',
  'Net',
] as const;

/** The export's file name for a range. */
export const ordersCsvFileName = (range: InsightRange) => `orders-${range.from}-to-${range.to}.csv`;
