import {
  DEFAULT_OPENING_STOCK,
  INVENTORY_MESSAGES,
  type ProductStockResponse,
  type ShortItem,
} from '@shop/contract/inventory';
import { ORDER_MESSAGES } from '@shop/contract/orders';
import type { Product } from '@shop/contract/products';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants, stockLedger, stockReservations } from '../../db/schema';
import { sweepExpiredHolds } from '../../flows/checkout-release';
import { checkout, confirm, GOOD_CARD, openSession, submitCard } from '../../test/checkout-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, onOneConnection, synchronousCommitOf, type TestApp } from '../../test/test-app';
import { fulfilDepsOf } from '../orders/fulfil-deps';
import { activeReservedOf, ledgerTotals } from './inventory.queries';
import { type CartLine, endHold, reserveCart } from './inventory.service';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  shopper = await createUser(t.db);
});
afterAll(() => t.close());

const dressStock = [
  { size: 'XS', onHand: 0 },
  { size: 'S', onHand: 2 },
  { size: 'M', onHand: 3 },
  { size: 'L', onHand: 10 },
  { size: 'XL', onHand: 1 },
];

async function newDress(stock = dressStock, name = `Dress ${Math.random().toString(36).slice(2, 8)}`) {
  return createProduct(t.db, { name, category: 'dress', sizeScale: 'clothing', stock });
}

async function sizeRow(productId: string, size: string) {
  const rows = await t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
  const row = rows.find((r) => r.size === size);
  if (!row) throw new Error(`no size ${size}`);
  return row;
}

/** The ledger's promise, for one size: on hand is the opening plus its changes, reserved is what is held. */
async function expectLedgerHolds(productId: string) {
  for (const row of await t.db.select().from(productVariants).where(eq(productVariants.productId, productId))) {
    const totals = await ledgerTotals(t.db, row.id);
    expect(row.onHand, `${row.size} on hand`).toBe(row.openingOnHand + totals.onHand);
    expect(row.reserved, `${row.size} reserved`).toBe(totals.reserved);
    expect(row.reserved, `${row.size} reserved = active reservations`).toBe(await activeReservedOf(t.db, row.id));
  }
}

const productOf = async (id: string): Promise<Product> =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().product;

