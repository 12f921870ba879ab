import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSession, expireSession, paySession, retrieveSession } from './checkout-sessions';
import { createCoupon } from './coupons';
import { createCustomer, listCustomers, updateCustomer } from './customers';
import { chargeOf, createRefund, refundInDashboard } from './refunds';
import { emptyState, type FakeReply, type FakeRequest, type FakeStripeState } from './state';
import type { FakeCheckoutSession, FakeDelivery } from './types';

type Handler = (state: FakeStripeState, req: FakeRequest, id: string) => FakeReply;

/** The part of Stripe's API the shop uses, by method and path; `([^/]+)` is the resource's id. */
const routes: { method: string; path: RegExp; handle: Handler }[] = [
  { method: 'POST', path: /^\/v1\/checkout\/sessions$/, handle: createSession },
  { method: 'GET', path: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: retrieveSession },
  { method: 'POST', path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, handle: expireSession },
  { method: 'POST', path: /^\/v1\/coupons$/, handle: createCoupon },
  { method: 'GET', path: /^\/v1\/customers$/, handle: listCustomers },
  { method: 'POST', path: /^\/v1\/customers$/, handle: createCustomer },
  { method: 'POST', path: /^\/v1\/customers\/([^/]+)$/, handle: updateCustomer },
  { method: 'POST', path: /^\/v1\/refunds$/, handle: createRefund },
];

function route(state: FakeStripeState, req: FakeRequest): FakeReply {
  for (const { method, path, handle } of routes) {
    const match = req.method === method ? path.exec(req.path) : null;
    if (match) return handle(state, req, match[1] ?? '');
  }
  return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL` } } };
}

function send(res: http.ServerResponse, { status, body }: FakeReply) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(6).toString('hex')}`,
  });
  res.end(JSON.stringify(body));
}

/** Records every request, then answers it from the route table. */
function serve(state: FakeStripeState) {
  return http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const recorded = { method: req.method ?? '', path, headers: req.headers, form: new URLSearchParams(raw) };
      state.requests.push(recorded);
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      send(res, route(state, { ...recorded, query }));
    });
  });
}

/**
 * A local stand-in for the part of Stripe's API the shop uses: it records every request and answers
 * checkout sessions (create, retrieve, expire), coupons (a coupon on a session comes off its line
 * items), customers and refunds (honouring Idempotency-Key) as Stripe would.
 */
export async function startFakeStripeApi() {
  const state = emptyState();
  const server = serve(state);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests: state.requests,
    sessions: state.sessions,
    customers: state.customers,
    coupons: state.coupons,
    refunds: state.refunds,
    /**
     * The shopper paid on Stripe's page, with the delivery they chose there if any, and the e-mail typed
     * there by a guest whose session was opened without one.
     */
    pay: (
      id: string,
      paymentStatus?: FakeCheckoutSession['payment_status'],
      delivery?: FakeDelivery,
      typedEmail?: string,
    ) => paySession(state, id, paymentStatus, delivery, typedEmail),
    expire(id: string) {
      const session = state.sessions.get(id);
      if (session) session.status = 'expired';
    },
    refuseNextCreate() {
      state.refuseNextCreate = true;
    },
    refuseNextRefund() {
      state.refuseNextRefund = true;
    },
    refundInDashboard: (paymentIntent: string, amount: number) => refundInDashboard(state, paymentIntent, amount),
    chargeOf: (paymentIntent: string) => chargeOf(state, paymentIntent),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripeApi = Awaited<ReturnType<typeof startFakeStripeApi>>;
