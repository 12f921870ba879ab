import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnLines } from '../../db/schema';
import { checkout } from '../../test/checkout-test-kit';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { askReturn, buy, clothing, ship, sizeOf } from '../../test/returns-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';

// Requests racing for the same pieces: on PostgreSQL (TEST_DATABASE_URL) they truly run at once.

const REQUESTS = 10;
const ROUNDS = 5;

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { RETURN_REQUESTS_PER_USER_PER_MINUTE: '100000' } });
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

const database = () => (process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite');

describe('return requests racing', () => {
  it(`${REQUESTS} requests at once for the same line of 2 never ask more than 2`, { timeout: 120_000 }, async ({
    annotate,
  }) => {
    const user = await createUser(t.db);
    const product = await clothing(t.db);
    const { orderId, items } = await buy(t.app, t.db, user, [{ _id: product.id, quantity: 2, size: 'M' }]);
    await ship(t.app, admin, orderId);
    const itemId = items[0]?.id ?? '';
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, () =>
        askReturn(t.app, user, { orderId, lines: [{ itemId, quantity: 1, reason: 'faulty', outcome: 'refund' }] }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array(2).fill(201), ...Array(REQUESTS - 2).fill(409)]);
    const [asked] = await t.db
      .select({ n: sql<number>`coalesce(sum(${returnLines.quantity}), 0)::int` })
      .from(returnLines)
      .where(eq(returnLines.orderItemId, itemId));
    expect(asked?.n).toBe(2);
    await annotate(`${database()}: ${codes.filter((c) => c === 201).length} of ${REQUESTS} requests taken`);
  });

  it('an exchange for the last piece of a size and a checkout for it: exactly one gets it', {
    timeout: 180_000,
  }, async ({ annotate }) => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const customer = await createUser(t.db);
      const shopper = await createUser(t.db);
      const product = await clothing(t.db, {
        stock: [
          { size: 'M', onHand: 5 },
          { size: 'L', onHand: 1 },
        ],
      });
      const { orderId, items } = await buy(t.app, t.db, customer, [{ _id: product.id, quantity: 1, size: 'M' }]);
      await ship(t.app, admin, orderId);
      const exchange = {
        orderId,
        lines: [
          { itemId: items[0]?.id, quantity: 1, reason: 'too_small', outcome: 'exchange', exchange: { size: 'L' } },
        ],
      };
      const cart = [{ _id: product.id, quantity: 1, size: 'L' }];
      // The checkout's work is shorter: every other round it starts a little later, so that either may
      // reach the size first. Nothing is asserted of who wins, only that exactly one does.
      const late = round % 2 === 1 ? 30 : 0;
      const [returned, bought] = await Promise.all([
        askReturn(t.app, customer, exchange),
        new Promise((resolve) => setTimeout(resolve, late)).then(() => checkout(t.app, shopper, cart)),
      ]);
      const won = [returned?.statusCode === 201, bought?.statusCode === 200];
      expect(won.filter(Boolean), `${returned?.body} / ${bought?.body}`).toHaveLength(1);
      expect(returned?.statusCode === 409 || bought?.statusCode === 409).toBe(true);
      const size = await sizeOf(t.db, product.id, 'L');
      expect(size).toEqual({ onHand: 1, reserved: 1 });
      outcomes.push(won[0] ? 'exchange' : 'checkout');
    }
    await annotate(`${database()}: the last piece went to ${outcomes.join(', ')}`);
  });
});
