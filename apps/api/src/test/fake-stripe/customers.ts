import { randomBytes } from 'node:crypto';
import { type FakeReply, type FakeRequest, type FakeStripeState, failure, ok } from './state';
import type { FakeCustomer } from './types';

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

/** GET /v1/customers, filtered by `email` when the query has one. */
export function listCustomers(state: FakeStripeState, { query }: FakeRequest): FakeReply {
  const email = query.get('email');
  const data = [...state.customers.values()].filter((c) => email === null || c.email === email);
  return ok({ object: 'list', data, has_more: false, url: '/v1/customers' });
}

/** POST /v1/customers. */
export function createCustomer(state: FakeStripeState, { form }: FakeRequest): FakeReply {
  const customer: FakeCustomer = {
    id: `cus_test_${randomBytes(8).toString('hex')}`,
    object: 'customer',
    email: null,
    ...customerFields(form),
  };
  state.customers.set(customer.id, customer);
  return ok(customer);
}

/** POST /v1/customers/:id. */
export function updateCustomer(state: FakeStripeState, { form }: FakeRequest, id: string): FakeReply {
  const customer = state.customers.get(decodeURIComponent(id));
  if (!customer) return failure(404, { type: 'invalid_request_error', code: 'resource_missing' });
  Object.assign(customer, customerFields(form));
  return ok(customer);
}
