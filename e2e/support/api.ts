import { randomBytes } from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { ProductListResponse } from '@shop/contract/products';

export interface Customer {
  username: string;
  email: string;
  password: string;
}

/** A customer nobody has used yet, so journeys running side by side never share an account. */
export function newCustomer(): Customer {
  const tag = randomBytes(4).toString('hex');
  return { username: `Shopper ${tag}`, email: `shopper-${tag}@example.com`, password: `pass-${tag}-word` };
}

export async function ok<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

export async function registerCustomer(request: APIRequestContext, customer: Customer = newCustomer()) {
  await ok(await request.post(apiPaths.register, { data: customer }), `registering ${customer.email}`);
  return customer;
}

/** Logs the request context in; a page's `page.request` shares the cookie with the page. */
export async function logInByApi(request: APIRequestContext, who: { email: string; password: string }) {
  await ok(
    await request.post(apiPaths.login, { data: { email: who.email, password: who.password } }),
    `logging in ${who.email}`,
  );
}

/** The catalogue as the API answers a filter, to check the screens against it. */
export async function listProducts(
  request: APIRequestContext,
  query: Record<string, string | number>,
): Promise<ProductListResponse> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return ok(await request.get(`${apiPaths.products}?${params}`), `listing products ${params}`);
}
