import { TEST_CARDS } from '@shop/contract/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sentMails } from '../../db/schema';
import { GOOD_DELIVERY } from '../../test/checkout-test-kit';
import { createProduct, createUser } from '../../test/factories';
import { startSmtpServer, type TestSmtpServer, waitUntil } from '../../test/mail-test-kit';
import { type ShopProcess, startShopProcess } from '../../test/shop-process';
import { openTestDatabase, type TestDatabase } from '../../test/test-app';

/**
 * The confirmation is a job written in the order's own transaction, so a process killed after the order
 * committed, before its mail went out, loses nothing: the next process to start sends it, once.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a shop killed after the order commits', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const shops: ShopProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startSmtpServer();
    // Until the shop restarts, the SMTP server refuses every connection: no mail can leave the first process.
    await smtp.close();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(shops.map((s) => s.stop()));
    await smtp?.close();
    await database?.drop();
  });

  const shopEnv = () => ({
    DATABASE_URL: database.url ?? '',
    SMTP_URL: smtp.url,
    MAIL_RETRY_DELAY_MAX_SECONDS: '2',
  });

  async function mailJobState(orderId: string): Promise<string | undefined> {
    const result = await database.handle.db.execute(
      sql`select state from pgboss.job where name = 'mail' and data->>'eventKey' = ${`order-confirmation:${orderId}`}`,
    );
    return (result as unknown as { rows: { state: string }[] }).rows[0]?.state;
  }

  it('sends the confirmation after the restart, once', async () => {
    const first = await startShopProcess(shopEnv());
    shops.push(first);
    const buyer = await createUser(database.handle.db);
    const product = await createProduct(database.handle.db, { priceCents: 3900 });
    const created = await fetch(`${first.url}/api/orders/create-checkout-session`, {
      method: 'POST',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ product: [{ _id: product.id, quantity: 1 }] }),
    });
    const { id } = (await created.json()) as { id: string };
    const paid = await fetch(`${first.url}/checkout/pay/${id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: TEST_CARDS.pays,
        expiry: '12 / 34',
        cvc: '123',
        cardName: 'Ada Lovelace',
        ...GOOD_DELIVERY,
      } as Record<string, string>),
    });
    expect(paid.status).toBe(303);
    const [order] = await database.handle.db.select().from(orders).where(eq(orders.checkoutSessionId, id));
    expect(order).toBeDefined();
    const orderId = order?.id ?? '';
    // The first process tried and was refused: the job waits for its next try when the process dies.
    await waitUntil(async () => (await mailJobState(orderId)) === 'retry', 'the first, refused try');
    first.child.kill('SIGKILL');
    await first.exited;

    await smtp.reopen();
    const second = await startShopProcess(shopEnv());
    shops.push(second);
    const messageId = `<order-confirmation.${orderId}@127.0.0.1>`;
    await waitUntil(() => smtp.received.some((m) => m.messageId === messageId), 'the confirmation after the restart');
    // Long enough for a second copy to arrive, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(smtp.received.filter((m) => m.messageId === messageId)).toHaveLength(1);
    expect(smtp.received.find((m) => m.messageId === messageId)?.subject).toMatch(/order/i);
    const sent = await database.handle.db
      .select()
      .from(sentMails)
      .where(eq(sentMails.eventKey, `order-confirmation:${orderId}`));
    expect(sent).toHaveLength(1);
    expect(await mailJobState(orderId)).toBe('completed');
  }, 120_000);
});
