import { apiPaths } from '@shop/contract/api-paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, wishlistItems } from '../../db/schema';
import { createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN_ID = '6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b';

const post = (url: string, user: TestUser | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url, ...(user ? { headers: user.headers } : {}), payload });
const rowsOf = (user: TestUser) => t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, user.id));
const choices = (items: { productId: string; colour: string | null; size: string | null }[]) =>
  items.map((i) => [i.productId, i.colour, i.size]);

async function shelf() {
  const dress = await createProduct(t.db, {
    name: 'Slip dress',
    sizeScale: 'clothing',
    colours: ['green', 'beige'],
    stock: [
      { size: 'S', onHand: 3 },
      { size: 'M', onHand: 3 },
    ],
  });
  const ring = await createProduct(t.db, { name: 'Gold ring', category: 'jewellery', color: 'gold' });
  return { dress, ring };
}

describe('POST /api/wishlist/merge', () => {
  it("joins a guest's list to the account's, never twice, leaving out what does not exist", async () => {
    const user = await createUser(t.db);
    const { dress, ring } = await shelf();
    await post(apiPaths.wishlist, user, { productId: ring.id });
    const res = await post(apiPaths.wishlistMerge, user, {
      items: [
        { productId: dress.id, colour: 'green', size: 'M' },
        // Already saved, and again in the guest's own list.
        { productId: ring.id },
        { productId: dress.id, colour: 'green', size: 'M' },
        // Gone, a colour it never came in, a size it does not come in.
        { productId: UNKNOWN_ID },
        { productId: dress.id, colour: 'red' },
        { productId: dress.id, colour: 'beige', size: 'XL' },
        // The ring's only colour is no choice: kept as the ring.
        { productId: ring.id, colour: 'gold', size: 'One size' },
        { productId: dress.id },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(choices(res.json().items)).toEqual([
      [dress.id, 'green', 'M'],
      [dress.id, null, null],
      [ring.id, null, null],
    ]);
    expect(await rowsOf(user)).toHaveLength(3);

    // The same list merged again (a second login in another tab) changes nothing.
    const again = await post(apiPaths.wishlistMerge, user, { items: [{ productId: dress.id }] });
    expect(again.json().items).toHaveLength(3);
    expect(await rowsOf(user)).toHaveLength(3);
  });

  it('refuses more than a merge holds, and malformed items, writing nothing', async () => {
    const user = await createUser(t.db);
    const { ring } = await shelf();
    for (const items of [
      Array.from({ length: 101 }, () => ({ productId: ring.id })),
      [{ productId: 'ring' }],
      [{ productId: ring.id, colour: 'purple' }],
      'everything',
    ]) {
      const res = await post(apiPaths.wishlistMerge, user, { items });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await rowsOf(user)).toEqual([]);
  });
});

describe('POST /api/wishlist/lookup', () => {
  it("shows a guest's browser list as the wishlist does, and saves nothing", async () => {
    const { dress, ring } = await shelf();
    const before = await t.db.select().from(wishlistItems);
    const res = await post(apiPaths.wishlistLookup, undefined, {
      items: [{ productId: dress.id, colour: 'beige', size: 'S' }, { productId: UNKNOWN_ID }, { productId: ring.id }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ productId: dress.id, colour: 'beige', colourName: 'Beige', size: 'S', available: 3 }),
      expect.objectContaining({ productId: ring.id, name: 'Gold ring', colour: null, size: null }),
    ]);
    expect(await t.db.select().from(wishlistItems)).toHaveLength(before.length);
  });

  it('leaves out a product deleted since', async () => {
    const { ring } = await shelf();
    await t.db.delete(products).where(eq(products.id, ring.id));
    const res = await post(apiPaths.wishlistLookup, undefined, { items: [{ productId: ring.id }] });
    expect([res.statusCode, res.json()]).toEqual([200, { items: [] }]);
  });
});
