import { randomBytes } from 'node:crypto';
import { apiPaths } from '@shop/contract/api-paths';
import type { Product, ProductListResponse } from '@shop/contract/products';
import { ONE_SIZE } from '@shop/contract/sizes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../apps/api/src/db/client';
import { createAdmin, createProduct, PLENTY, type TestUser } from '../../apps/api/src/test/factories';
import type { Cluster } from './cluster';
import { clusterTestsMissing, msUntil, openClusterDatabase, startTestCluster } from './cluster-test-kit';

const missing = clusterTestsMissing();
/** The longest a write on one instance may take before every instance lists it. */
const CHANGE_BUDGET_MS = 1000;

/**
 * Each instance answers its lists from its own catalogue index, read again only when it hears of a change
 * (here never by the clock): what one instance changes, the other's lists show, as they do without an index.
 */
describe.skipIf(missing)(`lists from each instance's catalogue index${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let cluster: Cluster;
  let database: DatabaseHandle;
  let admin: TestUser;

  beforeAll(async () => {
    cluster = await startTestCluster({ CATALOGUE_INDEX_SECONDS: '3600' });
    database = await openClusterDatabase(cluster);
    admin = await createAdmin(database.db);
  }, 240_000);
  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
  }, 60_000);

  /** The product as an instance lists it (only what can still be bought with `inStock`), or undefined. */
  async function listed(base: string, id: string, inStock = false): Promise<Product | undefined> {
    const res = await fetch(`${base}${apiPaths.products}?limit=100${inStock ? '&inStock=true' : ''}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as ProductListResponse).products.find((p) => p._id === id);
  }

  /** Milliseconds until every instance lists the product as `wanted` says. */
  const everywhere = (what: string, wanted: (base: string) => Promise<boolean>) =>
    Promise.all(cluster.instances.map((i) => msUntil(() => wanted(i.url), CHANGE_BUDGET_MS * 3, `${i.name} ${what}`)));

  const send = (base: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...admin.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('an edit, a stock change and a delete through one instance are listed by both within the budget', async ({
    annotate,
  }) => {
    const [a] = cluster.instances;
    if (!a) throw new Error('no instance');
    const { id } = await createProduct(database.db, {
      name: `Indexed Scarf ${randomBytes(3).toString('hex')}`,
      priceCents: 2999,
    });
    // Written behind the shop's back: neither index has heard of it, so neither list shows it yet.
    for (const i of cluster.instances) expect(await listed(i.url, id)).toBeUndefined();

    expect((await send(a.url, 'PATCH', apiPaths.updateProduct(id), { price: 39.99 })).status).toBe(200);
    const edited = await everywhere('listing the new price', async (base) => (await listed(base, id))?.price === 39.99);

    const sold = { size: ONE_SIZE, onHand: 0, expectedOnHand: PLENTY };
    expect((await send(a.url, 'PUT', apiPaths.productStock(id), sold)).status).toBe(200);
    const soldOut = await everywhere(
      'leaving it out of what can be bought',
      async (base) => (await listed(base, id, true)) === undefined && (await listed(base, id))?.inStock === false,
    );

    expect((await send(a.url, 'DELETE', apiPaths.product(id))).status).toBe(200);
    const gone = await everywhere('no longer listing it', async (base) => (await listed(base, id)) === undefined);

    for (const ms of [...edited, ...soldOut, ...gone]) expect(ms).toBeLessThanOrEqual(CHANGE_BUDGET_MS);
    await annotate(`edit ${edited.join('/')} ms, sold out ${soldOut.join('/')} ms, deleted ${gone.join('/')} ms`);
  });
});
