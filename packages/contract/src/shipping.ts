import { formatMoney, toDollars } from './money';

/**
 * Delivery: where an order goes and how fast. The shopper chooses on the hosted checkout page; the
 * server prices it from these constants, never from what a client sends. Plain values without zod, so
 * a page's first script can say what shipping costs without loading the schemas (delivery.ts).
 */
export const SHIPPING_METHODS = ['standard', 'express'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export const STANDARD_SHIPPING_CENTS = 500;
/** Standard shipping is free once the items come to this much (before tax). */
export const FREE_STANDARD_SHIPPING_FROM_CENTS = 10_000;
export const EXPRESS_SHIPPING_CENTS = 1500;

export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  standard: 'Standard',
  express: 'Express',
};
export const SHIPPING_METHOD_DELIVERY: Record<ShippingMethod, string> = {
  standard: '3-5 business days',
  express: '1-2 business days',
};

/** What a method costs for items worth `itemsCents`. Tax is never charged on shipping. */
export function shippingCentsFor(method: ShippingMethod, itemsCents: number): number {
  if (method === 'express') return EXPRESS_SHIPPING_CENTS;
  return itemsCents >= FREE_STANDARD_SHIPPING_FROM_CENTS ? 0 : STANDARD_SHIPPING_CENTS;
}

/** The countries the shop ships to, by ISO 3166-1 alpha-2 code. */
export const SHIPPING_COUNTRIES = {
  AU: 'Australia',
  AT: 'Austria',
  BE: 'Belgium',
  CA: 'Canada',
  DK: 'Denmark',
  FI: 'Finland',
  FR: 'France',
  DE: 'Germany',
  IE: 'Ireland',
  IT: 'Italy',
  JP: 'Japan',
  NL: 'Netherlands',
  NZ: 'New Zealand',
  NO: 'Norway',
  PT: 'Portugal',
  SG: 'Singapore',
  ES: 'Spain',
  SE: 'Sweden',
  CH: 'Switzerland',
  GB: 'United Kingdom',
  US: 'United States',
} as const;
export type ShippingCountry = keyof typeof SHIPPING_COUNTRIES;
export const SHIPPING_COUNTRY_CODES = Object.keys(SHIPPING_COUNTRIES) as ShippingCountry[];

const dollars = (cents: number) => formatMoney(toDollars(cents));

/**
 * What the shop's pages say about delivery, written from the prices and the countries above, so a page
 * never promises more than the checkout charges or goes further than it ships. Standard is free by the
 * items' value after any discount and before tax, as `shippingCentsFor` reads it.
 */
export const SHIPPING_PROMISES = {
  freeStandard: `Free standard shipping from ${dollars(FREE_STANDARD_SHIPPING_FROM_CENTS)} of items`,
  /** What the methods cost below that. */
  belowFree: `Below that, ${SHIPPING_METHOD_LABELS.standard} is ${dollars(STANDARD_SHIPPING_CENTS)} (${SHIPPING_METHOD_DELIVERY.standard}); ${SHIPPING_METHOD_LABELS.express} is ${dollars(EXPRESS_SHIPPING_CENTS)} (${SHIPPING_METHOD_DELIVERY.express}).`,
  countries: `We ship to ${SHIPPING_COUNTRY_CODES.length} countries.`,
} as const;
