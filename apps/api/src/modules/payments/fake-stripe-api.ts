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
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
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
 * /v1/checkout/sessions/:id/expire and POST /v1/refunds (honouring Idempotency-Key) as Stripe would.
 */
export async function startFakeStripeApi() {
  const requests: RecordedRequest[] = [];
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
        let amount = 0;
        for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
          amount +=
            Number(form.get(`line_items[${i}][price_data][unit_amount]`)) *
            Number(form.get(`line_items[${i}][quantity]`));
        }
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
          metadata,
          payment_intent: null,
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
        };
        sessions.set(id, session);
        return send(res, 200, session);
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
        if (session) return send(res, 200, session);
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
    /** The shopper paid on Stripe's page. */
    pay(id: string, paymentStatus: FakeCheckoutSession['payment_status'] = 'paid') {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      session.status = 'complete';
      session.payment_status = paymentStatus;
      session.payment_intent = paymentStatus === 'paid' ? `pi_test_${randomBytes(8).toString('hex')}` : null;
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
