import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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

/** Reads `prefix[key]=value` pairs of the SDK's bracket-encoded form into an object. */
function bracketed(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

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

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string | null;
  metadata: Record<string, string>;
  status: 'succeeded' | 'pending' | 'failed';
}

/**
 * A local stand-in for the part of Stripe's API the shop uses: it records every request and
 * answers POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id and POST
 * /v1/checkout/sessions/:id/expire, POST /v1/coupons (a coupon on a session comes off its line items) and
 * POST /v1/refunds (honouring Idempotency-Key) as Stripe would.
 */
/** A Stripe Customer as the shop uses one: its e-mail and the shipping address Checkout starts from. */
export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  shipping: { name: string; address: Record<string, string> } | null;
}

function customerFields(form: URLSearchParams): Pick<FakeCustomer, 'shipping'> & { email?: string } {
  const address: Record<string, string> = {};
  for (const [key, value] of form) {
    const m = /^shipping\[address\]\[(.+)\]$/.exec(key);
    if (m?.[1]) address[m[1]] = value;
  }
  const name = form.get('shipping[name]');
  return {
    ...(form.has('email') ? { email: form.get('email') ?? '' } : {}),
    shipping: name ? { name, address } : null,
  };
}

export async function startFakeStripeApi() {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, FakeCustomer>();
  const coupons = new Map<string, FakeCoupon>();
  const sessions = new Map<string, FakeCheckoutSession>();
  let refuseNextCreate = false;
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, FakeRefund>();
  let refuseNextRefund = false;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(6).toString('hex')}`,
    });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const form = new URLSearchParams(raw);
      requests.push({ method: req.method ?? '', path, headers: req.headers, form });

      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        if (refuseNextCreate) {
          refuseNextCreate = false;
          return send(res, 400, { error: { type: 'invalid_request_error', message: 'Invalid image URL' } });
        }
        let subtotal = 0;
        for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
          subtotal +=
            Number(form.get(`line_items[${i}][price_data][unit_amount]`)) *
            Number(form.get(`line_items[${i}][quantity]`));
        }
        // As Stripe: a coupon comes off the line items' sum (never below zero, never off the shipping),
        // an amount as it is, a percentage rounded to the cent.
        const couponId = form.get('discounts[0][coupon]');
        const coupon = couponId === null ? undefined : coupons.get(couponId);
        if (couponId !== null && (!coupon?.valid || (coupon.max_redemptions ?? 1) <= coupon.times_redeemed)) {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such coupon: '${couponId}'`,
            },
          });
        }
        const off = coupon
          ? Math.min(subtotal, coupon.amount_off ?? Math.round((subtotal * (coupon.percent_off ?? 0)) / 100))
          : 0;
        const amount = subtotal - off;
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match?.[1]) metadata[match[1]] = value;
        }
        const session: FakeCheckoutSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: amount,
          currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
          customer_email: form.get('customer_email'),
          customer: form.get('customer'),
          metadata,
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
        sessions.set(id, session);
        return send(res, 200, session);
      }
      if (req.method === 'POST' && path === '/v1/coupons') {
        const amountOff = form.get('amount_off');
        const percentOff = form.get('percent_off');
        if ((amountOff === null) === (percentOff === null) || (amountOff !== null && !form.get('currency'))) {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              message: 'Coupons need exactly one of amount_off (with currency) and percent_off',
            },
          });
        }
        const coupon: FakeCoupon = {
          id: `coupon_test_${randomBytes(6).toString('hex')}`,
          object: 'coupon',
          amount_off: amountOff === null ? null : Number(amountOff),
          percent_off: percentOff === null ? null : Number(percentOff),
          currency: form.get('currency'),
          duration: form.get('duration') ?? 'once',
          max_redemptions: form.has('max_redemptions') ? Number(form.get('max_redemptions')) : null,
          times_redeemed: 0,
          name: form.get('name'),
          redeem_by: form.has('redeem_by') ? Number(form.get('redeem_by')) : null,
          valid: true,
          metadata: bracketed(form, 'metadata'),
        };
        coupons.set(coupon.id, coupon);
        return send(res, 200, coupon);
      }
      if (req.method === 'GET' && path === '/v1/customers') {
        const email = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('email');
        const data = [...customers.values()].filter((c) => email === null || c.email === email);
        return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/customers' });
      }
      if (req.method === 'POST' && path === '/v1/customers') {
        const customer: FakeCustomer = {
          id: `cus_test_${randomBytes(8).toString('hex')}`,
          object: 'customer',
          email: null,
          ...customerFields(form),
        };
        customers.set(customer.id, customer);
        return send(res, 200, customer);
      }
      const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
      if (req.method === 'POST' && customerPath?.[1]) {
        const customer = customers.get(decodeURIComponent(customerPath[1]));
        if (!customer) return send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        Object.assign(customer, customerFields(form));
        return send(res, 200, customer);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        // As Stripe: a repeat with the same Idempotency-Key answers the first refund, making no second.
        const key = req.headers['idempotency-key'];
        const earlier = typeof key === 'string' ? refundsByKey.get(key) : undefined;
        if (earlier) return send(res, 200, earlier);
        if (refuseNextRefund) {
          refuseNextRefund = false;
          return send(res, 400, {
            error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge is disputed' },
          });
        }
        const metadata: Record<string, string> = {};
        for (const [name, value] of form) {
          const m = /^metadata\[(.+)\]$/.exec(name);
          if (m?.[1]) metadata[m[1]] = value;
        }
        const refund: FakeRefund = {
          id: `re_test_${randomBytes(10).toString('hex')}`,
          object: 'refund',
          amount: Number(form.get('amount')),
          currency: 'usd',
          payment_intent: form.get('payment_intent'),
          metadata,
          status: 'succeeded',
        };
        refunds.set(refund.id, refund);
        if (typeof key === 'string') refundsByKey.set(key, refund);
        return send(res, 200, refund);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match?.[1]) {
        const session = sessions.get(decodeURIComponent(match[1]));
        const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
        const expand = [...query].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
        if (session) return send(res, 200, asRetrieved(session, expand));
        return send(res, 404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' },
        });
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (req.method === 'POST' && expire?.[1]) {
        const session = sessions.get(decodeURIComponent(expire[1]));
        if (!session) return send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        // As Stripe: only an open session can be expired.
        if (session.status !== 'open') {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status of open can be expired.`,
            },
          });
        }
        session.status = 'expired';
        return send(res, 200, session);
      }
      return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    customers,
    coupons,
    /** The shopper paid on Stripe's page. */
    /**
     * The shopper paid on Stripe's page; with `delivery`, after choosing the rate of that method (by its
     * metadata) and entering the address, which Stripe adds to the total. Without it, as a session
     * opened before the shop asked for delivery.
     */
    pay(
      id: string,
      paymentStatus: FakeCheckoutSession['payment_status'] = 'paid',
      delivery?: { method: string; details: FakeShippingDetails },
    ) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      session.status = 'complete';
      session.payment_status = paymentStatus;
      for (const { coupon } of session.discounts) {
        const used = coupons.get(coupon);
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
    },
    expire(id: string) {
      const session = sessions.get(id);
      if (session) session.status = 'expired';
    },
    refuseNextCreate() {
      refuseNextCreate = true;
    },
    refunds,
    refuseNextRefund() {
      refuseNextRefund = true;
    },
    /** A refund made in Stripe's dashboard, outside the shop. */
    refundInDashboard(paymentIntent: string, amount: number): FakeRefund {
      const refund: FakeRefund = {
        id: `re_test_${randomBytes(10).toString('hex')}`,
        object: 'refund',
        amount,
        currency: 'usd',
        payment_intent: paymentIntent,
        metadata: {},
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      return refund;
    },
    /** The charge of a payment as a charge.refunded event carries it, with every refund made of it. */
    chargeOf(paymentIntent: string) {
      const list = [...refunds.values()].filter((r) => r.payment_intent === paymentIntent);
      return {
        id: `ch_${paymentIntent}`,
        object: 'charge',
        payment_intent: paymentIntent,
        amount_refunded: list.reduce((sum, r) => sum + r.amount, 0),
        refunded: true,
        refunds: { object: 'list', data: list, has_more: false, url: '/v1/refunds' },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripeApi = Awaited<ReturnType<typeof startFakeStripeApi>>;
