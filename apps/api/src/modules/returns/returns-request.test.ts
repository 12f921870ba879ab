import { ORDER_MESSAGES } from '@shop/contract/orders';
import { RETURN_MESSAGES } from '@shop/contract/returns';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, productColours, returnLines, returns } from '../../db/schema';
import { sweepExpiredHolds } from '../../flows/checkout-release';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { askReturn, buy, clothing, ship, shippedDaysAgo, sizeOf } from '../../test/returns-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fulfilDepsOf } from '../orders/fulfil-deps';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { RETURN_REQUESTS_PER_USER_PER_MINUTE: '1000' } });
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

/** A customer's shipped order of two of size M (and one of S when asked), of a product of three sizes. */
async function shippedOrder(options: { withS?: boolean; stock?: { size: string; onHand: number }[] } = {}) {
  const user = await createUser(t.db);
  const product = await clothing(t.db, options.stock ? { stock: options.stock } : {});
  const cart = [{ _id: product.id, quantity: 2, size: 'M' }];
  if (options.withS) cart.push({ _id: product.id, quantity: 1, size: 'S' });
  const { orderId, items } = await buy(t.app, t.db, user, cart);
  await ship(t.app, admin, orderId);
  const [line] = items;
  if (!line) throw new Error('no line');
  return { user, product, orderId, line, items };
}

const refundOf = (itemId: string, quantity = 1) => ({
  itemId,
  quantity,
  reason: 'too_small' as const,
  outcome: 'refund' as const,
});

