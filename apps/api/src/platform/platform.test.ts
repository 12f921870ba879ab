import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers health and readiness', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'not configured' } });
  });

  it('gives unknown API paths a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/nope' });
  });

  it('sends a request id and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(String(res.headers['content-security-policy'])).toContain('https://js.stripe.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('declares an auth level on every API route', () => {
    expect(t.app.routeAuth.length).toBeGreaterThan(0);
    for (const route of t.app.routeAuth)
      expect(['public', 'customer', 'owner-or-admin', 'admin']).toContain(route.auth);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
