import { apiPaths } from '@shop/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOME = {
  fullName: 'Grace Hopper',
  line1: '1 Navy Way',
  line2: '',
  city: 'Arlington',
  region: 'VA',
  postalCode: '22202',
  country: 'US',
};

const call = (method: 'GET' | 'PUT' | 'DELETE', headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: apiPaths.savedAddress, headers, ...(payload ? { payload } : {}) });

describe('the saved delivery address', () => {
  it('is read, replaced and forgotten for the session’s own account only', async () => {
    const ada = await createUser(t.db);
    const grace = await createUser(t.db);
    expect((await call('GET', ada.headers)).json()).toEqual({ address: null });

    const put = await call('PUT', ada.headers, { ...HOME, fullName: '  Grace Hopper  ', userId: grace.id });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ address: HOME });
    expect((await call('GET', ada.headers)).json()).toEqual({ address: HOME });
    // Another account is untouched whatever the body says.
    expect((await call('GET', grace.headers)).json()).toEqual({ address: null });

    const optional = await call('PUT', ada.headers, { ...HOME, line2: undefined, region: undefined });
    expect(optional.json().address).toMatchObject({ line2: '', region: '' });

    const removed = await call('DELETE', ada.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ address: null });
    expect((await call('GET', ada.headers)).json()).toEqual({ address: null });
  });

  it('refuses a bad address with 400 and a clear message, and keeps the saved one', async () => {
    const user = await createUser(t.db);
    await call('PUT', user.headers, HOME);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...HOME, country: 'XX' }, 'Choose a country from the list'],
      [{ ...HOME, postalCode: '   ' }, 'Postal code is required'],
      [{ ...HOME, fullName: 'x'.repeat(101) }, 'Full name must be at most 100 characters'],
      [{ ...HOME, line1: undefined }, 'Address line 1 is required'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', user.headers, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await call('GET', user.headers)).json()).toEqual({ address: HOME });
  });

  it('answers 401 without a session', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, {}, method === 'PUT' ? HOME : undefined);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please log in to continue' });
    }
  });
});
