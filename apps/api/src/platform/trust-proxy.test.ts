import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { loadConfig } from './config';
import { trustProxyWarning } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('takes true, false, or a list of proxies: addresses, CIDR ranges and range names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: ' 172.30.57.0/24, fd00::/8 ,loopback' }).trustProxy).toEqual([
      '172.30.57.0/24',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['yes', 'haproxy', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.1,', '10.0.0.0/8/8'])(
    'refuses %s naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be true, false, or addresses/);
    },
  );

  it('warns at start when every forwarded address is believed on an instance others can reach', () => {
    expect(trustProxyWarning(loadConfig({ TRUST_PROXY: 'true' }))).toMatch(/HOST=0\.0\.0\.0/);
    expect(trustProxyWarning(loadConfig({ TRUST_PROXY: 'true', HOST: '::' }))).toBeDefined();
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      expect(trustProxyWarning(loadConfig({ TRUST_PROXY: 'true', HOST: host }))).toBeUndefined();
    }
    expect(trustProxyWarning(loadConfig({ TRUST_PROXY: '10.0.0.5' }))).toBeUndefined();
    expect(trustProxyWarning(loadConfig({}))).toBeUndefined();
  });
});

/** Login attempts are limited per client address: which address counts shows whose X-Forwarded-For is believed. */
describe('a list of trusted proxies', () => {
  const PROXY = '10.0.0.7';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: PROXY, AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '2' } });
  });
  afterAll(() => t.close());

  const attempt = (remoteAddress: string, forwardedFor: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: 'nobody@shop.test', password: 'wrong-password' },
      })
      .then((res) => res.statusCode);

  it('ignores X-Forwarded-For from any other address: a client directly at the instance is itself', async () => {
    const statuses = [];
    for (const n of [1, 2, 3]) statuses.push(await attempt('192.0.2.10', `198.51.100.${n}`));
    expect(statuses.slice(0, 2)).not.toContain(429);
    expect(statuses[2]).toBe(429);
  });

  it("believes the listed proxy's X-Forwarded-For: each client it forwards is counted apart", async () => {
    const statuses = [];
    for (const n of [1, 2, 3]) statuses.push(await attempt(PROXY, `203.0.113.${n}`));
    expect(statuses).not.toContain(429);
  });
});