async function mailJobs(eventKey: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'eventKey' = ${eventKey}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

describe('a customer asks to return lines of their order', () => {
  it('authorises the return, numbers it and queues its mail in the same transaction', async () => {
    const { user, orderId, line } = await shippedOrder();
    const res = await askReturn(t.app, user, { orderId, lines: [{ ...refundOf(line.id, 2), note: ' tight ' }] });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(RETURN_MESSAGES.requested);
    expect(body.return).toMatchObject({ orderId, status: 'requested', email: user.email, receivedAt: null });
    expect(body.return.number).toMatch(/^R\d{6}$/);
    expect(body.return.lines).toEqual([
      expect.objectContaining({ itemId: line.id, quantity: 2, size: 'M', note: 'tight', status: 'pending' }),
    ]);
    expect(await mailJobs(`return-authorised:${body.return._id}`)).toBe(1);
  });

  it('answers 401 to a shopper who is not logged in', async () => {
    const { orderId, line } = await shippedOrder();
    expect((await askReturn(t.app, undefined, { orderId, lines: [refundOf(line.id)] })).statusCode).toBe(401);
  });

  it("answers another customer's order, and an order that does not exist, with the same 404", async () => {
    const { orderId, line } = await shippedOrder();
    const other = await createUser(t.db);
    const theirs = await askReturn(t.app, other, { orderId, lines: [refundOf(line.id)] });
    const none = await askReturn(t.app, other, { orderId: crypto.randomUUID(), lines: [refundOf(line.id)] });
    expect([theirs.statusCode, none.statusCode]).toEqual([404, 404]);
    expect(theirs.json().message).toBe(ORDER_MESSAGES.notFound);
    expect(none.json().message).toBe(ORDER_MESSAGES.notFound);
  });

  it('refuses an order not yet shipped', async () => {
    const user = await createUser(t.db);
    const product = await clothing(t.db);
    const { orderId, items } = await buy(t.app, t.db, user, [{ _id: product.id, quantity: 1, size: 'M' }]);
    const res = await askReturn(t.app, user, { orderId, lines: [refundOf(items[0]?.id ?? '')] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RETURN_MESSAGES.orderNotReturnable);
  });

  it('takes requests within the return window of the first shipment, and none after it', async () => {
    const { user, orderId, line } = await shippedOrder();
    await shippedDaysAgo(t.db, orderId, 31);
    const late = await askReturn(t.app, user, { orderId, lines: [refundOf(line.id)] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(RETURN_MESSAGES.windowClosed);
    await shippedDaysAgo(t.db, orderId, 29);
    expect((await askReturn(t.app, user, { orderId, lines: [refundOf(line.id)] })).statusCode).toBe(201);
  });

  it('refuses a cancelled or fully refunded order', async () => {
    for (const status of ['cancelled', 'refunded'] as const) {
      const { user, orderId, line } = await shippedOrder();
      await t.db.update(orders).set({ status }).where(eq(orders.id, orderId));
      const res = await askReturn(t.app, user, { orderId, lines: [refundOf(line.id)] });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(RETURN_MESSAGES.closed);
    }
  });

  it('never asks more of a line than was bought less what earlier returns asked; rejected lines give it back', async () => {
    const { user, orderId, line } = await shippedOrder();
    const tooMany = await askReturn(t.app, user, { orderId, lines: [refundOf(line.id, 3)] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(RETURN_MESSAGES.tooMany(line.name, 2));
    expect((await askReturn(t.app, user, { orderId, lines: [refundOf(line.id)] })).statusCode).toBe(201);
    const second = await askReturn(t.app, user, { orderId, lines: [refundOf(line.id)] });
    expect(second.statusCode).toBe(201);
    const third = await askReturn(t.app, user, { orderId, lines: [refundOf(line.id)] });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(RETURN_MESSAGES.tooMany(line.name, 0));
    await t.db
      .update(returnLines)
      .set({ status: 'rejected', rejectReason: 'worn' })
      .where(eq(returnLines.id, second.json().return.lines[0]._id));
    expect((await askReturn(t.app, user, { orderId, lines: [refundOf(line.id)] })).statusCode).toBe(201);
  });

  it("asks a note of the reason 'other'", async () => {
    const { user, orderId, line } = await shippedOrder();
    const res = await askReturn(t.app, user, { orderId, lines: [{ ...refundOf(line.id), reason: 'other' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(RETURN_MESSAGES.noteNeeded);
  });
});

describe('an exchange for another size or colour of the same product', () => {
  const exchangeOf = (itemId: string, exchange: { size: string; colour?: string }) => ({
    itemId,
    quantity: 1,
    reason: 'too_small',
    outcome: 'exchange',
    exchange,
  });

  it('holds the size at once and keeps what was chosen', async () => {
    const { user, orderId, line, product } = await shippedOrder();
    const before = await sizeOf(t.db, product.id, 'L');
    const res = await askReturn(t.app, user, { orderId, lines: [exchangeOf(line.id, { size: 'L' })] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().return.lines[0]).toMatchObject({ exchangeSize: 'L', exchangeColour: 'Black' });
    expect((await sizeOf(t.db, product.id, 'L'))?.reserved).toBe((before?.reserved ?? 0) + 1);
    // The request's answer is the return as it is read afterwards, field for field.
    const made = res.json().return;
    const read = await t.app.inject({ method: 'GET', url: `/api/returns/${made._id}`, headers: user.headers });
    expect(read.json()).toEqual(made);
    const [row] = await t.db.select().from(returnLines).where(eq(returnLines.orderItemId, line.id));
    expect(row?.exchangeHoldId).toBeTruthy();
    expect(row?.exchangeVariantId).toBeTruthy();
  });

  it('holds the size for 60 days: an exchange never sent back frees it then', async () => {
    const { user, orderId, line, product } = await shippedOrder();
    const res = await askReturn(t.app, user, { orderId, lines: [exchangeOf(line.id, { size: 'S' })] });
    expect(res.statusCode, res.body).toBe(201);
    const held = (await sizeOf(t.db, product.id, 'S'))?.reserved ?? 0;
    const deps = fulfilDepsOf(t.app.deps, t.app.log);
    await sweepExpiredHolds(deps, new Date(Date.now() + 59 * DAY_MS));
    expect((await sizeOf(t.db, product.id, 'S'))?.reserved).toBe(held);
    await sweepExpiredHolds(deps, new Date(Date.now() + 61 * DAY_MS));
    expect((await sizeOf(t.db, product.id, 'S'))?.reserved).toBe(held - 1);
  });

  it('refuses the size and colour bought (400) and one the product is not made in (400)', async () => {
    const { user, orderId, line } = await shippedOrder();
    const same = await askReturn(t.app, user, {
      orderId,
      lines: [exchangeOf(line.id, { size: 'M', colour: 'black' })],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(RETURN_MESSAGES.exchangeSameChoice);
    for (const exchange of [{ size: 'XL' }, { size: 'L', colour: 'red' }]) {
      const unknown = await askReturn(t.app, user, { orderId, lines: [exchangeOf(line.id, exchange)] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(RETURN_MESSAGES.exchangeUnknown);
    }
  });

  it('answers 409 for a size sold out, and writes nothing', async () => {
    const stock = [
      { size: 'M', onHand: 5 },
      { size: 'L', onHand: 0 },
    ];
    const { user, orderId, line } = await shippedOrder({ stock });
    const res = await askReturn(t.app, user, { orderId, lines: [exchangeOf(line.id, { size: 'L' })] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(RETURN_MESSAGES.exchangeOutOfStock(line.name, 'Black, size L'));
    expect(await t.db.select().from(returns).where(eq(returns.orderId, orderId))).toEqual([]);
  });

  it('refuses for now a colour sold at another price than was paid', async () => {
    const user = await createUser(t.db);
    const product = await clothing(t.db, { colours: ['black', 'red'] });
    await t.db
      .update(productColours)
      .set({ priceCents: 4500 })
      .where(sql`${productColours.productId} = ${product.id} and ${productColours.color} = 'red'`);
    const { orderId, items } = await buy(t.app, t.db, user, [{ _id: product.id, quantity: 1, size: 'M' }]);
    await ship(t.app, admin, orderId);
    const itemId = items[0]?.id ?? '';
    const res = await askReturn(t.app, user, { orderId, lines: [exchangeOf(itemId, { size: 'M', colour: 'red' })] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RETURN_MESSAGES.exchangePriceDiffers(items[0]?.name ?? '', 'Red, size M'));
    const fine = await askReturn(t.app, user, { orderId, lines: [exchangeOf(itemId, { size: 'L' })] });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});

describe('hostile input', () => {
  it('answers every malformed request with a 4xx and a message, never a 500', async () => {
    const { user, orderId, line, items } = await shippedOrder({ withS: true });
    const bodies: unknown[] = [
      {},
      [],
      'text',
      { orderId },
      { orderId, lines: [] },
      { orderId: 'not-a-uuid', lines: [refundOf(line.id)] },
      { orderId, lines: [{ ...refundOf(line.id), quantity: -1 }] },
      { orderId, lines: [{ ...refundOf(line.id), quantity: 1.5 }] },
      { orderId, lines: [{ ...refundOf(line.id), quantity: '1' }] },
      { orderId, lines: [{ ...refundOf(line.id), quantity: 1e9 }] },
      { orderId, lines: [{ ...refundOf(line.id), reason: 'because' }] },
      { orderId, lines: [{ ...refundOf(line.id), outcome: 'exchange' }] },
      { orderId, lines: [{ ...refundOf(line.id), exchange: { size: 'L' } }] },
      { orderId, lines: [{ ...refundOf(line.id), note: 'x'.repeat(5000) }] },
      { orderId, lines: [{ ...refundOf(line.id), note: 'nul\u0000byte', reason: 'other' }] },
      { orderId, lines: [refundOf(line.id), refundOf(line.id)] },
      { orderId, lines: [refundOf(crypto.randomUUID())] },
      { orderId, lines: [refundOf(items[1]?.id ?? ''), { ...refundOf(line.id), exchange: { size: '' } }] },
      { orderId, lines: [{ ...refundOf(line.id), outcome: 'exchange', exchange: { size: 'L', colour: 'plaid' } }] },
      { orderId, lines: Array.from({ length: 500 }, () => refundOf(crypto.randomUUID())) },
    ];
    for (const body of bodies) {
      const res = await askReturn(t.app, user, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 120)} -> ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await t.db.select().from(returns).where(eq(returns.orderId, orderId))).toEqual([]);
  });
});
