import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sentMails } from '../../db/schema';
import { fulfilCheckout } from '../../flows/fulfilment';
import { confirm, openSession } from '../../test/checkout-test-kit';
import { createProduct, createUser } from '../../test/factories';
import { startSmtpServer, type TestSmtpServer, waitUntil } from '../../test/mail-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fulfilDepsOf } from '../orders/fulfil-deps';
import { payBuiltinSession } from '../payments/builtin-provider';
import { startMailWorker } from './mail-worker';

const CALLS = 200;
const EVENTS = 20;

describe.runIf(process.env.TEST_DATABASE_URL)('one confirmation mail per order on PostgreSQL', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    await startMailWorker(t.app.deps, t.app.log);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it(`${CALLS} confirm-payment calls and ${EVENTS} duplicate checkout-completed events: one order, one mail`, async ({
    annotate,
  }) => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 4250 });
    const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 2 }]);
    // Paid at the provider, its "checkout completed" event not run yet.
    expect(await payBuiltinSession(t.db, id)).toBeDefined();
    const deps = fulfilDepsOf(t.app.deps, t.app.log);
    const answers = await Promise.all([
      ...Array.from({ length: CALLS }, () => confirm(t.app, user, id)),
      ...Array.from({ length: EVENTS }, () => fulfilCheckout(deps, id, 'system').then(() => ({ statusCode: 200 }))),
    ]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const rows = await t.db.select().from(orders).where(eq(orders.checkoutSessionId, id));
    expect(rows).toHaveLength(1);
    const orderId = rows[0]?.id ?? '';
    const messageId = `<order-confirmation.${orderId}@shop.test>`;
    await waitUntil(() => smtp.received.some((m) => m.messageId === messageId), 'the confirmation');
    // Long enough for a second mail, if there were a second job, to arrive.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.received.filter((m) => m.messageId === messageId)).toHaveLength(1);
    const sent = await t.db
      .select()
      .from(sentMails)
      .where(eq(sentMails.eventKey, `order-confirmation:${orderId}`));
    expect(sent).toHaveLength(1);
    const jobs = await t.database.handle.db.execute(
      `select count(*)::int as n from pgboss.job where name = 'mail' and data->>'eventKey' = 'order-confirmation:${orderId}'` as never,
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    await annotate(`${CALLS} confirmations + ${EVENTS} events -> 1 order, 1 mail job, 1 mail`);
  });
});
