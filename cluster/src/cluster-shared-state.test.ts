import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apiPaths } from '@shop/contract/api-paths';
import { formatMoney } from '@shop/contract/money';
import type { ProductDetailResponse, ProductListResponse } from '@shop/contract/products';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../apps/api/src/test/factories';
import {
  admin,
  cluster,
  clusterTestsMissing,
  db,
  instance,
  msUntil,
  postFrom,
  postJson,
  startSharedCluster,
  stopSharedCluster,
} from './cluster-test-kit';

const missing = clusterTestsMissing();
/** The longest a write on one instance may take before every instance serves it. */
const CACHE_BUDGET_MS = 1000;

/** What the two instances share: a write seen by every cache, one count of a client's requests, one bucket of images. */
describe.skipIf(missing)(`two shop instances behind HAProxy${missing ? ` (skipped: ${missing})` : ''}`, () => {
  beforeAll(startSharedCluster, 240_000);
  afterAll(stopSharedCluster, 60_000);

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
});
