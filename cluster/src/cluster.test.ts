import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiPaths } from '@shop/contract/api-paths';
import { formatMoney } from '@shop/contract/money';
import type { ProductDetailResponse, ProductListResponse } from '@shop/contract/products';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../apps/api/src/db/client';
import type { ReconcileReport } from '../../apps/api/src/flows/reconcile';
import { createAdmin, createProduct, createUser, type TestUser } from '../../apps/api/src/test/factories';
import type { Cluster, ClusterInstance, ServerState } from './cluster';
import {
  clusterTestsMissing,
  confirmPayment,
  msUntil,
  openCheckout,
  openClusterDatabase,
  payOnHostedPage,
  postFrom,
  postJson,
  purchase,
  startTestCluster,
} from './cluster-test-kit';
import { worstCaseOutOfRotationMs } from './haproxy-config';
import { isolatedEnv, repoRoot, sleep } from './shop-process';

const missing = clusterTestsMissing();
/** The longest a write on one instance may take before every instance serves it. */
const CACHE_BUDGET_MS = 1000;
const LOAD_SECONDS = 30;

/**
 * The shop as it is deployed: two instances as real processes on one PostgreSQL database, Redis and an
 * S3-compatible server, HAProxy in front (docs/decisions/014). One cluster for the whole file.
 */
