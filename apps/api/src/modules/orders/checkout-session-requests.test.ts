import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, type orders, products } from '../../db/schema';
import { startCheckoutShop, stopCheckoutShop, t } from '../../test/checkout-shop-test-kit';
import { checkout, confirm, openSession, submitCard } from '../../test/checkout-test-kit';
import { createAdmin, createProduct, createUser } from '../../test/factories';

/** What create-checkout-session and confirm-payment accept, refuse and record, and for whom. */
beforeAll(startCheckoutShop);
afterAll(stopCheckoutShop);

const countOf = async (table: typeof orders | typeof checkoutSessions) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n;

describe('create-checkout-session', () => {
  it('charges the catalogue price whatever price the client sends', async () => {
    const product = await createProduct(t.db, { name: 'Velvet Dress', priceCents: 12000 });
    const user = await createUser(t.db);
    const { id } = await openSession(t.app, user, [{ _id: product.id, price: 0.01, quantity: 3 }]);
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(record).toMatchObject({ subtotalCents: 36000, taxCents: 1800, amountCents: 37800, email: user.email });
    expect(record?.lineItems).toEqual([
      {
        productId: product.id,
        name: 'Velvet Dress',
        image: '/uploads/test.webp',
        unitPriceCents: 12000,
        quantity: 3,
        variantId: expect.any(String),
        size: 'One size',
        color: 'black',
        sku: expect.stringMatching(/^LB-[0-9A-F]{16}-OS$/),
      },
    ]);
    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    expect((await confirm(t.app, user, id)).json().order).toMatchObject({ amount: 378, subtotal: 360, tax: 18 });
  });

  it('refuses bad quantities, duplicate lines and malformed carts with 400 and writes nothing', async () => {
    const product = await createProduct(t.db);
    const other = await createProduct(t.db);
    const user = await createUser(t.db);
    const sessionsBefore = await countOf(checkoutSessions);
    const cases: [unknown, string][] = [
      [[{ _id: product.id, quantity: -1 }], 'Invalid product.0.quantity: Quantity must be at least 1'],
      [[{ _id: product.id, quantity: 0 }], 'Invalid product.0.quantity: Quantity must be at least 1'],
      [[{ _id: product.id, quantity: 100 }], 'Invalid product.0.quantity: Quantity must be at most 99'],
      [[{ _id: product.id, quantity: 1.5 }], 'Invalid product.0.quantity: Quantity must be a whole number'],
      [[{ _id: product.id, quantity: '2' }], 'Invalid product.0.quantity: Quantity must be a number'],
      [[{ _id: product.id }], 'Invalid product.0.quantity: Quantity must be a number'],
      [
        [
          { _id: product.id, quantity: 1 },
          { _id: other.id, quantity: 1 },
          { _id: product.id, quantity: 2 },
        ],
        'Invalid product: Each product may appear in the cart only once per colour and size',
      ],
      [[], 'Invalid product: The cart is empty'],
      [[{ _id: 'not-a-uuid', quantity: 1 }], 'Invalid product.0._id: Invalid id'],
      [[{ quantity: 1 }], 'Invalid product.0._id: Invalid id'],
      ['everything', 'Invalid product: The cart must be a list of products'],
      [
        Array.from({ length: 51 }, () => ({ _id: crypto.randomUUID(), quantity: 1 })),
        'Invalid product: A cart holds at most 50 products',
      ],
    ];
    for (const [product, message] of cases) {
      const res = await checkout(t.app, user, product);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create-checkout-session',
      headers: user.headers,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('message');
    expect(await countOf(checkoutSessions)).toBe(sessionsBefore);
  });

  it('refuses a cart holding a deleted product, naming it', async () => {
    const kept = await createProduct(t.db, { name: 'Pearl Earrings' });
    const gone = await createProduct(t.db, { name: 'Velvet Gown' });
    await t.db.delete(products).where(eq(products.id, gone.id));
    const user = await createUser(t.db);
    const sessionsBefore = await countOf(checkoutSessions);
    const res = await checkout(t.app, user, [
      { _id: kept.id, name: 'Pearl Earrings', quantity: 1 },
      { _id: gone.id, name: 'Velvet Gown', quantity: 1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'No longer available: "Velvet Gown". Remove it from your cart and try again.',
    });
    const unnamed = await checkout(t.app, user, [{ _id: gone.id, quantity: 1 }]);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({
      message: `No longer available: ${gone.id}. Remove it from your cart and try again.`,
    });
    expect(await countOf(checkoutSessions)).toBe(sessionsBefore);
  });

  it('refuses a total larger than one card payment can be', async () => {
    const product = await createProduct(t.db, { priceCents: 100_000_000 });
    const user = await createUser(t.db);
    const res = await checkout(t.app, user, [{ _id: product.id, quantity: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The order total is too large for one payment. Please split it into smaller orders.',
    });
  });

  it("takes a customer's e-mail from the account, whatever the body says", async () => {
    const product = await createProduct(t.db);
    const user = await createUser(t.db);
    const someoneElse = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create-checkout-session',
      headers: user.headers,
      payload: { product: [{ _id: product.id, quantity: 1 }], userId: someoneElse.id, email: someoneElse.email },
    });
    expect(res.statusCode).toBe(200);
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, res.json().id));
    expect(record).toMatchObject({ userId: user.id, email: user.email });
  });
});

describe('confirm-payment', () => {
  it('lets only the session owner or an admin confirm', async () => {
    const product = await createProduct(t.db, { priceCents: 500 });
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const { id } = await openSession(t.app, owner, [{ _id: product.id, quantity: 1 }]);
    await submitCard(t.app, id);

    const refused = await confirm(t.app, stranger, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You can only confirm your own payments' });
    const anonymous = await confirm(t.app, undefined, id);
    expect(anonymous.statusCode).toBe(401);

    const admin = await createAdmin(t.db);
    const byAdmin = await confirm(t.app, admin, id);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().order.email).toBe(owner.email);
  });

  it('answers 404 for an unknown session and 400 for a malformed one', async () => {
    const user = await createUser(t.db);
    const unknown = await confirm(t.app, user, 'cs_builtin_unknown');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Checkout session not found' });
    for (const bad of ['', '   ', 42, null, 'x'.repeat(256)]) {
      const res = await confirm(t.app, user, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toMatch(/session_id/);
    }
  });
});
