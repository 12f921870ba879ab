import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { apiPaths } from '@shop/contract/api-paths';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconcileReport } from '../../apps/api/src/flows/reconcile';
import { createProduct, createUser } from '../../apps/api/src/test/factories';
import type { ServerState } from './cluster';
import {
  cluster,
  clusterTestsMissing,
  confirmPayment,
  db,
  instance,
  msUntil,
  openCheckout,
  payOnHostedPage,
  purchase,
  rows,
  startSharedCluster,
  stopSharedCluster,
} from './cluster-test-kit';
import { worstCaseOutOfRotationMs } from './haproxy-config';
import { isolatedEnv, repoRoot, sleep } from './shop-process';

const missing = clusterTestsMissing();
const LOAD_SECONDS = 30;

/** Instances going away: restarted one by one under load, and killed between a payment and its order. */
describe.skipIf(missing)(`two shop instances behind HAProxy${missing ? ` (skipped: ${missing})` : ''}`, () => {
  beforeAll(startSharedCluster, 240_000);
  afterAll(stopSharedCluster, 60_000);

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
