import { TAX_PERCENT } from '@shop/contract/constants';
import type { ShippingAddress } from '@shop/contract/delivery';
import { describeChoice } from '@shop/contract/inventory';
import Stripe from 'stripe';
import type { AppConfig } from '../../platform/config';
import {
  type CheckoutDiscount,
  type CreateCheckoutSessionInput,
  type PaymentProvider,
  type ProviderSession,
  type RefundInput,
  RefundRefusedError,
} from './payment-provider';
import { STRIPE_SHIPPING_EXPAND, stripeShippingOf, stripeShippingParams } from './stripe-shipping';
import { parseStripeWebhook } from './stripe-webhooks';

export type StripeSettings = NonNullable<AppConfig['stripe']>;

const CURRENCY = 'usd';

/** The SDK pointed at Stripe, or at another host (a local fake in tests) when `apiUrl` is set. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.port = url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
  }
  return new Stripe(settings.secretKey, options);
}

function statusOf(session: Stripe.Checkout.Session): ProviderSession['status'] {
  if (session.status === 'complete' && session.payment_status !== 'unpaid') return 'paid';
  return session.status === 'expired' ? 'expired' : 'unpaid';
}

function paymentIdOf(session: Stripe.Checkout.Session): string | null {
  if (statusOf(session) !== 'paid') return null;
  const intent = session.payment_intent;
  // A session with nothing to pay has no payment intent; its own id is the only reference.
  return (typeof intent === 'string' ? intent : intent?.id) ?? session.id;
}

/**
 * The shopper's Stripe Customer, carrying the shop's saved address: Checkout prefills its shipping form
 * from the Customer. One per e-mail, found again on the next checkout and given the current address.
 */
async function customerWithAddress(stripe: Stripe, email: string, address: ShippingAddress): Promise<string> {
  const shipping: Stripe.CustomerCreateParams.Shipping = {
    name: address.fullName,
    address: {
      line1: address.line1,
      ...(address.line2 ? { line2: address.line2 } : {}),
      city: address.city,
      ...(address.region ? { state: address.region } : {}),
      postal_code: address.postalCode,
      country: address.country,
    },
  };
  const [existing] = (await stripe.customers.list({ email, limit: 1 })).data;
  if (existing) {
    await stripe.customers.update(existing.id, { shipping });
    return existing.id;
  }
  return (await stripe.customers.create({ email, shipping })).id;
}

/**
 * The shop's discount as a Stripe coupon for this one session: the amount the shop priced in cents (a
 * percentage code too, so Stripe rounds nothing), named by the code, usable once and only until the
 * session ends. Stripe takes it off the line items, the tax line included, and never off the shipping:
 * items + tax - discount is the tax line's own base less the discount, so the total Stripe charges is
 * the grand total the shop recorded, to the cent.
 */
async function oneOffCoupon(stripe: Stripe, discount: CheckoutDiscount, expiresAt: Date): Promise<string> {
  const coupon = await stripe.coupons.create({
    amount_off: discount.amountCents,
    currency: CURRENCY,
    duration: 'once',
    max_redemptions: 1,
    name: discount.code,
    redeem_by: Math.ceil(expiresAt.getTime() / 1000),
    metadata: { code: discount.code },
  });
  return coupon.id;
}

/** The cart's lines as Stripe's line items, tax as a line of its own. */
function lineItemsOf(input: CreateCheckoutSessionInput, publicUrl: string) {
  const productLines = input.lineItems.map((line) => ({
    quantity: line.quantity,
    price_data: {
      currency: CURRENCY,
      unit_amount: line.unitPriceCents,
      product_data: {
        name: describeChoice(line.colourName, line.size)
          ? `${line.name} (${describeChoice(line.colourName, line.size)})`
          : line.name,
        images: [new URL(line.image, `${publicUrl}/`).toString()],
        metadata: { productId: line.productId, ...(line.sku ? { sku: line.sku } : {}) },
      },
    },
  }));
  // Tax is its own line so Stripe charges exactly the Grand Total the cart showed.
  const taxLine = {
    quantity: 1,
    price_data: {
      currency: CURRENCY,
      unit_amount: input.taxCents,
      product_data: { name: `Tax (${TAX_PERCENT}%)` },
    },
  };
  return input.taxCents > 0 ? [...productLines, taxLine] : productLines;
}

