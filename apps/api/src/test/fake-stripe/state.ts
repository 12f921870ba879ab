import type { FakeCheckoutSession, FakeCoupon, FakeCustomer, FakeRefund, RecordedRequest } from './types';

/** A request as the handlers read it: the recorded parts and the query string. */
export interface FakeRequest extends RecordedRequest {
  query: URLSearchParams;
}

/** What a handler answers: the status and the JSON body Stripe would send. */
export interface FakeReply {
  status: number;
  body: unknown;
}

/** Everything the fake remembers between requests, shared by the per-resource handlers. */
export interface FakeStripeState {
  requests: RecordedRequest[];
  customers: Map<string, FakeCustomer>;
  coupons: Map<string, FakeCoupon>;
  sessions: Map<string, FakeCheckoutSession>;
  refunds: Map<string, FakeRefund>;
  refundsByKey: Map<string, FakeRefund>;
  /** The next session creation fails as Stripe fails one it refuses. */
  refuseNextCreate: boolean;
  /** The next refund fails as Stripe fails one on a disputed charge. */
  refuseNextRefund: boolean;
}

export function emptyState(): FakeStripeState {
  return {
    requests: [],
    customers: new Map(),
    coupons: new Map(),
    sessions: new Map(),
    refunds: new Map(),
    refundsByKey: new Map(),
    refuseNextCreate: false,
    refuseNextRefund: false,
  };
}

export const ok = (body: unknown): FakeReply => ({ status: 200, body });

export const failure = (status: number, error: Record<string, string>): FakeReply => ({ status, body: { error } });

/** Reads `prefix[key]=value` pairs of the SDK's bracket-encoded form into an object. */
export function bracketed(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}
