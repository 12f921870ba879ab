import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../apps/api/src/db/client';
import { createProduct, createUser } from '../../apps/api/src/test/factories';
import { type FakeStripeApi, startFakeStripeApi } from '../../apps/api/src/test/fake-stripe/server';
import { startSmtpServer, type TestSmtpServer, waitUntil } from '../../apps/api/src/test/mail-test-kit';
import { signWebhook, stripeEventPayload, WEBHOOK_SECRET } from '../../apps/api/src/test/stripe-test-kit';
import type { Cluster, ClusterInstance } from './cluster';
import {
  clusterTestsMissing,
  confirmPayment,
  openCheckout,
  openClusterDatabase,
  startTestCluster,
} from './cluster-test-kit';
import { sleep } from './shop-process';

const missing = clusterTestsMissing();
const CONFIRMS = 200;
const WEBHOOKS = 20;

/**
 * Exactly once across processes: the instances run with the Stripe provider against a local fake of
 * Stripe's API, because a webhook is Stripe's (the builtin checkout makes its order on its own page),
 * and send mail to an SMTP server this test runs.
 */
describe.skipIf(missing)(
  `one order and one mail across two instances${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let fake: FakeStripeApi;
    let smtp: TestSmtpServer;
    let cluster: Cluster;
    let database: DatabaseHandle;

    beforeAll(async () => {
      fake = await startFakeStripeApi();
      smtp = await startSmtpServer();
      cluster = await startTestCluster({
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
        SMTP_URL: smtp.url,
        MAIL_RETRY_DELAY_MAX_SECONDS: '2',
      });
      database = await openClusterDatabase(cluster);
    }, 240_000);
    afterAll(async () => {
      await database?.close();
      await cluster?.stop();
      await smtp?.close();
      await fake?.close();
    }, 60_000);

    const count = async (query: ReturnType<typeof sql>) =>
      (await database.db.execute(query)) as unknown as { rows: { n: number }[] };

    it(`${CONFIRMS} confirmations split between the instances and ${WEBHOOKS} duplicate webhooks: one order, one mail`, async ({
      annotate,
    }) => {
      const instances = cluster.instances as [ClusterInstance, ClusterInstance];
      const on = (i: number) => instances[i % 2] as ClusterInstance;
      const buyer = await createUser(database.db);
      const product = await createProduct(database.db, { priceCents: 4250 });
      const id = await openCheckout(on(0).url, buyer, [{ _id: product.id, quantity: 2 }]);
      // Paid on Stripe's page; Stripe now sends its event, and the shopper's browser lands on the success page.
      fake.pay(id);
      const payload = stripeEventPayload('checkout.session.completed', { id, payment_status: 'paid' });

      const started = performance.now();
      const answers = await Promise.all([
        ...Array.from({ length: CONFIRMS }, async (_, i) => {
          const res = await confirmPayment(on(i).url, buyer, id);
          return { status: res.status, body: await res.text() };
        }),
        ...Array.from({ length: WEBHOOKS }, async (_, i) => {
          const res = await fetch(`${on(i).url}/api/orders/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload) },
            body: payload,
          });
          return { status: res.status, body: await res.text() };
        }),
      ]);
      const ms = Math.round(performance.now() - started);
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      // Every confirmation answers the same order, whichever instance made it.
      expect(new Set(answers.slice(0, CONFIRMS).map((a) => a.body)).size).toBe(1);

      const orders = (await database.db.execute(
        sql`select id from orders where checkout_session_id = ${id}`,
      )) as unknown as { rows: { id: string }[] };
      expect(orders.rows).toHaveLength(1);
      const orderId = orders.rows[0]?.id ?? '';
      const ours = () => smtp.received.filter((m) => m.messageId?.includes(`order-confirmation.${orderId}@`));
      await waitUntil(() => ours().length > 0, 'the order confirmation');
      // Long enough for a second mail, had a second job been written, to arrive.
      await sleep(3_000);
      expect(ours()).toHaveLength(1);
      const sent = await count(sql`
      select count(*)::int as n from sent_mails where event_key = ${`order-confirmation:${orderId}`}`);
      expect(sent.rows[0]?.n).toBe(1);
      const jobs = await count(sql`
      select count(*)::int as n from pgboss.job where name = 'mail' and data->>'eventKey' = ${`order-confirmation:${orderId}`}`);
      expect(jobs.rows[0]?.n).toBe(1);
      await annotate(
        `${CONFIRMS} confirmations + ${WEBHOOKS} webhooks over 2 instances in ${ms} ms -> 1 order, 1 mail`,
      );
    }, 60_000);
  },
);
