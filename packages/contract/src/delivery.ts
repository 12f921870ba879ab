import { z } from 'zod';
import { SHIPPING_COUNTRIES, SHIPPING_COUNTRY_CODES, SHIPPING_METHODS, type ShippingCountry } from './shipping';

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

const addressText = (what: string, max: number) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`);

export const shippingAddressSchema = z.object({
  fullName: addressText('Full name', 100),
  line1: addressText('Address line 1', 200),
  line2: z.string().trim().max(200, 'Address line 2 must be at most 200 characters').default(''),
  city: addressText('City', 100),
  region: z.string().trim().max(100, 'Region must be at most 100 characters').default(''),
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
