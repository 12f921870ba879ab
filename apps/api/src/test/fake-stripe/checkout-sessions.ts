import { randomBytes } from 'node:crypto';
import { bracketed, type FakeReply, type FakeRequest, type FakeStripeState, failure, ok } from './state';
import type { FakeCheckoutSession, FakeDelivery } from './types';

function shippingOptionsOf(form: URLSearchParams): FakeCheckoutSession['shipping_options'] {
  const options: FakeCheckoutSession['shipping_options'] = [];
  for (let i = 0; form.has(`shipping_options[${i}][shipping_rate_data][display_name]`); i++) {
    const data = `shipping_options[${i}][shipping_rate_data]`;
    const amount = Number(form.get(`${data}[fixed_amount][amount]`));
    options.push({
      shipping_amount: amount,
      shipping_rate: {
        id: `shr_test_${randomBytes(8).toString('hex')}`,
        object: 'shipping_rate',
        display_name: form.get(`${data}[display_name]`) ?? '',
        fixed_amount: { amount, currency: form.get(`${data}[fixed_amount][currency]`) ?? 'usd' },
        metadata: bracketed(form, `${data}[metadata]`),
      },
    });
  }
  return options;
}

/** A session as GET answers it: the chosen rate expanded only when the request asked for it. */
function asRetrieved(session: FakeCheckoutSession, expand: string[]) {
  if (!session.shipping_cost || !expand.includes('shipping_cost.shipping_rate')) return session;
  const rateId = session.shipping_cost.shipping_rate;
  const rate = session.shipping_options.find((o) => o.shipping_rate.id === rateId)?.shipping_rate ?? rateId;
  return { ...session, shipping_cost: { ...session.shipping_cost, shipping_rate: rate } };
}

function subtotalOf(form: URLSearchParams): number {
  let subtotal = 0;
  for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
    subtotal +=
      Number(form.get(`line_items[${i}][price_data][unit_amount]`)) * Number(form.get(`line_items[${i}][quantity]`));
  }
  return subtotal;
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

/** POST /v1/checkout/sessions. */
export function createSession(state: FakeStripeState, { form }: FakeRequest): FakeReply {
  if (state.refuseNextCreate) {
    state.refuseNextCreate = false;
    return failure(400, { type: 'invalid_request_error', message: 'Invalid image URL' });
  }
  const subtotal = subtotalOf(form);
  // As Stripe: a coupon comes off the line items' sum (never below zero, never off the shipping),
  // an amount as it is, a percentage rounded to the cent.
  const couponId = form.get('discounts[0][coupon]');
  const coupon = couponId === null ? undefined : state.coupons.get(couponId);
  if (couponId !== null && (!coupon?.valid || (coupon.max_redemptions ?? 1) <= coupon.times_redeemed)) {
    return failure(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such coupon: '${couponId}'`,
    });
  }
  const off = coupon
    ? Math.min(subtotal, coupon.amount_off ?? Math.round((subtotal * (coupon.percent_off ?? 0)) / 100))
    : 0;
  const id = `cs_test_${randomBytes(12).toString('hex')}`;
  const session: FakeCheckoutSession = {
    id,
    object: 'checkout.session',
    url: `https://checkout.stripe.test/c/pay/${id}`,
    status: 'open',
    payment_status: 'unpaid',
    amount_total: subtotal - off,
    currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
    customer_email: form.get('customer_email'),
    customer_details: null,
    customer: form.get('customer'),
    metadata: metadataOf(form),
    payment_intent: null,
    success_url: form.get('success_url'),
    cancel_url: form.get('cancel_url'),
    shipping_address_collection: form.has('shipping_address_collection[allowed_countries][0]')
      ? { allowed_countries: Object.values(bracketed(form, 'shipping_address_collection[allowed_countries]')) }
      : null,
    shipping_options: shippingOptionsOf(form),
    shipping_cost: null,
    collected_information: null,
    discounts: coupon ? [{ coupon: coupon.id }] : [],
    amount_subtotal: subtotal,
    total_details: { amount_discount: off, amount_shipping: 0, amount_tax: 0 },
  };
  state.sessions.set(id, session);
  return ok(session);
}

/** GET /v1/checkout/sessions/:id, expanding what `expand[]` asks for. */
export function retrieveSession(state: FakeStripeState, { query }: FakeRequest, id: string): FakeReply {
  const session = state.sessions.get(decodeURIComponent(id));
  const expand = [...query].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
  if (session) return ok(asRetrieved(session, expand));
  return failure(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' });
}

/** POST /v1/checkout/sessions/:id/expire. */
export function expireSession(state: FakeStripeState, _req: FakeRequest, id: string): FakeReply {
  const session = state.sessions.get(decodeURIComponent(id));
  if (!session) return failure(404, { type: 'invalid_request_error', code: 'resource_missing' });
  // As Stripe: only an open session can be expired.
  if (session.status !== 'open') {
    return failure(400, {
      type: 'invalid_request_error',
      message: `Only Checkout Sessions with a status of open can be expired.`,
    });
  }
  session.status = 'expired';
  return ok(session);
}

/**
 * The shopper paid on Stripe's page; with `delivery`, after choosing the rate of that method (by its
 * metadata) and entering the address, which Stripe adds to the total. Without it, as a session
 * opened before the shop asked for delivery.
 */
export function paySession(
  state: FakeStripeState,
  id: string,
  paymentStatus: FakeCheckoutSession['payment_status'] = 'paid',
  delivery?: FakeDelivery,
  typedEmail?: string,
) {
  const session = state.sessions.get(id);
  if (!session) throw new Error(`no fake session ${id}`);
  session.status = 'complete';
  const customerEmail = session.customer ? (state.customers.get(session.customer)?.email ?? null) : null;
  session.customer_details = { email: session.customer_email ?? customerEmail ?? typedEmail ?? null };
  session.payment_status = paymentStatus;
  for (const { coupon } of session.discounts) {
    const used = state.coupons.get(coupon);
    if (used) used.times_redeemed += 1;
  }
  session.payment_intent = paymentStatus === 'paid' ? `pi_test_${randomBytes(8).toString('hex')}` : null;
  if (delivery) {
    const option = session.shipping_options.find((o) => o.shipping_rate.metadata.method === delivery.method);
    if (!option) throw new Error(`fake session ${id} offers no ${delivery.method} rate`);
    const amount = option.shipping_amount;
    session.shipping_cost = {
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      shipping_rate: option.shipping_rate.id,
    };
    session.collected_information = { shipping_details: delivery.details };
    session.amount_total += amount;
    session.total_details.amount_shipping = amount;
  }
  return session;
}
