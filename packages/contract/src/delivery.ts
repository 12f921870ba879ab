import { z } from 'zod';
import { SHIPPING_COUNTRIES, SHIPPING_COUNTRY_CODES, SHIPPING_METHODS, type ShippingCountry } from './shipping';
import { isStorableText, unstorableTextMessage } from './text';

/** The prices, methods and countries live in shipping.ts; what imports delivery sees them here too. */
export {
  EXPRESS_SHIPPING_CENTS,
  FREE_STANDARD_SHIPPING_FROM_CENTS,
  SHIPPING_COUNTRIES,
  SHIPPING_COUNTRY_CODES,
  SHIPPING_METHOD_DELIVERY,
  SHIPPING_METHOD_LABELS,
  SHIPPING_METHODS,
  SHIPPING_PROMISES,
  type ShippingCountry,
  type ShippingMethod,
  STANDARD_SHIPPING_CENTS,
  shippingCentsFor,
} from './shipping';

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
