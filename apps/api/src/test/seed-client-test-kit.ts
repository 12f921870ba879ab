import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createAdmin, createProduct, createUser, TEST_PASSWORD, type TestUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every call the seed's React screens make, as they build it: the same method and path, the query
 * string with its empty values, the JSON body with the extra fields those screens add (`userId`,
 * `author`, whole cart items with their client prices), and the session cookie the browser keeps from
 * the login. Each test checks the status and the fields that screen reads from the answer.
 *
 * The shop those tests call: an admin and a customer logged in as the screens log in, a dress and a ring
 * in the catalogue. A test file starts it with `beforeAll(startSeedClientShop)` and stops it with
 * `afterAll(stopSeedClientShop)`; the bindings below hold that file's shop once started.
 */
export let t: TestApp;

/** A browser of the seed's client: the cookie from its login rides on every later call. */
export interface SeedBrowser {
  user: { _id: string; email: string; username: string; role: string };
  send(method: string, url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export async function seedBrowser(account: TestUser): Promise<SeedBrowser> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: TEST_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return {
    user: login.json().user,
    send: (method, url, body) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
  };
}

/** A visitor who never logged in. */
export const visitor = {
  send: (method: string, url: string, body?: unknown) =>
    t.app.inject({ method: method as 'GET', url, ...(body === undefined ? {} : { payload: body as object }) }),
};

export let admin: SeedBrowser;
export let customer: SeedBrowser;
export let customerAccount: TestUser;
export let dress: Awaited<ReturnType<typeof createProduct>>;
export let ring: Awaited<ReturnType<typeof createProduct>>;

export async function startSeedClientShop() {
  t = await createTestApp();
  admin = await seedBrowser(await createAdmin(t.db));
  customerAccount = await createUser(t.db, { username: 'seed-shopper' });
  customer = await seedBrowser(customerAccount);
  dress = await createProduct(t.db, { name: 'Wrap Dress', category: 'dress', color: 'red', priceCents: 4999 });
  ring = await createProduct(t.db, { name: 'Band Ring', category: 'jewellery', color: 'gold', priceCents: 25_000 });
}

export const stopSeedClientShop = () => t.close();

export const listShape = {
  products: expect.any(Array),
  totalPages: expect.any(Number),
  totalProducts: expect.any(Number),
};
