import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createProduct, createUser, type TestUser } from '../test/factories';
import { type PrivatePostgres, startPrivatePostgres } from '../test/fault-kit';
import { createTestApp, type TestApp, testConfig } from '../test/test-app';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors';

/**
 * PostgreSQL that stalls or goes away: the shop answers 503 with Retry-After in bounded time, keeps
 * serving the catalogue it has, and recovers on its own. Both need a PostgreSQL server; the stop needs a
 * private one the test may stop (root, as CI runs).
 */
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
const unavailable = { message: 'The shop cannot reach its database right now. Please try again in a moment.' };

describe.runIf(onPostgres)('a 25 s lock on users', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        DATABASE_POOL_SIZE: '4',
        DATABASE_ACQUIRE_TIMEOUT_SECONDS: '1',
        DATABASE_LOCK_TIMEOUT_SECONDS: '3',
      },
    });
    user = await createUser(t.db);
  });
  afterAll(() => t.close());

  it('makes /api/auth/me answer 503 within the lock or acquire timeout and /api/ready name the database', async () => {
    const locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    const releaseAt = setTimeout(() => void locker.query('ROLLBACK'), 25_000);
    try {
      const started = performance.now();
      const timed = (url: string) =>
        t.app
          .inject({ method: 'GET', url, headers: user.headers })
          .then((res) => ({ res, ms: performance.now() - started }));
      // More requests than the pool has connections: some wait on the lock, the others for a connection.
      const me = Array.from({ length: 8 }, () => timed('/api/auth/me'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const ready = await timed('/api/ready');
      expect(ready.res.statusCode).toBe(503);
      expect(ready.res.json()).toEqual({
        message: 'The database is not answering',
        checks: { database: 'down', redis: 'not configured' },
      });
      expect(ready.ms).toBeLessThan(4000);
      for (const { res, ms } of await Promise.all(me)) {
        expect([res.statusCode, res.json()]).toEqual([503, unavailable]);
        expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(ms).toBeLessThan(4500);
      }
    } finally {
      clearTimeout(releaseAt);
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe.runIf(onPostgres && process.getuid?.() === 0)('PostgreSQL stopped for 20 s', () => {
  let server: PrivatePostgres;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let shopper: TestUser;
  let productId: string;

  beforeAll(async () => {
    server = await startPrivatePostgres();
    const config = testConfig();
    database = await openDatabase({ url: server.url, poolSize: 10, timeouts: config.database });
    await database.migrate();
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    shopper = await createUser(database.db);
    for (let i = 0; i < 3; i++) productId = (await createProduct(database.db, { category: 'dress' })).id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await server?.destroy();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('keeps cached lists at 200, answers other reads 503 with Retry-After, and recovers within 2 s', async () => {
    const cached = ['/api/products?limit=12', `/api/products/${productId}`];
    for (const url of cached) expect((await get(url)).statusCode).toBe(200);

    await server.stop();
    const outageEnds = performance.now() + 20_000;
    let rounds = 0;
    let staleSeen = false;
    while (performance.now() < outageEnds) {
      for (const url of cached) {
        const res = await get(url);
        expect(res.statusCode, `${url} during the outage`).toBe(200);
        staleSeen ||= res.headers.warning === '110 - "Response is Stale"';
        // A signed-in shopper browses the cached catalogue too.
        expect((await get(url, shopper.headers)).statusCode).toBe(200);
      }
      for (const url of [`/api/products?limit=12&page=2&r=${rounds}`, '/api/auth/me', '/api/reviews/total-reviews']) {
        const res = await get(url, shopper.headers);
        expect([res.statusCode, res.json()], `${url} during the outage`).toEqual([503, unavailable]);
        expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      }
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: shopper.email, password: 'whatever-it-is' },
      });
      expect(login.statusCode).toBe(503);
      expect((await get('/api/ready')).statusCode).toBe(503);
      rounds += 1;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Ten seconds in, the cached answers are past their time: they went on, marked stale.
    expect(staleSeen).toBe(true);

    await server.start();
    const back = performance.now();
    let recovered = false;
    while (!recovered && performance.now() - back < 2000) {
      const answers = await Promise.all([
        get('/api/ready'),
        get('/api/auth/me', shopper.headers),
        get('/api/products?limit=12&page=3'),
      ]);
      recovered = answers.every((a) => a.statusCode === 200);
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered, 'everything answers within 2 s of the database coming back').toBe(true);
  }, 60_000);
});
