import { apiPaths } from '@shop/contract/api-paths';
import { WISHLIST_MAX_ITEMS } from '@shop/contract/wishlist';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, wishlistItems } from '../../db/schema';
import { createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let customer: TestUser;
let other: TestUser;

const UNKNOWN_ID = '6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b';

beforeAll(async () => {
  t = await createTestApp();
  customer = await createUser(t.db);
  other = await createUser(t.db);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload ? { payload } : {}) });
const save = (user: TestUser | undefined, choice: object) => call('POST', apiPaths.wishlist, user, choice);
const list = async (user: TestUser) => {
  const res = await call('GET', apiPaths.wishlist, user);
  expect(res.statusCode).toBe(200);
  return res.json().items as { productId: string; colour: string | null; size: string | null }[];
};
const rowsOf = (user: TestUser) => t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, user.id));

/** A dress in red (XS to M, M sold out) and black (S only), red dearer. */
async function twoColourDress() {
  const product = await createProduct(t.db, {
    name: 'Wrap dress',
    sizeScale: 'clothing',
    colours: ['red', 'black'],
    stock: [
      { size: 'S', onHand: 4, colour: 'red' },
      { size: 'M', onHand: 0, colour: 'red' },
      { size: 'S', onHand: 2, colour: 'black' },
    ],
  });
  return product;
}

describe('saving, listing and removing', () => {
  it('saves a product in a colour and size, answers it as the list shows it, and lists the newest first', async () => {
    const user = await createUser(t.db);
    const scarf = await createProduct(t.db, { name: 'Silk scarf', category: 'accessories', priceCents: 2500 });
    const dress = await twoColourDress();
    expect((await save(user, { productId: scarf.id })).statusCode).toBe(201);
    const res = await save(user, { productId: dress.id, colour: 'red', size: 'S' });
    expect(res.statusCode).toBe(201);
    expect(res.json().item).toMatchObject({
      productId: dress.id,
      name: 'Wrap dress',
      colour: 'red',
      colourName: 'Red',
      size: 'S',
      available: 4,
      variant: { size: 'S', colour: 'red', available: 4 },
    });
    const items = await list(user);
    expect(items.map((i) => [i.productId, i.colour, i.size])).toEqual([
      [dress.id, 'red', 'S'],
      [scarf.id, null, null],
    ]);
    expect(items[1]).toMatchObject({ name: 'Silk scarf', price: 25, available: expect.any(Number) });
  });

  it('keeps one item when the same choice is saved twice, or many times at once', async () => {
    const user = await createUser(t.db);
    const dress = await twoColourDress();
    expect((await save(user, { productId: dress.id, colour: 'black' })).statusCode).toBe(201);
    const again = await save(user, { productId: dress.id, colour: 'black', size: null });
    expect([again.statusCode, again.json().message]).toEqual([200, 'Saved to your wishlist']);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => save(user, { productId: dress.id, colour: 'red' })),
    );
    expect(burst.every((r) => [200, 201].includes(r.statusCode))).toBe(true);
    expect(await rowsOf(user)).toHaveLength(2);
  });

  it('answers availability for the chosen size, for any size, and sold out', async () => {
    const user = await createUser(t.db);
    const dress = await twoColourDress();
    await save(user, { productId: dress.id, colour: 'red', size: 'M' });
    await save(user, { productId: dress.id, colour: 'black' });
    await save(user, { productId: dress.id, size: 'S' });
    const items = await list(user);
    const find = (colour: string | null, size: string | null) =>
      items.find((i) => i.colour === colour && i.size === size);
    // A size sold out; one colour's only size, named; a size left without a colour, to choose on the page.
    expect(find('red', 'M')).toMatchObject({ available: 0, variant: { size: 'M', available: 0 } });
    expect(find('black', null)).toMatchObject({ available: 2, variant: { size: 'S', colour: 'black' } });
    expect(find(null, 'S')).toMatchObject({ available: 6, variant: null });
  });

  it('removes one saved item, and answers 404 for one not saved', async () => {
    const user = await createUser(t.db);
    const dress = await twoColourDress();
    await save(user, { productId: dress.id, colour: 'red', size: 'S' });
    await save(user, { productId: dress.id, colour: 'red' });
    const removed = await call('DELETE', `${apiPaths.wishlist}?productId=${dress.id}&colour=red&size=S`, user);
    expect([removed.statusCode, removed.json()]).toEqual([200, { message: 'Removed from your wishlist' }]);
    expect((await list(user)).map((i) => [i.colour, i.size])).toEqual([['red', null]]);
    const twice = await call('DELETE', `${apiPaths.wishlist}?productId=${dress.id}&colour=red&size=S`, user);
    expect([twice.statusCode, twice.json()]).toEqual([404, { message: 'That product is not on your wishlist' }]);
    expect(await rowsOf(user)).toHaveLength(1);
  });

  it("keeps each customer's list to themselves", async () => {
    const product = await createProduct(t.db);
    await save(customer, { productId: product.id });
    expect((await list(other)).some((i) => i.productId === product.id)).toBe(false);
    const stranger = await call('DELETE', `${apiPaths.wishlist}?productId=${product.id}`, other);
    expect(stranger.statusCode).toBe(404);
    expect((await list(customer)).some((i) => i.productId === product.id)).toBe(true);
  });

  it('drops a product deleted since from the list', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    await save(user, { productId: product.id });
    await t.db.delete(products).where(eq(products.id, product.id));
    expect(await list(user)).toEqual([]);
  });
});

