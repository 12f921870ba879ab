import {
  BACK_IN_STOCK_CONFIRM_PATH,
  BACK_IN_STOCK_MESSAGES,
  BACK_IN_STOCK_UNSUBSCRIBE_PATH,
} from '@shop/contract/back-in-stock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backInStockRequests, sentMails } from '../../db/schema';
import { sweepExpiredHolds } from '../../flows/checkout-release';
import {
  ask,
  byToken,
  mailsTo,
  setStock,
  smtp,
  soldOutDress,
  startBackInStockShop,
  stopBackInStockShop,
  t,
  tokenIn,
} from '../../test/back-in-stock-test-kit';
import { openSession } from '../../test/checkout-test-kit';
import { createProduct, createUser, type TestUser } from '../../test/factories';
import { waitUntil } from '../../test/mail-test-kit';
import { fulfilDepsOf } from '../orders/fulfil-deps';

/** The waiting shoppers of a sold-out size are told once, when it comes back, through the job queue. */
beforeAll(startBackInStockShop);
afterAll(stopBackInStockShop);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BACK = /is back at/;

it('tells each of 50 waiting shoppers once when 3 come back, and nobody else, and nothing more later', async () => {
  const dress = await soldOutDress();
  const size = { productId: dress.id, colour: 'black', size: 'M' };
  const customers: TestUser[] = [];
  for (let i = 0; i < 40; i++) customers.push(await createUser(t.db));
  for (const [i, user] of customers.entries()) {
    expect((await ask(size, { user, ip: `10.0.0.${i + 1}` })).json()).toMatchObject({ status: 'waiting' });
  }
  // Ten guests who confirm, one who never does, one who confirms and then unsubscribes.
  const guests = Array.from({ length: 12 }, (_, i) => `guest-${i}-${dress.id.slice(0, 8)}@example.test`);
  for (const [i, email] of guests.entries()) {
    expect((await ask({ ...size, email }, { ip: `10.0.1.${i + 1}` })).json()).toMatchObject({ status: 'unconfirmed' });
  }
  await waitUntil(() => guests.every((email) => mailsTo(email).length === 1), 'the confirmation mails');
  const [unconfirmed, leaving, ...confirming] = guests as [string, string, ...string[]];
  for (const email of [leaving, ...confirming]) {
    const [mail] = mailsTo(email);
    if (!mail) throw new Error('no confirmation mail');
    expect((await byToken('confirm', tokenIn(mail, BACK_IN_STOCK_CONFIRM_PATH))).statusCode).toBe(200);
  }
  const [leavingMail] = mailsTo(leaving);
  if (!leavingMail) throw new Error('no confirmation mail');
  expect((await byToken('unsubscribe', tokenIn(leavingMail, BACK_IN_STOCK_UNSUBSCRIBE_PATH))).statusCode).toBe(200);

  // Stock of other sizes moving tells nobody; nor does time.
  expect((await setStock(dress.id, { colour: 'red', size: 'M', onHand: 6, was: 5 })).statusCode).toBe(200);
  await sleep(2500);
  expect(smtp.received.filter((m) => BACK.test(m.subject ?? ''))).toEqual([]);

  expect((await setStock(dress.id, { colour: 'black', size: 'M', onHand: 3, was: 0 })).statusCode).toBe(200);
  const waiting = [...customers.map((c) => c.email), ...confirming];
  expect(waiting).toHaveLength(50);
  await waitUntil(
    () => waiting.every((email) => mailsTo(email, BACK).length > 0),
    'the 50 back-in-stock mails',
    30_000,
  );
  await sleep(2000);
  for (const email of waiting) expect(mailsTo(email, BACK), email).toHaveLength(1);
  expect(mailsTo(unconfirmed, BACK)).toEqual([]);
  expect(mailsTo(leaving, BACK)).toEqual([]);
  const [told] = mailsTo(customers[0]?.email ?? '', BACK);
  expect(told?.subject).toMatch(/in Black, size M is back at/);
  expect(told?.text).toContain(`/shop/${dress.id}?colour=black&size=M`);
  expect(told?.text).toContain(`${BACK_IN_STOCK_UNSUBSCRIBE_PATH}?token=`);

  // The addresses are gone once told or unsubscribed; the record of the mail keeps none either.
  const rows = await t.db.select().from(backInStockRequests);
  const ofDress = rows.filter((r) => r.status !== 'unconfirmed');
  expect(ofDress.filter((r) => r.email !== null)).toEqual([]);
  expect(rows.filter((r) => r.status === 'notified')).toHaveLength(50);
  const records = await t.db.select().from(sentMails).where(eq(sentMails.kind, 'back-in-stock'));
  expect(records.map((r) => r.recipient)).toEqual(records.map(() => ''));

  // Sold out and back again: those told are not told twice.
  const count = smtp.received.length;
  expect((await setStock(dress.id, { colour: 'black', size: 'M', onHand: 0, was: 3 })).statusCode).toBe(200);
  expect((await setStock(dress.id, { colour: 'black', size: 'M', onHand: 2, was: 0 })).statusCode).toBe(200);
  await sleep(3000);
  expect(smtp.received.length).toBe(count);

  // The unsubscribe link of the mail works without logging in, and says the same again.
  const link = told ? tokenIn(told, BACK_IN_STOCK_UNSUBSCRIBE_PATH) : '';
  expect((await byToken('unsubscribe', link)).statusCode).toBe(200);
});