describe('product answers', () => {
  it('list each size in scale order with what is available, and say whether any is', async () => {
    const dress = await newDress();
    const product = await productOf(dress.id);
    expect(product.sizeScale).toBe('clothing');
    expect(product.variants.map((v) => [v.size, v.available])).toEqual([
      ['XS', 0],
      ['S', 2],
      ['M', 3],
      ['L', 10],
      ['XL', 1],
    ]);
    expect(product.variants[2]?.sku).toMatch(/^LB-[0-9A-F]{16}-M$/);
    expect(product.inStock).toBe(true);
    const soldOut = await newDress(dressStock.map((s) => ({ ...s, onHand: 0 })));
    expect((await productOf(soldOut.id)).inStock).toBe(false);
  });

  it('filter the list by size, and by what can still be bought', async () => {
    const tag = `Filterable${Date.now()}`;
    const withM = await newDress(dressStock, `${tag} with M`);
    const mSoldOut = await newDress(
      dressStock.map((s) => (s.size === 'M' ? { ...s, onHand: 0 } : s)),
      `${tag} M sold out`,
    );
    const allSoldOut = await newDress(
      dressStock.map((s) => ({ ...s, onHand: 0 })),
      `${tag} sold out`,
    );
    const names = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/products?q=${tag}&limit=50&${query}` }))
        .json()
        .products.map((p: Product) => p.name)
        .sort();
    expect(await names('size=M')).toEqual([withM.name, mSoldOut.name, allSoldOut.name].sort());
    expect(await names('size=M&inStock=true')).toEqual([withM.name]);
    expect(await names('inStock=true')).toEqual([withM.name, mSoldOut.name].sort());
    expect(await names('size=7')).toEqual([]);
    expect(await names('size=&inStock=')).toHaveLength(3);
    const bad = await t.app.inject({ method: 'GET', url: '/api/products?size=XXL' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('adding a product with sizes', () => {
  const dressInput = {
    name: 'Pleated Midi',
    category: 'dress',
    color: 'green',
    price: 80,
    description: 'Pleats.',
    image: '/uploads/pleated.webp',
  };

  it('stocks each size as a restock by the admin, in the ledger', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/create-product',
      headers: admin.headers,
      payload: {
        ...dressInput,
        sizeScale: 'clothing',
        variants: [
          { size: 'S', onHand: 4 },
          { size: 'M', onHand: 0 },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const { product } = res.json();
    expect(product.variants.map((v: { size: string; available: number }) => [v.size, v.available])).toEqual([
      ['S', 4],
      ['M', 0],
    ]);
    const stock: ProductStockResponse = (
      await t.app.inject({ method: 'GET', url: `/api/inventory/products/${product._id}`, headers: admin.headers })
    ).json();
    expect(stock.ledger).toEqual([
      expect.objectContaining({ size: 'S', reason: 'restock', onHandChange: 4, reservedChange: 0, by: admin.username }),
    ]);
    await expectLedgerHolds(product._id);
  });

  it('gives a product sent without sizes one size with the default stock', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/create-product',
      headers: admin.headers,
      payload: dressInput,
    });
    expect(res.json().product.variants).toEqual([
      expect.objectContaining({ size: 'One size', available: DEFAULT_OPENING_STOCK }),
    ]);
  });

  it.each([
    ['a size outside the scale', { sizeScale: 'clothing', variants: [{ size: '7', onHand: 1 }] }, /not a Clothing/],
    [
      'a scale the category cannot have',
      { sizeScale: 'ring', variants: [{ size: '7', onHand: 1 }] },
      /cannot be sized/,
    ],
    [
      'a size twice',
      {
        variants: [
          { size: 'S', onHand: 1 },
          { size: 'S', onHand: 2 },
        ],
      },
      /only once/,
    ],
    ['negative stock', { variants: [{ size: 'S', onHand: -1 }] }, /cannot be negative/],
    ['no sizes', { variants: [] }, /at least one size/],
  ])('refuses %s with 400', async (_label, extra, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/create-product',
      headers: admin.headers,
      payload: { ...dressInput, ...extra },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('checkout holds stock', () => {
  it('needs a size for a product with several, and none for a one-size product', async () => {
    const dress = await newDress(dressStock, 'Wrap Dress');
    const noSize = await checkout(t.app, shopper, [{ _id: dress.id, quantity: 1 }]);
    expect([noSize.statusCode, noSize.json()]).toEqual([400, { message: INVENTORY_MESSAGES.chooseSize('Wrap Dress') }]);
    const wrongSize = await checkout(t.app, shopper, [{ _id: dress.id, quantity: 1, size: '7' }]);
    expect([wrongSize.statusCode, wrongSize.json().message]).toEqual([400, 'Wrap Dress does not come in size 7']);
    const scarf = await createProduct(t.db, { category: 'accessories' });
    expect((await checkout(t.app, shopper, [{ _id: scarf.id, quantity: 2 }])).statusCode).toBe(200);
  });

  it('holds two sizes of one dress as two lines, by size or by SKU, and sells them when paid', async () => {
    const dress = await newDress();
    const sku = (await sizeRow(dress.id, 'L')).sku;
    const { id } = await openSession(t.app, shopper, [
      { _id: dress.id, quantity: 2, size: 'S', price: 0.01 },
      { _id: dress.id, quantity: 3, sku },
    ]);
    expect(await sizeRow(dress.id, 'S')).toMatchObject({ onHand: 2, reserved: 2 });
    expect(await sizeRow(dress.id, 'L')).toMatchObject({ onHand: 10, reserved: 3 });
    // The product page shows it at once: no cached answer outlives the hold.
    expect((await productOf(dress.id)).variants.find((v) => v.size === 'S')?.available).toBe(0);

    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    const order = (await confirm(t.app, shopper, id)).json().order;
    expect(order.products.map((p: { size: string; quantity: number }) => [p.size, p.quantity])).toEqual([
      ['S', 2],
      ['L', 3],
    ]);
    expect(await sizeRow(dress.id, 'S')).toMatchObject({ onHand: 0, reserved: 0 });
    expect(await sizeRow(dress.id, 'L')).toMatchObject({ onHand: 7, reserved: 0 });
    const reasons = await t.db
      .select({ reason: stockLedger.reason })
      .from(stockLedger)
      .where(eq(stockLedger.variantId, (await sizeRow(dress.id, 'S')).id));
    expect(reasons.map((r) => r.reason)).toEqual(['reservation', 'sale']);
    await expectLedgerHolds(dress.id);
  });

  it('refuses a cart some of whose lines are short with 409, naming each and what is left, and holds nothing', async () => {
    const dress = await newDress(dressStock, 'Slip Dress');
    const res = await checkout(t.app, shopper, [
      { _id: dress.id, quantity: 1, size: 'L' },
      { _id: dress.id, quantity: 3, size: 'S' },
      { _id: dress.id, quantity: 1, size: 'XS' },
    ]);
    expect(res.statusCode).toBe(409);
    const body = res.json() as { message: string; shortItems: ShortItem[] };
    expect(body.shortItems).toEqual([
      { productId: dress.id, name: 'Slip Dress', size: 'S', available: 2, requested: 3 },
      { productId: dress.id, name: 'Slip Dress', size: 'XS', available: 0, requested: 1 },
    ]);
    expect(body.message).toBe(
      'Not enough left: Slip Dress (S): 2 left; Slip Dress (XS): 0 left. Your cart has been updated.',
    );
    expect(await sizeRow(dress.id, 'L')).toMatchObject({ reserved: 0 });
    expect(
      await t.db
        .select()
        .from(stockReservations)
        .where(eq(stockReservations.variantId, (await sizeRow(dress.id, 'L')).id)),
    ).toEqual([]);
  });

  it('gives the stock back when the shopper cancels, for the next buyer at once', async () => {
    const dress = await newDress(dressStock.map((s) => ({ ...s, onHand: s.size === 'XL' ? 1 : 0 })));
    const first = await openSession(t.app, shopper, [{ _id: dress.id, quantity: 1, size: 'XL' }]);
    const other = await createUser(t.db);
    expect((await checkout(t.app, other, [{ _id: dress.id, quantity: 1, size: 'XL' }])).statusCode).toBe(409);

    const page = await t.app.inject({ method: 'GET', url: `/checkout/pay/${first.id}` });
    const cancelUrl = /<a href="(\/checkout\/cancel\/[^"]+)">Cancel<\/a>/.exec(page.body)?.[1];
    expect(cancelUrl).toBeDefined();
    const cancelled = await t.app.inject({ method: 'GET', url: cancelUrl ?? '' });
    expect([cancelled.statusCode, cancelled.headers.location]).toEqual([303, '/shop?checkout=cancelled']);
    expect((await checkout(t.app, other, [{ _id: dress.id, quantity: 1, size: 'XL' }])).statusCode).toBe(200);
    // The cancelled session cannot be paid any more.
    expect((await submitCard(t.app, first.id, GOOD_CARD)).statusCode).toBe(410);
    await expectLedgerHolds(dress.id);
  });

  it('releases an expired hold in the sweep, and its late payment is refused', async () => {
    const dress = await newDress();
    const { id } = await openSession(t.app, shopper, [{ _id: dress.id, quantity: 2, size: 'L' }]);
    const deps = fulfilDepsOf(t.app.deps, t.app.log);
    expect(await sweepExpiredHolds(deps)).toEqual({ released: 0, fulfilled: 0 });
    const anHourLater = new Date(Date.now() + 60 * 60_000);
    // Other tests' holds are an hour old by then too.
    expect((await sweepExpiredHolds(deps, anHourLater)).released).toBeGreaterThanOrEqual(1);
    expect(await sizeRow(dress.id, 'L')).toMatchObject({ onHand: 10, reserved: 0 });
    expect((await submitCard(t.app, id, GOOD_CARD)).statusCode).toBe(410);
    const late = await confirm(t.app, shopper, id);
    expect([late.statusCode, late.json()]).toEqual([410, { message: ORDER_MESSAGES.expired }]);
    expect(await sweepExpiredHolds(deps, anHourLater)).toEqual({ released: 0, fulfilled: 0 });
    await expectLedgerHolds(dress.id);
  });

  it('makes the order instead when a session found expiring was paid after all', async () => {
    const dress = await newDress();
    const { id } = await openSession(t.app, shopper, [{ _id: dress.id, quantity: 1, size: 'M' }]);
    await submitCard(t.app, id, GOOD_CARD);
    // The payment's own fulfilment failed (say) and the hold ran past its time.
    const deps = fulfilDepsOf(t.app.deps, t.app.log);
    expect((await sweepExpiredHolds(deps, new Date(Date.now() + 60 * 60_000))).released).toBe(0);
    expect(await sizeRow(dress.id, 'M')).toMatchObject({ onHand: 2, reserved: 0 });
  });
});

describe('a hold and a sale keep the sizes locked briefly', () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000);
  async function lineOf(product: Awaited<ReturnType<typeof newDress>>, size: string): Promise<CartLine> {
    const row = await sizeRow(product.id, size);
    const { id: productId, name, image, priceCents: unitPriceCents, category } = product;
    return { productId, variantId: row.id, name, image, size, sku: row.sku, unitPriceCents, quantity: 1, category };
  }

  it("commits a hold without waiting for the disk, and leaves the connection's later commits waiting", async () => {
    const line = await lineOf(await newDress(), 'L');
    await onOneConnection(t, async (db) => {
      await db.transaction(async (tx) => {
        await reserveCart(tx, [line], shopper.id, inAnHour());
        expect(await synchronousCommitOf(tx)).toBe('off');
      });
      await reserveCart(db, [line], shopper.id, inAnHour());
      expect(await synchronousCommitOf(db)).toBe('on');
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "leaves a paid hold's sizes unlocked until the order's transaction commits, which moves them",
    async () => {
      const dress = await newDress();
      const line = await lineOf(dress, 'L');
      const hold = await reserveCart(t.db, [line], shopper.id, inAnHour());
      await t.db.transaction(async (tx) => {
        expect(await endHold(tx, hold, 'paid', shopper.id)).toEqual([{ variantId: line.variantId, quantity: 1 }]);
        // Another connection can take the size's row at once: the sale's statement did not lock it.
        await t.db.execute(sql`
          select 1 from ${productVariants} where id = ${line.variantId} for no key update nowait`);
        expect(await sizeRow(dress.id, 'L')).toMatchObject({ onHand: 10, reserved: 1 });
      });
      expect(await sizeRow(dress.id, 'L')).toMatchObject({ onHand: 9, reserved: 0 });
      await expectLedgerHolds(dress.id);
    },
  );
});

describe('the admin changes stock', () => {
  const put = (productId: string, body: object, user: TestUser = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/inventory/products/${productId}`, headers: user.headers, payload: body });

  it('sets a size from what the form showed, writes an adjustment and refuses a stale form', async () => {
    const dress = await newDress();
    const res = await put(dress.id, { size: 'M', onHand: 8, expectedOnHand: 3 });
    expect(res.statusCode).toBe(200);
    const stock: ProductStockResponse = res.json();
    expect(stock.variants.find((v) => v.size === 'M')).toMatchObject({ onHand: 8, reserved: 0, available: 8 });
    expect(stock.ledger[0]).toMatchObject({ size: 'M', reason: 'adjustment', onHandChange: 5, by: admin.username });

    const stale = await put(dress.id, { size: 'M', onHand: 1, expectedOnHand: 3 });
    expect([stale.statusCode, stale.json()]).toEqual([409, { message: INVENTORY_MESSAGES.stockChanged('M', 8) }]);
    expect((await productOf(dress.id)).variants.find((v) => v.size === 'M')?.available).toBe(8);
    await expectLedgerHolds(dress.id);
  });

  it('never sets a size below what open checkouts hold', async () => {
    const dress = await newDress();
    await openSession(t.app, shopper, [{ _id: dress.id, quantity: 2, size: 'M' }]);
    const res = await put(dress.id, { size: 'M', onHand: 1, expectedOnHand: 3 });
    expect([res.statusCode, res.json()]).toEqual([409, { message: INVENTORY_MESSAGES.belowReserved('M', 2) }]);
  });

  it("adds a size of the product's scale, and refuses one of another", async () => {
    const dress = await newDress([{ size: 'M', onHand: 1 }]);
    const added = await put(dress.id, { size: 'XS', onHand: 6, reason: 'restock' });
    expect(added.statusCode).toBe(200);
    expect((added.json() as ProductStockResponse).variants.map((v) => v.size)).toEqual(['XS', 'M']);
    expect((await put(dress.id, { size: '7', onHand: 1 })).statusCode).toBe(400);
    expect((await put(dress.id, { size: 'M', onHand: 1 })).statusCode).toBe(400);
    await expectLedgerHolds(dress.id);
  });

  it('is for admins only, and lists sizes running low', async () => {
    const dress = await newDress();
    expect((await put(dress.id, { size: 'M', onHand: 1, expectedOnHand: 3 }, shopper)).statusCode).toBe(403);
    const low = await t.app.inject({ method: 'GET', url: '/api/inventory/low-stock', headers: admin.headers });
    expect(low.statusCode).toBe(200);
    const { items, total } = low.json() as {
      items: { productId: string; size: string; available: number }[];
      total: number;
    };
    expect(total).toBeGreaterThanOrEqual(items.length);
    expect(items.every((i) => i.available <= 3)).toBe(true);
    expect(items.map((i) => i.available)).toEqual([...items.map((i) => i.available)].sort((a, b) => a - b));
    // Sold out and first by name: first in the list, however many others run low.
    const fresh = await newDress([{ size: 'L', onHand: 0 }], 'AAA Sold Out Dress');
    const now = (await t.app.inject({ method: 'GET', url: '/api/inventory/low-stock', headers: admin.headers })).json();
    expect(now.total).toBe(total + 1);
    expect(now.items[0]).toEqual(expect.objectContaining({ productId: fresh.id, size: 'L', available: 0 }));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/inventory/low-stock', headers: shopper.headers })).statusCode,
    ).toBe(403);
  });
});