describe.skipIf(missing)(`two shop instances behind HAProxy${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let cluster: Cluster;
  let database: DatabaseHandle;
  let admin: TestUser;
  const db = () => database.db;
  const instance = (i: number) => cluster.instances[i] as ClusterInstance;
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

  beforeAll(async () => {
    // Ten login attempts a minute from one address, so the test of forwarded addresses reaches the limit fast.
    cluster = await startTestCluster({ AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '10' });
    database = await openClusterDatabase(cluster);
    admin = await createAdmin(db());
  }, 240_000);
  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
  }, 60_000);

  const getJson = async <T>(url: string): Promise<T | number> => {
    const res = await fetch(url);
    return res.ok ? ((await res.json()) as T) : res.status;
  };

  /** What an instance serves of the product: its price in the list and the detail, and whether the rendered page shows `price`. */
  async function served(base: string, id: string, price: number) {
    const list = await getJson<ProductListResponse>(`${base}${apiPaths.products}`);
    const detail = await getJson<ProductDetailResponse>(`${base}${apiPaths.product(id)}`);
    const page = await fetch(`${base}/shop/${id}`);
    const html = await page.text();
    return {
      list: typeof list === 'number' ? list : list.products.find((p) => p._id === id)?.price,
      detail: typeof detail === 'number' ? detail : detail.product.price,
      page: page.status === 200 && html.includes(formatMoney(price)),
    };
  }

  it(`a price changed through one instance is what every instance serves within ${CACHE_BUDGET_MS} ms; a product deleted there is 404 on the other`, async ({
    annotate,
  }) => {
    const [a, b] = [instance(0), instance(1)];
    const { id } = await createProduct(db(), {
      name: `Cluster Coat ${randomBytes(3).toString('hex')}`,
      priceCents: 4999,
    });
    // Each instance reads it now, so each keeps it in its catalogue and page caches.
    for (const i of cluster.instances)
      expect(await served(i.url, id, 49.99)).toEqual({ list: 49.99, detail: 49.99, page: true });

    const changed = await fetch(`${a.url}${apiPaths.updateProduct(id)}`, {
      method: 'PATCH',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ price: 59.99 }),
    });
    expect(changed.status).toBe(200);
    const seen = await Promise.all(
      cluster.instances.map((i) =>
        msUntil(
          async () =>
            JSON.stringify(await served(i.url, id, 59.99)) ===
            JSON.stringify({ list: 59.99, detail: 59.99, page: true }),
          CACHE_BUDGET_MS * 3,
          `${i.name} serving the new price`,
        ),
      ),
    );
    expect(Math.max(...seen)).toBeLessThanOrEqual(CACHE_BUDGET_MS);

    const deleted = await fetch(`${a.url}${apiPaths.product(id)}`, { method: 'DELETE', headers: admin.headers });
    expect(deleted.status).toBe(200);
    const gone = await msUntil(
      async () =>
        (await fetch(`${b.url}${apiPaths.product(id)}`)).status === 404 &&
        (await fetch(`${b.url}/shop/${id}`)).status === 404,
      CACHE_BUDGET_MS * 3,
      `${b.name} answering 404`,
    );
    expect(gone).toBeLessThanOrEqual(CACHE_BUDGET_MS);
    await annotate(
      `new price everywhere after ${seen.join(' and ')} ms; deleted product 404 on the other after ${gone} ms`,
    );
  });

  it.runIf(process.env.REDIS_URL)(
    'rate limits count the address HAProxy saw, across both instances, whatever X-Forwarded-For a client sends',
    async () => {
      // Two clients of their own on this machine's loopback network, unlikely to be any other test's.
      const net = `127.${randomInt(1, 255)}.${randomInt(1, 255)}`;
      const [first, second] = [`${net}.1`, `${net}.2`];
      const login = { email: `nobody-${randomBytes(3).toString('hex')}@example.test`, password: 'not-the-password' };
      const attempt = (from: string, claimed: string) =>
        postFrom(from, `${cluster.url}${apiPaths.login}`, login, { 'x-forwarded-for': claimed });
      // Each attempt claims another address; round robin sends them to both instances in turn. The ten are
      // sent at once, so however slow the machine they fall in one minute's window of the limit.
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(first, `10.0.${i}.1`)));
      expect(answers).toEqual(Array(10).fill(401));
      for (const i of [10, 11]) expect(await attempt(first, `10.0.${i}.1`)).toBe(429);
      // Another client, even claiming to be the first, is counted as itself.
      expect(await attempt(second, first)).toBe(401);
    },
  );

  it('an image uploaded through one instance is served through the other and through HAProxy, from the S3-compatible server', async () => {
    const [a, b] = [instance(0), instance(1)];
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a35' } })
      .png()
      .toBuffer();
    const uploaded = await postJson(`${a.url}${apiPaths.uploadImage}`, admin, {
      image: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(uploaded.status).toBe(200);
    const url = (await uploaded.json()) as string;
    const name = /\/uploads\/([0-9a-f]{32})\.webp$/.exec(url)?.[1];
    expect(url.startsWith(`${cluster.url}/uploads/`) && name).toBeTruthy();

    const created = await postJson(`${a.url}${apiPaths.createProduct}`, admin, {
      name: `Cluster Scarf ${name?.slice(0, 6)}`,
      category: 'accessories',
      color: 'black',
      price: 12,
      description: 'A scarf whose picture was uploaded through another instance.',
      image: url,
    });
    expect(created.status).toBe(201);
    const { product } = (await created.json()) as { product: { _id: string } };
    const onB = await getJson<ProductDetailResponse>(`${b.url}${apiPaths.product(product._id)}`);
    expect(typeof onB === 'number' ? onB : onB.product.image).toBe(url);
    expect(await (await fetch(`${b.url}/shop/${product._id}`)).text()).toContain(url);

    const throughBalancer = await fetch(url);
    expect(throughBalancer.status).toBe(200);
    expect(throughBalancer.headers.get('content-type')).toBe('image/webp');
    const inBucket = await fetch(`${cluster.s3.endpoint}/${cluster.s3.bucket}/uploads/${name}.webp`);
    expect(inBucket.status).toBe(200);
    expect(Buffer.from(await throughBalancer.arrayBuffer())).toEqual(Buffer.from(await inBucket.arrayBuffer()));
    // Not from a disk of either instance (they share one DATA_DIR here): the bucket is the only copy.
    expect(fs.existsSync(path.join(cluster.env.DATA_DIR ?? '', 'uploads', `${name}.webp`))).toBe(false);
    // The bucket is read-only through HAProxy.
    expect((await fetch(url, { method: 'PUT', body: 'not an image' })).status).toBe(405);
  });

  /** HAProxy's failures and retries across all instances: any connection it tried to a closed listener. */
  const troubles = (servers: Record<string, ServerState>) =>
    Object.values(servers).reduce((n, s) => n + s.connectionErrors + s.responseErrors + s.retries + s.redispatches, 0);

  it(`a rolling restart under ${LOAD_SECONDS} s of load through HAProxy: no failed request, nothing but 2xx, one order per purchase`, async ({
    annotate,
  }) => {
    const products = await Promise.all([
      createProduct(db(), { priceCents: 2500 }),
      createProduct(db(), { priceCents: 1800 }),
    ]);
    const buyers = await Promise.all([0, 1, 2].map(() => createUser(db())));
    const [p1, p2] = products.map((p) => p.id);
    const before = troubles(await cluster.balancer.servers());

    const started = performance.now();
    const elapsedS = () => (performance.now() - started) / 1000;
    let loadDone: (result: autocannon.Result) => void = () => {};
    let loadFailed: (err: Error) => void = () => {};
    const loaded = new Promise<autocannon.Result>((resolve, reject) => {
      loadDone = resolve;
      loadFailed = reject;
    });
    const load = autocannon(
      {
        url: cluster.url,
        connections: 8,
        // A steady shop's traffic, not a flood: the point is that none of it fails.
        overallRate: 150,
        // Stopped below: after LOAD_SECONDS, and not before both instances are back.
        duration: LOAD_SECONDS * 4,
        requests: [
          { method: 'GET', path: `${apiPaths.products}?page=1&limit=12` },
          { method: 'GET', path: apiPaths.product(p1 ?? '') },
          { method: 'GET', path: `/shop/${p2}` },
          { method: 'GET', path: `${apiPaths.products}?category=dress&limit=12` },
          { method: 'GET', path: apiPaths.product(p2 ?? '') },
        ],
      },
      (err, result) => (err ? loadFailed(err) : loadDone(result)),
    );
    let restarted = false;
    const sessions: string[] = [];
    const failures: string[] = [];
    const buying = Promise.all(
      buyers.map(async (buyer) => {
        while (!restarted || elapsedS() < LOAD_SECONDS) {
          await purchase(cluster.url, buyer, [{ _id: p1, quantity: 1 }]).then(
            (id) => sessions.push(id),
            (err: Error) => failures.push(err.message),
          );
          await sleep(250);
        }
      }),
    );
    const restarts: { name: string; outOfRotationMs: number; exitCode: number | null; backAtS: number }[] = [];
    try {
      for (const i of cluster.instances) {
        await sleep(2_000);
        const signalled = performance.now();
        const exit = i.sigterm();
        await cluster.balancer.waitFor(i.name, 'DOWN', cluster.timings.shutdownDelayMs * 2);
        const outOfRotationMs = Math.round(performance.now() - signalled);
        const exitCode = await exit;
        // Back in rotation before the next one goes.
        await i.start();
        restarts.push({ name: i.name, outOfRotationMs, exitCode, backAtS: elapsedS() });
      }
      await sleep(Math.max(2, LOAD_SECONDS - elapsedS()) * 1000);
    } finally {
      restarted = true;
      load.stop();
    }
    const [result] = await Promise.all([loaded, buying]);
    const loadSeconds = elapsedS();

    expect(restarts.map((r) => r.exitCode)).toEqual([0, 0]);
    // Out of HAProxy's rotation well before the shop stops listening (SHUTDOWN_DELAY_SECONDS after SIGTERM).
    for (const r of restarts) expect(r.outOfRotationMs).toBeLessThan(worstCaseOutOfRotationMs());
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
      errors: 0,
      timeouts: 0,
      non2xx: 0,
    });
    expect(result['2xx']).toBeGreaterThan(loadSeconds * 100);
    // HAProxy never had to retry or redispatch a request: no instance was sent one after it closed its listener.
    expect(troubles(await cluster.balancer.servers())).toBe(before);

    expect(failures).toEqual([]);
    expect(sessions.length).toBeGreaterThan(10);
    const perSession = rows<{ id: string; orders: number }>(
      await db().execute(sql`
        select s.id, count(o.id)::int as orders from checkout_sessions s left join orders o on o.checkout_session_id = s.id
        where s.id in (${sql.join(
          sessions.map((s) => sql`${s}`),
          sql`, `,
        )}) group by s.id`),
    );
    expect(perSession).toHaveLength(sessions.length);
    expect(perSession.filter((s) => s.orders !== 1)).toEqual([]);
    await annotate(
      `${result['2xx']} GETs and ${sessions.length} purchases through HAProxy in ${loadSeconds.toFixed(1)} s, 0 failed; ` +
        restarts
          .map(
            (r) => `${r.name} out of rotation ${r.outOfRotationMs} ms after SIGTERM, back at ${r.backAtS.toFixed(1)} s`,
          )
          .join('; '),
    );
  }, 120_000);

  /** Sessions the provider says are paid that have no order. */
  const paidWithoutOrder = async () =>
    rows<{ id: string }>(
      await db().execute(sql`
        select b.id from builtin_payment_sessions b
        where b.status = 'paid' and not exists (select 1 from orders o where o.checkout_session_id = b.id)`),
    ).map((r) => r.id);

  it('an instance killed after the payment, before the order, leaves a paid session that reconciliation turns into one order', async () => {
    const [a, b] = [instance(0), instance(1)];
    const buyer = await createUser(db());
    const product = await createProduct(db(), { priceCents: 3100 });
    const id = await openCheckout(a.url, buyer, [{ _id: product.id, quantity: 1 }]);

    // The order's statement waits for the session's row, held here: the payment commits, the order cannot.
    const holder = new pg.Client({ connectionString: cluster.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from checkout_sessions where id = $1 for update', [id]);
    const paying = payOnHostedPage(a.url, id).then(
      (res) => res.status,
      () => 'connection cut',
    );
    await msUntil(
      async () =>
        rows<{ n: number }>(
          await db().execute(sql`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like '%fulfilled_at%'`),
        )[0]?.n === 1,
      4_000,
      'the order waiting for the session row',
    );
    await a.sigkill();
    expect(await paying).toBe('connection cut');
    await holder.query('rollback');
    await holder.end();
    expect(await paidWithoutOrder()).toEqual([id]);

    // `npm run reconcile`, against the cluster's database and provider.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/flows/reconcile-cli.ts'],
      { cwd: repoRoot, env: { ...isolatedEnv(), NODE_ENV: 'production', ...cluster.env, LOG_LEVEL: 'warn' } },
    );
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ReconcileReport;
    expect(report).toMatchObject({ fulfilled: 1, missing: 0 });
    expect(await paidWithoutOrder()).toEqual([]);

    // The shopper's success page, answered by the instance still up: that one order.
    const confirmed = await confirmPayment(b.url, buyer, id);
    expect(confirmed.status).toBe(200);
    const orders = rows<{ id: string }>(
      await db().execute(sql`select id from orders where checkout_session_id = ${id}`),
    );
    expect(orders).toHaveLength(1);
    expect(((await confirmed.json()) as { order: { _id: string } }).order._id).toBe(orders[0]?.id);
    await a.start();
  }, 90_000);
});
