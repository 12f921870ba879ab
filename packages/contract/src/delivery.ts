import { z } from 'zod';
import { isStorableText, unstorableTextMessage } from './text';

/**
 * Delivery: where an order goes and how fast. The shopper chooses on the hosted checkout page; the
 * server prices it from these constants, never from what a client sends.
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

/** An address field's text: stored with the order, so it keeps the shop's rule for text (text.ts). */
const storableAddressText = (what: string, max: number) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .refine(isStorableText, unstorableTextMessage(what))
    .max(max, `${what} must be at most ${max} characters`);

const addressText = (what: string, max: number) => storableAddressText(what, max).min(1, `${what} is required`);

export const shippingAddressSchema = z.object({
  fullName: addressText('Full name', 100),
  line1: addressText('Address line 1', 200),
  line2: storableAddressText('Address line 2', 200).default(''),
  city: addressText('City', 100),
  region: storableAddressText('Region', 100).default(''),
  postalCode: addressText('Postal code', 20),
  country: z.enum(SHIPPING_COUNTRY_CODES as [ShippingCountry, ...ShippingCountry[]], {
    message: 'Choose a country from the list',
  }),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** An order's delivery as it was chosen at checkout. */
export const orderShippingSchema = z.object({
  method: z.enum(SHIPPING_METHODS),
  /** Dollars, as every amount the API answers. */
  amount: z.number(),
  address: shippingAddressSchema,
});
export type OrderShipping = z.infer<typeof orderShippingSchema>;

/** The address as lines for a page or a mail, the country by name. */
export function addressLines(address: ShippingAddress): string[] {
  return [
    address.fullName,
    address.line1,
    address.line2,
    [address.city, address.region, address.postalCode].filter(Boolean).join(', '),
    SHIPPING_COUNTRIES[address.country],
  ].filter(Boolean);
}

/** The customer's saved address: GET answers it (or null), PUT replaces it, DELETE forgets it. */
export const savedAddressResponseSchema = z.object({ address: shippingAddressSchema.nullable() });
