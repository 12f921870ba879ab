import { COLOUR_MESSAGES } from '@shop/contract/colours';
import type { Product } from '@shop/contract/products';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productColours, products, productVariants, stockLedger } from '../../db/schema';
import { openSession } from '../../test/checkout-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  customer = await createUser(t.db);
});
afterAll(() => t.close());

const pictures = (name: string, count = 1) =>
  Array.from({ length: count }, (_, i) => ({ url: `/uploads/${name}-${i + 1}.webp`, alt: `${name} ${i + 1}` }));

/** A dress in black and red, sizes S and M of each. */
const newDress = () =>
  createProduct(t.db, {
    category: 'dress',
    sizeScale: 'clothing',
    colours: ['black', 'red'],
    stock: [
      { size: 'S', onHand: 4 },
      { size: 'M', onHand: 6 },
    ],
  });

/** As the admin unless told; `null` sends no session. */
function putColours(id: string, body: unknown, user: TestUser | null = admin) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}/colours`,
    ...(user ? { headers: user.headers } : {}),
    payload: body as object,
  });
}

const detail = async (id: string): Promise<Product> =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().product;

const sizesOf = (product: Product) => product.variants.map((v) => `${v.colour} ${v.size} ${v.available}`);

describe('PUT /api/products/:id/colours', () => {
  it('adds, reorders, edits and removes colours, and the product follows its first', async () => {
    const dress = await newDress();
    await detail(dress.id); // cached before the change, so the answer after shows the cache was dropped
    const res = await putColours(dress.id, {
      colours: [
        { color: 'red', name: 'Cherry', swatch: '#AA1122', price: 59.5, pictures: pictures('cherry', 2) },
        { color: 'green', pictures: pictures('green'), variants: [{ size: 'S', onHand: 5 }] },
        { color: 'blue', name: 'Navy', pictures: pictures('navy') },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Product Updated Successfully!');

    const product = await detail(dress.id);
    expect(product.colours).toEqual([
      { color: 'red', name: 'Cherry', swatch: '#aa1122', price: 59.5, pictures: pictures('cherry', 2) },
      {
        color: 'green',
        name: 'Green',
        swatch: expect.stringMatching(/^#[0-9a-f]{6}$/),
        price: null,
        pictures: pictures('green'),
      },
      {
        color: 'blue',
        name: 'Navy',
        swatch: expect.stringMatching(/^#[0-9a-f]{6}$/),
        price: null,
        pictures: pictures('navy'),
      },
    ]);
    expect([product.color, product.image]).toEqual(['red', '/uploads/cherry-1.webp']);
    // Red keeps its stock; green has what was given; blue has black's sizes with none; black is gone.
    expect(sizesOf(product)).toEqual(['red S 4', 'red M 6', 'green S 5', 'blue S 0', 'blue M 0']);
    expect(res.json().product.colours.map((c: { color: string }) => c.color)).toEqual(['red', 'green', 'blue']);

    const greenS = (await t.db.select().from(productVariants).where(eq(productVariants.productId, dress.id))).find(
      (v) => v.color === 'green',
    );
    const ledger = await t.db
      .select()
      .from(stockLedger)
      .where(eq(stockLedger.variantId, greenS?.id ?? ''));
    expect(ledger.map((l) => [l.reason, l.onHandDelta, l.actorId])).toEqual([['restock', 5, admin.id]]);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, dress.id), eq(auditLog.kind, 'product.updated')));
    expect(audit?.actorId).toBe(admin.id);
    expect(audit?.details.changes).toMatchObject({
      colours: { before: 'black, red', after: 'red, green, blue' },
      'colour black': { after: null },
      'colour green': { before: null },
    });
  });

  it('reorders kept colours, keeping what a colour was not given', async () => {
    const dress = await newDress();
    const res = await putColours(dress.id, {
      colours: [
        { color: 'red', pictures: pictures('red', 3).reverse() },
        { color: 'black', pictures: pictures('black') },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const product = await detail(dress.id);
    expect(product.colours.map((c) => [c.color, c.name, c.pictures[0]?.url])).toEqual([
      ['red', 'Red', '/uploads/red-3.webp'],
      ['black', 'Black', '/uploads/black-1.webp'],
    ]);
    expect([product.color, product.image]).toEqual(['red', '/uploads/red-3.webp']);
    const [row] = await t.db.select().from(products).where(eq(products.id, dress.id));
    expect([row?.color, row?.colors]).toEqual(['red', ['red', 'black']]);
  });

  it('refuses to remove a colour an open checkout holds, and changes nothing', async () => {
    const dress = await newDress();
    await openSession(t.app, customer, [{ _id: dress.id, quantity: 1, size: 'M', colour: 'red' }]);
    const res = await putColours(dress.id, { colours: [{ color: 'black', pictures: pictures('black') }] });
    expect([res.statusCode, res.json()]).toEqual([409, { message: COLOUR_MESSAGES.stillHeld('Red') }]);
    const colours = await t.db.select().from(productColours).where(eq(productColours.productId, dress.id));
    expect(colours.map((c) => c.color).sort()).toEqual(['black', 'red']);
    // A colour that nobody holds can still go.
    const ok = await putColours(dress.id, { colours: [{ color: 'red', pictures: pictures('red') }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await detail(dress.id)).colours.map((c) => c.color)).toEqual(['red']);
  });

  it.each([
    ['no colour', { colours: [] }, 'A product needs at least one colour'],
    [
      'a colour twice',
      {
        colours: [
          { color: 'red', pictures: pictures('a') },
          { color: 'red', pictures: pictures('b') },
        ],
      },
      'Each colour may appear only once',
    ],
    ['nine pictures', { colours: [{ color: 'red', pictures: pictures('a', 9) }] }, 'at most 8 pictures'],
    ['no picture', { colours: [{ color: 'red', pictures: [] }] }, 'at least one picture'],
    ['a bad swatch', { colours: [{ color: 'red', swatch: 'red', pictures: pictures('a') }] }, 'A swatch is a colour'],
    ['an unknown colour', { colours: [{ color: 'mauve', pictures: pictures('a') }] }, 'Color must be one of'],
    [
      'a size outside the scale',
      { colours: [{ color: 'blue', pictures: pictures('a'), variants: [{ size: '7', onHand: 1 }] }] },
      'Size 7 is not a',
    ],
  ])('answers 400 for %s and changes nothing', async (_label, body, message) => {
    const dress = await newDress();
    const res = await putColours(dress.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await detail(dress.id)).colours.map((c) => c.color)).toEqual(['black', 'red']);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await putColours('6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b', {
      colours: [{ color: 'red', pictures: pictures('a') }],
    });
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Product not found' }]);
  });

  it.each([
    ['nobody', undefined, 401],
    ['a customer', 'customer', 403],
  ] as const)('refuses %s', async (_label, who, status) => {
    const dress = await newDress();
    const res = await putColours(
      dress.id,
      { colours: [{ color: 'red', pictures: pictures('a') }] },
      who ? customer : null,
    );
    expect(res.statusCode).toBe(status);
    expect((await detail(dress.id)).colours.map((c) => c.color)).toEqual(['black', 'red']);
  });
});