it('a shopper who confirms while the size is back hears of it at once', async () => {
  const dress = await soldOutDress();
  const email = `late-${dress.id.slice(0, 8)}@example.test`;
  await ask({ productId: dress.id, colour: 'black', size: 'M', email }, { ip: '10.0.2.1' });
  await waitUntil(() => mailsTo(email).length === 1, 'the confirmation mail');
  expect((await setStock(dress.id, { colour: 'black', size: 'M', onHand: 1, was: 0 })).statusCode).toBe(200);
  await sleep(2000);
  expect(mailsTo(email, BACK)).toEqual([]);
  const [mail] = mailsTo(email);
  if (!mail) throw new Error('no confirmation mail');
  expect((await byToken('confirm', tokenIn(mail, BACK_IN_STOCK_CONFIRM_PATH))).statusCode).toBe(200);
  await waitUntil(() => mailsTo(email, BACK).length === 1, 'the back-in-stock mail');
  // Its unsubscribe link works without logging in.
  const [back] = mailsTo(email, BACK);
  if (!back) throw new Error('no back-in-stock mail');
  const unsubscribed = await byToken('unsubscribe', tokenIn(back, BACK_IN_STOCK_UNSUBSCRIBE_PATH));
  expect([unsubscribed.statusCode, unsubscribed.json()]).toEqual([
    200,
    { message: BACK_IN_STOCK_MESSAGES.unsubscribed },
  ]);
});

it('a checkout that held the last piece and expired gives it back, and the waiting shopper is told', async () => {
  const dress = await createProduct(t.db, { sizeScale: 'clothing', stock: [{ size: 'M', onHand: 1 }] });
  const buyer = await createUser(t.db);
  await openSession(t.app, buyer, [{ _id: dress.id, quantity: 1, size: 'M' }]);
  const waiting = await createUser(t.db);
  expect((await ask({ productId: dress.id, size: 'M' }, { user: waiting, ip: '10.0.3.1' })).json()).toMatchObject({
    status: 'waiting',
  });
  await sleep(1500);
  expect(mailsTo(waiting.email, BACK)).toEqual([]);
  // Nobody paid: the sweep ends the hold once its time is over, and the piece is available again.
  await sweepExpiredHolds(fulfilDepsOf(t.app.deps, t.app.log), new Date(Date.now() + 2 * 3_600_000));
  await waitUntil(() => mailsTo(waiting.email, BACK).length === 1, 'the back-in-stock mail');
});
