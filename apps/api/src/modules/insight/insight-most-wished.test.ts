import { apiPaths } from '@shop/contract/api-paths';
import { addDays, type InsightSummary, isoDayOf } from '@shop/contract/insight';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

const today = isoDayOf(new Date());
const summaryUrl = (from: string) => `${apiPaths.insightSummary}?from=${from}&to=${addDays(today, 1)}`;
const save = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: apiPaths.wishlist, headers: user.headers, payload });

describe('the most wished products of the insight', () => {
  it('counts the saves on wishlists per product, most first, at most ten', async () => {
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => createUser(t.db)));
    const dress = await createProduct(t.db, {
      name: 'Most wished dress',
      sizeScale: 'clothing',
      stock: [
        { size: 'S', onHand: 2 },
        { size: 'M', onHand: 2 },
      ],
    });
    const ring = await createProduct(t.db, { name: 'Ring', category: 'jewellery' });
    const others = await Promise.all(Array.from({ length: 11 }, (_, i) => createProduct(t.db, { name: `Other ${i}` })));
    // The dress: three customers, one of them in two sizes (four saves); the ring: two customers.
    for (const [user, choice] of [
      [shoppers[0], { productId: dress.id, size: 'S' }],
      [shoppers[0], { productId: dress.id, size: 'M' }],
      [shoppers[1], { productId: dress.id }],
      [shoppers[2], { productId: dress.id }],
      [shoppers[1], { productId: ring.id }],
      [shoppers[3], { productId: ring.id }],
      ...others.map((p) => [shoppers[3], { productId: p.id }] as const),
    ] as const) {
      expect((await save(user as TestUser, choice)).statusCode).toBe(201);
    }
    const res = await t.app.inject({ method: 'GET', url: summaryUrl(addDays(today, -6)), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const { mostWished } = res.json() as InsightSummary;
    expect(mostWished).toHaveLength(10);
    expect(mostWished.slice(0, 2)).toEqual([
      { productId: dress.id, name: 'Most wished dress', image: dress.image, category: 'dress', saves: 4, customers: 3 },
      expect.objectContaining({ productId: ring.id, saves: 2, customers: 2 }),
    ]);
    expect(mostWished.slice(2).every((p) => p.saves === 1)).toBe(true);

    // A wishlist is today's: a range of other days answers the same products.
    const older = await t.app.inject({ method: 'GET', url: summaryUrl(addDays(today, -90)), headers: admin.headers });
    expect((older.json() as InsightSummary).mostWished.map((p) => p.productId)).toEqual(
      mostWished.map((p) => p.productId),
    );
  });

  it('is the admin’s only', async () => {
    const customer = await createUser(t.db);
    const res = await t.app.inject({ method: 'GET', url: summaryUrl(today), headers: customer.headers });
    expect(res.statusCode).toBe(403);
  });
});