async function createCheckoutSession(stripe: Stripe, publicUrl: string, input: CreateCheckoutSessionInput) {
  const discountCents = input.discount?.amountCents ?? 0;
  const itemsCents = input.lineItems.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0) - discountCents;
  // Checkout asks for the address and the method and adds the method's rate to the total; it starts
  // from the saved address through the shopper's Customer (Stripe takes a customer or an e-mail, not both).
  const customer =
    input.shippingAddressPrefill && input.customerEmail
      ? await customerWithAddress(stripe, input.customerEmail, input.shippingAddressPrefill)
      : null;
  const coupon =
    input.discount && discountCents > 0 ? await oneOffCoupon(stripe, input.discount, input.expiresAt) : null;
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: lineItemsOf(input, publicUrl),
    ...(coupon ? { discounts: [{ coupon }] } : {}),
    ...stripeShippingParams(itemsCents, CURRENCY),
    // Without either (a guest who gave no e-mail with the cart), Checkout asks for the e-mail itself.
    ...(customer ? { customer } : input.customerEmail ? { customer_email: input.customerEmail } : {}),
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata: input.metadata,
    // The same moment the stock reservation ends (Stripe wants it 30 minutes to 24 hours away).
    expires_at: Math.ceil(input.expiresAt.getTime() / 1000),
  });
  if (!session.url) throw new Error(`Stripe session ${session.id} has no url`);
  return { id: session.id, url: session.url };
}

async function retrieveSession(stripe: Stripe, id: string): Promise<ProviderSession | null> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(id, { expand: STRIPE_SHIPPING_EXPAND });
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
    throw err;
  }
  return {
    id: session.id,
    status: statusOf(session),
    amountTotalCents: session.amount_total ?? 0,
    paymentId: paymentIdOf(session),
    metadata: session.metadata ?? {},
    shipping: stripeShippingOf(session),
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
  };
}

async function expireSession(stripe: Stripe, id: string): Promise<'expired' | 'paid'> {
  try {
    await stripe.checkout.sessions.expire(id);
    return 'expired';
  } catch (err) {
    // Stripe refuses to expire a session that is complete (paid) or expired already.
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    const session = await stripe.checkout.sessions.retrieve(id);
    return statusOf(session) === 'paid' ? 'paid' : 'expired';
  }
}

async function refundPayment(stripe: Stripe, { paymentId, amountCents, idempotencyKey, metadata }: RefundInput) {
  try {
    const refund = await stripe.refunds.create(
      { payment_intent: paymentId, amount: amountCents, metadata },
      { idempotencyKey },
    );
    return { providerRefundId: refund.id };
  } catch (err) {
    // A refusal is Stripe's final word (charge disputed, already refunded); a timeout or a 5xx is not.
    if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
      throw new RefundRefusedError(err.message, { cause: err });
    }
    throw err;
  }
}

/** Stripe Checkout through the official SDK. */
export function createStripeProvider(settings: StripeSettings, publicUrl: string): PaymentProvider {
  const stripe = createStripeClient(settings);
  return {
    kind: 'stripe',
    createCheckoutSession: (input) => createCheckoutSession(stripe, publicUrl, input),
    retrieveSession: (id) => retrieveSession(stripe, id),
    expireSession: (id) => expireSession(stripe, id),
    refund: (input) => refundPayment(stripe, input),
    parseWebhook: (rawBody, signatureHeader) =>
      parseStripeWebhook(stripe, settings.webhookSecret, rawBody, signatureHeader),
  };
}