describe('refusals', () => {
  it.each([
    ['an unknown product', { productId: UNKNOWN_ID }, 404, 'Product not found'],
    ['a malformed product id', { productId: 'dress' }, 400, 'Invalid productId: Invalid id'],
    ['a colour the product does not come in', { colour: 'gold' }, 400, 'Wrap dress does not come in gold'],
    ['an unknown colour', { colour: 'purple' }, 400, undefined],
    ['a size the product does not come in', { size: 'XL' }, 400, 'Wrap dress does not come in size XL'],
    ['a size of another colour', { colour: 'black', size: 'M' }, 400, 'Wrap dress does not come in size M'],
    ['an unknown size', { size: '4XL' }, 400, undefined],
  ])('refuses %s and writes nothing', async (_label, change, status, message) => {
    const user = await createUser(t.db);
    const dress = await twoColourDress();
    const res = await save(user, { productId: dress.id, ...change });
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json()).toEqual({ message });
    else expect(res.json().message).toEqual(expect.any(String));
    expect(await rowsOf(user)).toEqual([]);
  });

  it('refuses a guest with 401 on every customer route and writes nothing', async () => {
    const product = await createProduct(t.db);
    const before = await t.db.select().from(wishlistItems);
    for (const [method, url, payload] of [
      ['GET', apiPaths.wishlist, undefined],
      ['POST', apiPaths.wishlist, { productId: product.id }],
      ['DELETE', `${apiPaths.wishlist}?productId=${product.id}`, undefined],
      ['POST', apiPaths.wishlistMerge, { items: [{ productId: product.id }] }],
    ] as const) {
      const res = await call(method, url, undefined, payload);
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'Please log in to continue' }]);
    }
    expect(await t.db.select().from(wishlistItems)).toHaveLength(before.length);
  });

  it('refuses a new item past the limit with 409, and still answers one already saved', async () => {
    const user = await createUser(t.db);
    const first = await createProduct(t.db);
    await save(user, { productId: first.id });
    // The rest of the limit, written past the service: sizes no product has, so each is an item of its own.
    const values = Array.from({ length: WISHLIST_MAX_ITEMS - 1 }, (_, i) => ({
      userId: user.id,
      productId: first.id,
      size: `filler ${i}`,
    }));
    await t.db.insert(wishlistItems).values(values);
    const more = await createProduct(t.db);
    const refused = await save(user, { productId: more.id });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { message: 'Your wishlist holds at most 100 products' },
    ]);
    expect((await save(user, { productId: first.id })).statusCode).toBe(200);
    expect(await rowsOf(user)).toHaveLength(WISHLIST_MAX_ITEMS);
  });

  it('lets only one of several saves at once take the last place', async () => {
    const user = await createUser(t.db);
    const first = await createProduct(t.db);
    await t.db.insert(wishlistItems).values(
      Array.from({ length: WISHLIST_MAX_ITEMS - 1 }, (_, i) => ({
        userId: user.id,
        productId: first.id,
        size: `filler ${i}`,
      })),
    );
    const racers = await Promise.all(Array.from({ length: 5 }, () => createProduct(t.db)));
    const results = await Promise.all(racers.map((p) => save(user, { productId: p.id })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await rowsOf(user)).toHaveLength(WISHLIST_MAX_ITEMS);
  });
});
