import { afterAll, describe, expect, it } from 'vitest';
import { closeSession } from '../modules/auth/sessions.service';
import type { RouteAuth } from '../platform/auth-guard';
import { createAdmin, createUser } from './factories';
import { concreteUrl } from './route-table';
import { createTestApp } from './test-app';

/**
 * The authorisation matrix of every API route, read from the app's own route table: a route added
 * later is checked here without anyone remembering to add it.
 */
const t = await createTestApp();
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
const routes = t.app.routeAuth;
const guarded = routes.filter((r) => r.auth !== 'public');
const adminOnly = routes.filter((r) => r.auth === 'admin');
const shape = (r: RouteAuth) => `${r.method} ${r.url.replace(/:\w+/g, ':param')}`;
const label = (r: RouteAuth) => `${r.method} ${r.url}`;

const call = (route: RouteAuth, headers: Record<string, string>) =>
  t.app.inject({ method: route.method as Method, url: concreteUrl(route.url), headers, payload: {} });

const customer = await createUser(t.db);
const admin = await createAdmin(t.db);
const loggedOut = await createUser(t.db);
await closeSession(t.db, loggedOut.token);

describe('the route table', () => {
  it('declares the accounts routes at the right level', () => {
    const levels = Object.fromEntries(routes.map((r) => [shape(r), r.auth]));
    expect(levels).toMatchObject({
      'POST /api/auth/register': 'public',
      'POST /api/auth/login': 'public',
      'POST /api/auth/logout': 'public',
      'GET /api/auth/me': 'customer',
      'GET /api/auth/users': 'admin',
      'PUT /api/auth/users/:param': 'admin',
      'DELETE /api/auth/users/:param': 'admin',
      'PATCH /api/auth/edit-profile': 'customer',
    });
  });

  it('keeps the admin calls of ARCHITECTURE.md admin-only', () => {
    // Each of these, when it exists, is an admin call ("Rules the server enforces").
    const mustBeAdmin = [
      'POST /api/products/create-product',
      'PATCH /api/products/update-product/:param',
      'DELETE /api/products/:param',
      'POST /api/uploadImage',
      'GET /api/orders',
      'PATCH /api/orders/update-order-status/:param',
      'DELETE /api/orders/delete-order/:param',
      'GET /api/stats/admin-stats',
      'GET /api/discounts',
      'POST /api/discounts',
      'GET /api/discounts/:param',
      'PUT /api/discounts/:param',
      'PATCH /api/discounts/:param/paused',
      'GET /api/insight/summary',
      'GET /api/insight/orders.csv',
    ];
    const wrong = routes.filter((r) => mustBeAdmin.includes(shape(r)) && r.auth !== 'admin').map(label);
    expect(wrong).toEqual([]);
  });
});

describe.each(guarded.map((r) => [label(r), r] as const))('%s', (_name, route) => {
  it.each([
    ['no session', {}],
    ['a token that is no session', { authorization: `Bearer ${'x'.repeat(43)}` }],
    ['a logged-out session', loggedOut.headers],
    ['a logged-out session cookie', { cookie: loggedOut.cookie }],
  ])('answers 401 with %s', async (_case, headers) => {
    const res = await call(route, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in to continue' });
  });

  if (route.auth === 'admin') {
    it('answers 403 to a customer', async () => {
      for (const headers of [customer.headers, { cookie: customer.cookie }]) {
        const res = await call(route, headers);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'Only an admin can do that' });
      }
    });
  }

  it('lets the right session past the guard', async () => {
    const res = await call(route, route.auth === 'admin' ? admin.headers : customer.headers);
    expect([401, 500]).not.toContain(res.statusCode);
    if (route.auth === 'admin') expect(res.statusCode).not.toBe(403);
  });
});

// Outside /api, so not in the route table: the original API's upload path is still an admin call.
describe('POST /uploadImage', () => {
  const legacy: RouteAuth = { method: 'POST', url: '/uploadImage', auth: 'admin' };
  it('answers 401 without a session and 403 to a customer', async () => {
    expect(t.app.hasRoute({ method: 'POST', url: '/uploadImage' })).toBe(true);
    const anonymous = await call(legacy, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please log in to continue' });
    const forbidden = await call(legacy, customer.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Only an admin can do that' });
  });
});

it('covers a real route table', () => {
  expect(guarded.length).toBeGreaterThanOrEqual(4);
  expect(adminOnly.length).toBeGreaterThanOrEqual(3);
});
