import http from 'node:http';
import { apiPaths } from '@shop/contract/api-paths';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/client';
import { GOOD_CARD, GOOD_DELIVERY } from '../../apps/api/src/test/checkout-test-kit';
import { createAdmin, type TestUser } from '../../apps/api/src/test/factories';
// The run's shared values (testLogDir) are declared beside the global setup that provides them.
import type {} from '../../apps/api/src/test/global-setup';
import { TEST_PROCESS_POOL_SIZE } from '../../apps/api/src/test/shop-process';
import { type Cluster, type ClusterInstance, startCluster } from './cluster';
import { scratchDatabaseUrl } from './databases';
import { findHaproxy } from './haproxy';
import { sleep } from './shop-process';

/** Why the cluster's tests cannot run here, or undefined when they can. */
export function clusterTestsMissing(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set: the cluster runs on PostgreSQL';
  if (!findHaproxy()) return 'HAProxy is not installed (apt-get install haproxy)';
  return undefined;
}

/**
 * A cluster of two instances on a database of its own on the TEST_DATABASE_URL server (dropped when it
 * stops) and REDIS_URL when set; the instances' logs join the run's log audit.
 */
export async function startTestCluster(env: Record<string, string> = {}): Promise<Cluster> {
  return startCluster({
    instances: 2,
    databaseUrl: scratchDatabaseUrl(process.env.TEST_DATABASE_URL ?? '', 'shop_cluster_t'),
    dropDatabaseOnStop: true,
    redisUrl: process.env.REDIS_URL || undefined,
    logDir: inject('testLogDir'),
    env: {
      SEED_DEMO_DATA: 'false',
      // The first start makes the admin: with its own password, none is generated and printed into the log.
      ADMIN_PASSWORD: 'test-admin-password',
      LOG_LEVEL: 'info',
      RECONCILE_INTERVAL_SECONDS: '0',
      RESERVATION_SWEEP_INTERVAL_SECONDS: '0',
      LOGIN_FAILURES_PER_EMAIL: '100000',
      LOGIN_DELAY_AFTER_FAILURES: '100000',
      CHECKOUTS_PER_USER_PER_MINUTE: '100000',
      GUEST_CHECKOUTS_PER_IP_PER_MINUTE: '100000',
      DATABASE_POOL_SIZE: TEST_PROCESS_POOL_SIZE,
      // The tests' factories write to the database behind the instances' backs, which a catalogue index
      // would not hear of, as in the API tests.
      CATALOGUE_INDEX_SECONDS: '0',
      ...env,
    },
  });
}

/** The cluster's database from the test, for factories and for counting what the instances wrote. */
export const openClusterDatabase = (cluster: Cluster): Promise<DatabaseHandle> =>
  openDatabase({ url: cluster.databaseUrl, poolSize: 4 });

/**
 * The shop as it is deployed: two instances as real processes on one PostgreSQL database, Redis and an
 * S3-compatible server, HAProxy in front (docs/decisions/014).
 *
 * The cluster the tests of one file share, with its database and an admin made on it: the file starts it
 * with `beforeAll(startSharedCluster, 240_000)` and stops it with `afterAll(stopSharedCluster, 60_000)` in
 * its describe, and the bindings below hold it between.
 */
export let cluster: Cluster;
export let database: DatabaseHandle;
export let admin: TestUser;
export const db = () => database.db;
export const instance = (i: number) => cluster.instances[i] as ClusterInstance;
export const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function startSharedCluster() {
  // Ten login attempts a minute from one address, so the test of forwarded addresses reaches the limit fast.
  cluster = await startTestCluster({ AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '10' });
  database = await openClusterDatabase(cluster);
  admin = await createAdmin(db());
}

export async function stopSharedCluster() {
  await database?.close();
  await cluster?.stop();
}

/** Checks `done` every 50 ms: the milliseconds it took to hold, or rejects after `giveUpMs`. */
export async function msUntil(done: () => Promise<boolean>, giveUpMs: number, what: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await done()) return Math.round(performance.now() - started);
    if (performance.now() - started > giveUpMs) throw new Error(`${what}: not within ${giveUpMs} ms`);
    await sleep(50);
  }
}

export async function postJson(url: string, user: TestUser | undefined, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...user?.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Opens a checkout session for the cart (which holds its stock); answers the session's id. */
export async function openCheckout(baseUrl: string, user: TestUser, cart: unknown): Promise<string> {
  const res = await postJson(`${baseUrl}${apiPaths.createCheckoutSession}`, user, { product: cart });
  if (!res.ok) throw new Error(`checkout session: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** The builtin provider's hosted page, submitted with a card that pays and a delivery address. */
export async function payOnHostedPage(baseUrl: string, sessionId: string): Promise<Response> {
  return fetch(`${baseUrl}/checkout/pay/${encodeURIComponent(sessionId)}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...GOOD_CARD, ...GOOD_DELIVERY } as Record<string, string>),
  });
}

export const confirmPayment = (baseUrl: string, user: TestUser, sessionId: string) =>
  postJson(`${baseUrl}${apiPaths.confirmPayment}`, user, { session_id: sessionId });

/** A whole purchase as the web app and the hosted checkout make it (bench/lib/purchase.ts): its session's id. */
export async function purchase(baseUrl: string, user: TestUser, cart: unknown): Promise<string> {
  const id = await openCheckout(baseUrl, user, cart);
  const paid = await payOnHostedPage(baseUrl, id);
  await paid.arrayBuffer();
  if (paid.status !== 303) throw new Error(`payment: ${paid.status}`);
  const confirmed = await confirmPayment(baseUrl, user, id);
  if (!confirmed.ok) throw new Error(`confirm: ${confirmed.status} ${await confirmed.text()}`);
  await confirmed.arrayBuffer();
  return id;
}

/** A POST sent from a given loopback address (127.0.0.0/8 is all this machine's), as a distinct client. */
export function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', localAddress, headers: { ...headers, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
