import { randomBytes } from 'node:crypto';
import { type FakeReply, type FakeRequest, type FakeStripeState, failure, ok } from './state';
import type { FakeRefund } from './types';

/** POST /v1/refunds. */
export function createRefund(state: FakeStripeState, { form, headers }: FakeRequest): FakeReply {
  // As Stripe: a repeat with the same Idempotency-Key answers the first refund, making no second.
  const key = headers['idempotency-key'];
  const earlier = typeof key === 'string' ? state.refundsByKey.get(key) : undefined;
  if (earlier) return ok(earlier);
  if (state.refuseNextRefund) {
    state.refuseNextRefund = false;
    return failure(400, { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge is disputed' });
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
  state.refunds.set(refund.id, refund);
  if (typeof key === 'string') state.refundsByKey.set(key, refund);
  return ok(refund);
}

/** A refund made in Stripe's dashboard, outside the shop. */
export function refundInDashboard(state: FakeStripeState, paymentIntent: string, amount: number): FakeRefund {
  const refund: FakeRefund = {
    id: `re_test_${randomBytes(10).toString('hex')}`,
    object: 'refund',
    amount,
    currency: 'usd',
    payment_intent: paymentIntent,
    metadata: {},
    status: 'succeeded',
  };
  state.refunds.set(refund.id, refund);
  return refund;
}

/** The charge of a payment as a charge.refunded event carries it, with every refund made of it. */
export function chargeOf(state: FakeStripeState, paymentIntent: string) {
  const list = [...state.refunds.values()].filter((r) => r.payment_intent === paymentIntent);
  return {
    id: `ch_${paymentIntent}`,
    object: 'charge',
    payment_intent: paymentIntent,
    amount_refunded: list.reduce((sum, r) => sum + r.amount, 0),
    refunded: true,
    refunds: { object: 'list', data: list, has_more: false, url: '/v1/refunds' },
  };
}
