import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentMails } from '../../db/schema';
import { createProduct, createUser } from '../../test/factories';
import { mailsWithId, messageId, sleep, smtp, startMailShop, stopMailShop, t } from '../../test/mail-delivery-test-kit';
import { buy, waitUntil } from '../../test/mail-test-kit';

/** Mails queued while the SMTP server is down, each delivered once it is back. */
beforeAll(startMailShop);
afterAll(stopMailShop);

describe('an SMTP server that is down', () => {
  it('gets every mail once when it is back after 30 s, none twice', async ({ annotate }) => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 1500 });
    await smtp.close();
    const started = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await buy(t.app, user, [{ _id: product.id, quantity: 1 + i }])).order._id);
    const wanted = ids.map((id) => messageId('order-confirmation', id));

    await sleep(30_000 - (Date.now() - started));
    expect(wanted.flatMap(mailsWithId)).toHaveLength(0);
    await smtp.reopen();
    const reopened = Date.now();
    await waitUntil(() => wanted.every((id) => mailsWithId(id).length > 0), 'every mail after the outage', 20_000);
    const lag = Date.now() - reopened;
    // Long enough for a second copy of any of them to arrive.
    await sleep(3_000);
    for (const id of wanted) expect(mailsWithId(id), id).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(sentMails)
      .where(
        inArray(
          sentMails.eventKey,
          ids.map((id) => `order-confirmation:${id}`),
        ),
      );
    expect(rows).toHaveLength(3);
    await annotate(`3 mails held through a 30 s SMTP outage, all delivered ${lag} ms after it ended, none twice`);
  }, 75_000);
});
