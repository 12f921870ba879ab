import type http from 'node:http';

// The objects the fake keeps and answers, shaped as Stripe's API answers them.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The bracket-encoded form the SDK sent, as flat keys (`line_items[0][quantity]`). */
  form: URLSearchParams;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  /** Filled in once paid: the e-mail given to the session, or the one typed on the page without it. */
  customer_details: { email: string | null } | null;
  /** The Customer whose saved shipping address the page starts from. */
  customer: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
  shipping_address_collection: { allowed_countries: string[] } | null;
  /** The rates the session offers, as Stripe answers them when the session is expanded. */
  shipping_options: { shipping_amount: number; shipping_rate: FakeShippingRate }[];
  shipping_cost: { amount_subtotal: number; amount_tax: number; amount_total: number; shipping_rate: string } | null;
  collected_information: { shipping_details: FakeShippingDetails | null } | null;
  /** The coupons applied, as Stripe lists them. */
  discounts: { coupon: string }[];
  /** The line items' sum before the coupon, and what the coupon and the shipping came to. */
  amount_subtotal: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
}

export interface FakeShippingRate {
  id: string;
  object: 'shipping_rate';
  display_name: string;
  fixed_amount: { amount: number; currency: string };
  metadata: Record<string, string>;
}

export interface FakeShippingDetails {
  name: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string | null;
    postal_code: string;
    country: string;
  };
}

/** The delivery a shopper picks on Stripe's page: the rate of a method (by its metadata) and the address. */
export interface FakeDelivery {
  method: string;
  details: FakeShippingDetails;
}

/** A coupon as the shop makes one: an amount off, once. */
export interface FakeCoupon {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  percent_off: number | null;
  currency: string | null;
  duration: string;
  max_redemptions: number | null;
  times_redeemed: number;
  name: string | null;
  redeem_by: number | null;
  valid: boolean;
  metadata: Record<string, string>;
}

/** A Stripe Customer as the shop uses one: its e-mail and the shipping address Checkout starts from. */
export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  shipping: { name: string; address: Record<string, string> } | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string | null;
  metadata: Record<string, string>;
  status: 'succeeded' | 'pending' | 'failed';
}
