import { RETURN_MESSAGES } from '@shop/contract/returns';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { askReturn, buy, clothing, ship } from '../../test/returns-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { RETURN_REQUESTS_PER_USER_PER_MINUTE: '3' } });
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

async function shippedOrder(user: TestUser) {
  const product = await clothing(t.db);
  const { orderId, items } = await buy(t.app, t.db, user, [
    { _id: product.id, quantity: 2, size: 'M' },
    { _id: product.id, quantity: 1, size: 'S' },
  ]);
  await ship(t.app, admin, orderId);
  return { orderId, items, product };
}

/** One return of the order's first line, for `reason`; answers the return. */
async function returned(user: TestUser, reason: 'faulty' | 'too_large' = 'faulty') {
  const { orderId, items } = await shippedOrder(user);
  const itemId = items[0]?.id ?? '';
  const res = await askReturn(t.app, user, { orderId, lines: [{ itemId, quantity: 1, reason, outcome: 'refund' }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().return as { _id: string; number: string; orderId: string; orderNumber: string };
}

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const receive = (id: string, user: TestUser = admin) =>
  t.app.inject({ method: 'POST', url: `/api/returns/${id}/receive`, headers: user.headers });

async function mailJobs(eventKey: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'eventKey' = ${eventKey}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

describe("an order's returns", () => {
  it('tells the owner until when, how many of each line are left and what each may be exchanged for', async () => {
    const user = await createUser(t.db);
    const { orderId, items } = await shippedOrder(user);
    const [m, s] = items;
    await askReturn(t.app, user, {
      orderId,
      lines: [{ itemId: m?.id, quantity: 1, reason: 'too_small', outcome: 'refund' }],
    });
    const res = await get(`/api/returns/order/${orderId}`, user);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.reason).toBeNull();
    const until = new Date(body.returnableUntil).getTime();
    expect(until).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    expect(body.returns).toHaveLength(1);
    expect(body.lines.map((l: { itemId: string; returnable: number }) => [l.itemId, l.returnable])).toEqual([
      [m?.id, 1],
      [s?.id, 1],
    ]);
    const choices = body.lines[0].exchangeChoices.map((c: { size: string }) => c.size);
    expect(choices).toEqual(['S', 'L']);
  });

  it('says why nothing may be returned of an order not shipped yet', async () => {
    const user = await createUser(t.db);
    const product = await clothing(t.db);
    const { orderId } = await buy(t.app, t.db, user, [{ _id: product.id, quantity: 1, size: 'M' }]);
    const body = (await get(`/api/returns/order/${orderId}`, user)).json();
    expect(body).toMatchObject({ returnableUntil: null, reason: RETURN_MESSAGES.orderNotReturnable });
    expect(body.lines[0]).toMatchObject({ returnable: 0, exchangeChoices: [] });
  });

  it("is read by the order's owner and an admin, refused to another customer as their orders are", async () => {
    const user = await createUser(t.db);
    const { orderId } = await shippedOrder(user);
    expect((await get(`/api/returns/order/${orderId}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/returns/order/${orderId}`, await createUser(t.db))).statusCode).toBe(403);
    expect((await get(`/api/returns/order/${orderId}`)).statusCode).toBe(401);
  });
});

describe('one return', () => {
  it('is read by the customer whose return it is and by an admin, by nobody else', async () => {
    const user = await createUser(t.db);
    const made = await returned(user);
    expect((await get(`/api/returns/${made._id}`, user)).json()).toMatchObject({ _id: made._id, number: made.number });
    expect((await get(`/api/returns/${made._id}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/returns/${made._id}`, await createUser(t.db))).statusCode).toBe(403);
    expect((await get(`/api/returns/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await get('/api/returns/not-an-id', admin)).statusCode).toBe(400);
  });
});

describe("the owner's list", () => {
  it('lists newest first, filters by status, reason and a number, order number or e-mail, in pages', async () => {
    const user = await createUser(t.db);
    const first = await returned(user, 'faulty');
    const second = await returned(user, 'too_large');
    const list = async (query: string) => (await get(`/api/returns?${query}`, admin)).json();
    const mine = await list(`q=${encodeURIComponent(user.email)}`);
    expect(mine.returns.map((r: { _id: string }) => r._id)).toEqual([second._id, first._id]);
    expect(mine).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect((await list(`q=${first.number}`)).returns.map((r: { _id: string }) => r._id)).toEqual([first._id]);
    expect((await list(`q=${first.orderNumber}`)).returns.map((r: { _id: string }) => r._id)).toEqual([first._id]);
    const faulty = await list(`reason=faulty&q=${encodeURIComponent(user.email)}`);
    expect(faulty.returns.map((r: { _id: string }) => r._id)).toEqual([first._id]);
    const paged = await list(`limit=1&page=2&q=${encodeURIComponent(user.email)}`);
    expect(paged).toMatchObject({ total: 2, page: 2, pages: 2 });
    expect(paged.returns.map((r: { _id: string }) => r._id)).toEqual([first._id]);
    await receive(first._id);
    const received = await list(`status=received&q=${encodeURIComponent(user.email)}`);
    expect(received.returns.map((r: { _id: string }) => r._id)).toEqual([first._id]);
  });

  it('is for admins only, and refuses bad filters with a 400', async () => {
    expect((await get('/api/returns', await createUser(t.db))).statusCode).toBe(403);
    expect((await get('/api/returns')).statusCode).toBe(401);
    for (const query of ['status=lost', 'reason=bored', 'page=0', 'limit=1000', `q=${'x'.repeat(200)}`]) {
      expect((await get(`/api/returns?${query}`, admin)).statusCode, query).toBe(400);
    }
    expect((await get(`/api/returns?q=${encodeURIComponent("%_'\\")}`, admin)).statusCode).toBe(200);
  });
});

describe('marking a return received', () => {
  it('moves it to received once, with an audit row and the mail; a second mark is a 409', async () => {
    const user = await createUser(t.db);
    const made = await returned(user);
    const res = await receive(made._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: RETURN_MESSAGES.received, return: { status: 'received' } });
    expect(res.json().return.receivedAt).toBeTruthy();
    const again = await receive(made._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURN_MESSAGES.alreadyReceived);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'return.received'), eq(auditLog.targetId, made._id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ targetType: 'return', targetLabel: made.number, actorId: admin.id });
    expect(await mailJobs(`return-received:${made._id}`)).toBe(1);
  });

  it('is for admins only; an unknown return is a 404', async () => {
    const user = await createUser(t.db);
    const made = await returned(user);
    expect((await receive(made._id, user)).statusCode).toBe(403);
    expect((await receive(crypto.randomUUID())).statusCode).toBe(404);
  });
});

describe('the rate limit of requests', () => {
  it("answers 429 past RETURN_REQUESTS_PER_USER_PER_MINUTE of one customer's requests", async () => {
    const user = await createUser(t.db);
    const { orderId, items } = await shippedOrder(user);
    const ask = () =>
      askReturn(t.app, user, {
        orderId,
        lines: [{ itemId: items[0]?.id, quantity: 1, reason: 'faulty', outcome: 'refund' }],
      });
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await ask()).statusCode);
    // Two pieces were bought: the third request is refused for its quantity, the fourth by the limit.
    expect(answers).toEqual([201, 201, 409, 429]);
    const other = await createUser(t.db);
    const theirs = await shippedOrder(other);
    const res = await askReturn(t.app, other, {
      orderId: theirs.orderId,
      lines: [{ itemId: theirs.items[0]?.id, quantity: 1, reason: 'faulty', outcome: 'refund' }],
    });
    expect(res.statusCode).toBe(201);
  });
});
