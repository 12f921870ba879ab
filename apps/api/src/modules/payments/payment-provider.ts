import type { ShippingAddress, ShippingMethod } from '@shop/contract/delivery';
import type { PaymentProviderKind } from '@shop/contract/orders';
import { z } from 'zod';

/** One priced cart line as the shop recorded it: the snapshot an order is later made from. */
export const checkoutLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  unitPriceCents: z.number().int().positive(),
  quantity: z.number().int().positive(),
  /** Absent on sessions opened before the shop had sizes. */
  variantId: z.string().optional(),
  size: z.string().optional(),
  /** The colour's key and name; absent on sessions opened before the shop had colours. */
  color: z.string().optional(),
  colourName: z.string().optional(),
  sku: z.string().optional(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;
export const checkoutLinesSchema = z.array(checkoutLineSchema);

/** A discount code's amount off the items, which the provider takes off its total (Stripe: a coupon). */
export interface CheckoutDiscount {
  /** The code as the shopper sees it on the provider's page. */
  code: string;
  amountCents: number;
}

export interface CreateCheckoutSessionInput {
  lineItems: CheckoutLine[];
  /**
   * Charged as its own line, so the provider's total is the cart's grand total: 5% of the items less
   * the discount.
   */
  taxCents: number;
  /** Taken off the items (never off the tax line or the shipping); null without a code. */
  discount: CheckoutDiscount | null;
  /** Null for a guest who gave none with the cart: the provider's page asks for it. */
  customerEmail: string | null;
  /** May hold `{CHECKOUT_SESSION_ID}`, which the provider fills in on redirect. */
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  expiresAt: Date;
  /**
   * The customer's saved address, which the provider's page starts from; null when none is saved.
   * The page asks for the address and the shipping method, which the provider adds to the total.
   */
  shippingAddressPrefill: ShippingAddress | null;
}

/** The delivery the shopper chose on the provider's page and what the provider charged for it. */
export interface ProviderShipping {
  method: ShippingMethod;
  amountCents: number;
  address: ShippingAddress;
}

export interface ProviderSession {
  id: string;
  status: 'paid' | 'unpaid' | 'expired';
  amountTotalCents: number;
  /** The payment's id at the provider, shown to shoppers as the Transaction ID; null until paid. */
  paymentId: string | null;
  metadata: Record<string, string>;
  /** Null until the shopper has chosen it (and on sessions opened before the shop asked). */
  shipping: ProviderShipping | null;
  /** The e-mail the shopper paid with: the one the shop gave, or the one a guest typed on the page. */
  customerEmail: string | null;
}

/** What a verified webhook tells the shop, in the shop's words. */
export type PaymentEvent =
  | { type: 'checkout.completed'; sessionId: string }
  | { type: 'checkout.failed'; sessionId: string }
  | { type: 'checkout.expired'; sessionId: string }
  /** Money given back on a payment, by the shop or in the provider's dashboard. */
  | { type: 'payment.refunded'; paymentId: string; refunds: ProviderRefund[] }
  | { type: 'ignored'; providerType: string };

/** A refund the provider made; `shopRefundId` is the shop's refund id when the shop asked for it. */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  shopRefundId: string | null;
}

export interface RefundInput {
  paymentId: string;
  amountCents: number;
  /** The shop's refund id: asking again with it answers the same refund, never a second one. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** The provider said no (a definite answer): nothing was refunded, unlike a timeout, where it may have been. */
export class RefundRefusedError extends Error {}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<{ id: string; url: string }>;
  /** The provider's word on a session; null when the provider does not know it. */
  retrieveSession(id: string): Promise<ProviderSession | null>;
  /**
   * Closes an unpaid session so it can no longer be paid (its stock is about to be given back). Answers
   * 'paid' when it was paid first, which the caller must then fulfil instead.
   */
  expireSession(id: string): Promise<'expired' | 'paid'>;
  /**
   * Gives back part or all of a payment, once per idempotency key. Throws RefundRefusedError when the
   * provider refuses; any other error leaves it unknown whether the refund was made.
   */
  refund(input: RefundInput): Promise<{ providerRefundId: string }>;
  /** Verifies the signature over the raw body; throws an AppError (400) when it does not hold. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
