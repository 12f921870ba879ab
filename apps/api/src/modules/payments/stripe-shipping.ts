import {
  SHIPPING_COUNTRIES,
  SHIPPING_COUNTRY_CODES,
  SHIPPING_METHOD_LABELS,
  SHIPPING_METHODS,
  type ShippingAddress,
  type ShippingCountry,
  type ShippingMethod,
  shippingCentsFor,
} from '@shop/contract/delivery';
import type Stripe from 'stripe';
import type { ProviderShipping } from './payment-provider';

/**
 * What a Checkout session needs to ask for the address and the method: the shop's countries, and one
 * fixed-amount rate per method priced from the items (Stripe charges no tax on them: tax is a line).
 */
export function stripeShippingParams(
  itemsCents: number,
  currency: string,
): Pick<Stripe.Checkout.SessionCreateParams, 'shipping_address_collection' | 'shipping_options'> {
  return {
    shipping_address_collection: {
      allowed_countries:
        SHIPPING_COUNTRY_CODES as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
    },
    shipping_options: SHIPPING_METHODS.map((method) => ({
      shipping_rate_data: {
        type: 'fixed_amount' as const,
        fixed_amount: { amount: shippingCentsFor(method, itemsCents), currency },
        display_name: SHIPPING_METHOD_LABELS[method],
        metadata: { method },
      },
    })),
  };
}

/** Ask for the rate itself with the session, to read which method it was. */
export const STRIPE_SHIPPING_EXPAND = ['shipping_cost.shipping_rate'];

type ShippingDetails = { name?: string | null; address?: Stripe.Address | null };

function methodOf(rate: string | Stripe.ShippingRate | null): ShippingMethod | null {
  if (!rate || typeof rate === 'string') return null;
  const tagged = rate.metadata?.method;
  if (tagged && (SHIPPING_METHODS as readonly string[]).includes(tagged)) return tagged as ShippingMethod;
  return SHIPPING_METHODS.find((m) => SHIPPING_METHOD_LABELS[m] === rate.display_name) ?? null;
}

function addressOf(details: ShippingDetails | null | undefined): ShippingAddress | null {
  const address = details?.address;
  const country = address?.country ?? '';
  if (!address || !(country in SHIPPING_COUNTRIES)) return null;
  return {
    fullName: details?.name ?? '',
    line1: address.line1 ?? '',
    line2: address.line2 ?? '',
    city: address.city ?? '',
    region: address.state ?? '',
    postalCode: address.postal_code ?? '',
    country: country as ShippingCountry,
  };
}

/**
 * The delivery a paid session carries, in the shop's words: the address from
 * `collected_information.shipping_details` (or the older `shipping_details`), the method from the
 * chosen rate's metadata and the amount from `shipping_cost`. Null when any of them is missing.
 */
export function stripeShippingOf(session: Stripe.Checkout.Session): ProviderShipping | null {
  const legacy = (session as unknown as { shipping_details?: ShippingDetails | null }).shipping_details;
  const address = addressOf(session.collected_information?.shipping_details ?? legacy);
  const method = methodOf(session.shipping_cost?.shipping_rate ?? null);
  if (!address || !method || !session.shipping_cost) return null;
  return { method, amountCents: session.shipping_cost.amount_total, address };
}
