import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, productColours, productVariants } from '../../db/schema';
import { checkout } from '../../test/checkout-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { buy } from '../../test/mail-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';

// A product in two colours through the shop: the list finds it by either, a size asked for with a colour
// is of that colour, a line is priced at its colour's price and keeps its colour, and stock moves by colour.

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let dress: { id: string };

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'cache-control': 'no-cache' } });
const idsOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().products as { _id: string }[]).map((p) => p._id);
};
const sizeOf = async (color: 'black' | 'red', size: string) => {
  const [row] = await t.db
    .select()
    .from(productVariants)
    .where(
      and(eq(productVariants.productId, dress.id), eq(productVariants.color, color), eq(productVariants.size, size)),
    );
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, shopper] = await Promise.all([createAdmin(t.db), createUser(t.db)]);
  dress = await createProduct(t.db, {
    name: 'Tencel Tea Dress',
    category: 'dress',
    color: 'black',
    colours: ['black', 'red'],
    priceCents: 6900,
    sizeScale: 'clothing',
    stock: [
      { size: 'M', onHand: 8, colour: 'black' },
      { size: 'M', onHand: 0, colour: 'red' },
      { size: 'S', onHand: 5, colour: 'red' },
    ],
  });
  // Red costs more than the product's own price.
  await t.db
    .update(productColours)
    .set({ priceCents: 7900, pictures: [{ url: '/uploads/red-tea-dress.webp', alt: 'Tencel Tea Dress in red' }] })
    .where(and(eq(productColours.productId, dress.id), eq(productColours.color, 'red')));
});
afterAll(() => t.close());

describe('a product in two colours', () => {
  it('is listed and searched by either colour, and a size asked with a colour is of that colour', async () => {
    expect(await idsOf('/api/products?color=red&limit=100')).toContain(dress.id);
    expect(await idsOf('/api/products?color=black&limit=100')).toContain(dress.id);
    expect(await idsOf('/api/products?q=red%20tea%20dress')).toContain(dress.id);
    // Red M is sold out though black M is not: red in M that can be bought finds nothing of this dress.
    expect(await idsOf('/api/products?color=red&size=M&inStock=true&limit=100')).not.toContain(dress.id);
    expect(await idsOf('/api/products?color=red&size=S&inStock=true&limit=100')).toContain(dress.id);
    expect(await idsOf('/api/products?color=black&size=M&inStock=true&limit=100')).toContain(dress.id);
  });

  it('runs low as a size of a colour, named and pictured as that colour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inventory/low-stock', headers: admin.headers });
    const items = res.json().items as {
      productId: string;
      size: string;
      colour: string;
      colourName: string;
      image: string;
    }[];
    expect(items.filter((i) => i.productId === dress.id)).toEqual([
      expect.objectContaining({ size: 'M', colour: 'red', colourName: 'Red', image: '/uploads/red-tea-dress.webp' }),
    ]);
  });

  it("prices a line at its colour's price, and one naming no colour at the first colour's", async () => {
    const red = await checkout(t.app, shopper, [{ _id: dress.id, quantity: 1, colour: 'red', size: 'S' }]);
    const plain = await checkout(t.app, shopper, [{ _id: dress.id, quantity: 1, size: 'M' }]);
    for (const res of [red, plain]) expect(res.statusCode, res.body).toBe(200);
    const linesOf = async (id: string) => {
      const [row] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      return row?.lineItems as { unitPriceCents: number; color: string; colourName?: string; size: string }[];
    };
    expect(await linesOf(red.json().id)).toMatchObject([
      { unitPriceCents: 7900, color: 'red', colourName: 'Red', size: 'S' },
    ]);
    expect(await linesOf(plain.json().id)).toMatchObject([
      { unitPriceCents: 6900, color: 'black', colourName: 'Black', size: 'M' },
    ]);
    const sold = await checkout(t.app, shopper, [{ _id: dress.id, quantity: 1, colour: 'red', size: 'M' }]);
    expect(sold.statusCode).toBe(409);
    const blue = await checkout(t.app, shopper, [{ _id: dress.id, quantity: 1, colour: 'blue', size: 'M' }]);
    expect([blue.statusCode, blue.json().message]).toEqual([400, 'Tencel Tea Dress does not come in blue']);
  });

  it('keeps the colour on the order line, at the price paid', async () => {
    const { order } = await buy(t.app, await createUser(t.db), [
      { _id: dress.id, quantity: 1, colour: 'red', size: 'S' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/order/${order._id}`, headers: admin.headers });
    expect(res.json().products).toMatchObject([{ name: 'Tencel Tea Dress', colour: 'Red', size: 'S', price: 79 }]);
  });

  it('changes the stock of a size of the colour named, and refuses a colour the product lacks', async () => {
    const change = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/inventory/products/${dress.id}`,
        headers: admin.headers,
        payload: body,
      });
    const black = await sizeOf('black', 'M');
    const res = await change({ size: 'M', colour: 'red', onHand: 4, expectedOnHand: 0, reason: 'restock' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sizeOf('red', 'M')).toMatchObject({ onHand: 4 });
    expect(await sizeOf('black', 'M')).toMatchObject({ onHand: black?.onHand });
    const stock = res.json() as { variants: { colour: string; size: string; onHand: number }[] };
    expect(stock.variants.filter((v) => v.size === 'M')).toEqual([
      expect.objectContaining({ colour: 'black', onHand: black?.onHand }),
      expect.objectContaining({ colour: 'red', onHand: 4 }),
    ]);
    const lacking = await change({ size: 'M', colour: 'green', onHand: 4 });
    expect(lacking.statusCode).toBe(400);
  });

  it("edits the first colour through the product's own colour, and refuses one it comes in already", async () => {
    const skirt = await createProduct(t.db, {
      name: 'Pleated Skirt',
      color: 'black',
      colours: ['black', 'red'],
      sizeScale: 'clothing',
      stock: [{ size: 'M', onHand: 3 }],
    });
    const update = (body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/products/update-product/${skirt.id}`,
        headers: admin.headers,
        payload: body,
      });
    const taken = await update({ color: 'red' });
    expect([taken.statusCode, taken.json().message]).toEqual([400, 'The product comes in Red already']);
    const moved = await update({ color: 'green' });
    expect(moved.statusCode, moved.body).toBe(200);
    const { product } = moved.json() as {
      product: { color: string; colours: { color: string }[]; variants: { colour: string }[] };
    };
    expect(product.color).toBe('green');
    expect(product.colours.map((c) => c.color)).toEqual(['green', 'red']);
    // Its sizes moved with it.
    expect(product.variants.map((v) => v.colour)).toEqual(['green', 'red']);
  });
});
