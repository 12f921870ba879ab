import { createHash, randomBytes } from 'node:crypto';
import { apiPaths } from '@shop/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../apps/api/src/db/client';
import { backInStockRequests, backInStockRestocks, productVariants } from '../../apps/api/src/db/schema';
import { createAdmin, createProduct, type TestUser } from '../../apps/api/src/test/factories';
import { startSmtpServer, type TestSmtpServer, waitUntil } from '../../apps/api/src/test/mail-test-kit';
import type { Cluster, ClusterInstance } from './cluster';
import { clusterTestsMissing, openClusterDatabase, startTestCluster } from './cluster-test-kit';
import { sleep } from './shop-process';

const missing = clusterTestsMissing();
const WAITING = 50;

/**
 * Back in stock across processes: both instances look for sizes that came back and work the jobs that
 * tell their waiting shoppers, so a restock made through one instance must still tell each shopper once.
 */
describe.skipIf(missing)(`back in stock across two instances${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let smtp: TestSmtpServer;
  let cluster: Cluster;
  let database: DatabaseHandle;
  let admin: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    cluster = await startTestCluster({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_MAX_SECONDS: '2' });
    database = await openClusterDatabase(cluster);
    admin = await createAdmin(database.db);
  }, 240_000);
  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
    await smtp?.close();
  }, 60_000);

  it(`${WAITING} shoppers wait for a size, 3 come back through one instance: each is told once`, async () => {
    const [one] = cluster.instances as [ClusterInstance, ClusterInstance];
    const dress = await createProduct(database.db, {
      sizeScale: 'clothing',
      stock: [
        { size: 'S', onHand: 2 },
        { size: 'M', onHand: 0 },
      ],
    });
    const [size] = (await database.db.select().from(productVariants)).filter(
      (v) => v.productId === dress.id && v.size === 'M',
    );
    if (!size) throw new Error('no size M');
    const emails = Array.from({ length: WAITING }, (_, i) => `waiting-${i}-${dress.id.slice(0, 8)}@example.test`);
    await database.db.insert(backInStockRequests).values(
      emails.map((email, i) => ({
        variantId: size.id,
        email,
        tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        status: 'waiting' as const,
        confirmedAt: new Date(Date.now() - (WAITING - i) * 1000),
      })),
    );
    await sleep(2000);
    expect(smtp.received).toEqual([]);

    const res = await fetch(`${one.url}${apiPaths.productStock(dress.id)}`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ colour: dress.color, size: 'M', onHand: 3, expectedOnHand: 0 }),
    });
    expect(res.status).toBe(200);
    // The size noted as back again and again while its shoppers are being told: every instance's jobs race.
    for (let i = 0; i < 5; i++) {
      await database.db.insert(backInStockRestocks).values({ variantId: size.id }).onConflictDoNothing();
      await sleep(300);
    }
    await waitUntil(() => smtp.received.length >= WAITING, `${WAITING} mails`, 60_000);
    await sleep(3000);
    const to = smtp.received.map((m) => (Array.isArray(m.to) ? m.to : [m.to]).map((a) => a?.text).join());
    expect(to.sort()).toEqual([...emails].sort());
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(WAITING);
    const left = await database.db.select().from(backInStockRequests);
    expect(left.filter((r) => r.variantId === size.id).map((r) => [r.status, r.email])).toEqual(
      emails.map(() => ['notified', null]),
    );
  }, 120_000);
});
