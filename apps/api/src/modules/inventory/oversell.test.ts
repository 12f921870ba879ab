import type { Color } from '@shop/contract/constants';
import { describeShortItem, type ShortItem } from '@shop/contract/inventory';
import { TEST_CARDS } from '@shop/contract/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, productVariants } from '../../db/schema';
import { GOOD_DELIVERY } from '../../test/checkout-test-kit';
import { createProduct, createUser, type TestUser } from '../../test/factories';
import { type ShopProcess, startShopProcess } from '../../test/shop-process';
import { openTestDatabase, type TestDatabase } from '../../test/test-app';

/**
 * Overselling under real concurrency: two shop processes on one PostgreSQL database, customers split
 * between them, all asking for the last few of one size at the same moment. PGlite runs one query at a
 * time, so this only means something on PostgreSQL.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two shop processes, one PostgreSQL, the last pieces of a size', () => {
  let database: TestDatabase;
  let shops: ShopProcess[];

  beforeAll(async () => {
    database = await openTestDatabase();
    shops = await Promise.all([0, 1].map(() => startShopProcess({ DATABASE_URL: database.url ?? '' })));
  }, 120_000);
  afterAll(async () => {
    await Promise.all((shops ?? []).map((s) => s.stop()));
    await database?.drop();
  });

  const post = (shop: ShopProcess, user: TestUser, path: string, body: unknown) =>
    fetch(`${shop.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function payOn(shop: ShopProcess, sessionId: string): Promise<number> {
    const res = await fetch(`${shop.url}/checkout/pay/${sessionId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...GOOD_DELIVERY,
        cardNumber: TEST_CARDS.pays,
        expiry: '12 / 34',
        cvc: '123',
        cardName: 'A B',
      }),
    });
    return res.status;
  }

  async function size(productId: string, label: string, colour?: Color) {
    const [row] = await database.handle.db
      .select()
      .from(productVariants)
      .where(
        and(
          eq(productVariants.productId, productId),
          eq(productVariants.size, label),
          colour ? eq(productVariants.color, colour) : undefined,
        ),
      );
    return row;
  }

  it('3 left and 50 buyers at once: exactly 3 checkouts, 47 told how many were left, 3 orders, none left', async () => {
    const dress = await createProduct(database.handle.db, {
      name: 'Last Three Dress',
      category: 'dress',
      sizeScale: 'clothing',
      stock: [
        { size: 'M', onHand: 3 },
        { size: 'L', onHand: 20 },
      ],
    });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createUser(database.handle.db)));
    const answers = await Promise.all(
      buyers.map(async (buyer, i) => {
        const shop = shops[i % 2] as ShopProcess;
        const res = await post(shop, buyer, '/api/orders/create-checkout-session', {
          product: [{ _id: dress.id, quantity: 1, size: 'M' }],
        });
        return { shop, buyer, status: res.status, body: (await res.json()) as Record<string, unknown> };
      }),
    );
    const created = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const { body } of refused) {
      const short = (body.shortItems as ShortItem[])[0];
      expect(short).toMatchObject({ productId: dress.id, size: 'M', requested: 1 });
      expect(body.message).toContain(describeShortItem(short as ShortItem));
      expect(short?.available).toBe(0);
    }
    expect(await size(dress.id, 'M')).toMatchObject({ onHand: 3, reserved: 3 });

    for (const { shop, buyer, body } of created) {
      expect(await payOn(shop, String(body.id))).toBe(303);
      const confirmed = await post(shop, buyer, '/api/orders/confirm-payment', { session_id: body.id });
      expect(confirmed.status).toBe(200);
    }
    expect(await size(dress.id, 'M')).toMatchObject({ onHand: 0, reserved: 0 });
    const sold = await database.handle.db
      .select({ order: orders.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.productId, dress.id), eq(orderItems.size, 'M')));
    expect(sold).toHaveLength(3);
    // The other size was never touched.
    expect(await size(dress.id, 'L')).toMatchObject({ onHand: 20, reserved: 0 });
  }, 60_000);

  it("a colour's last 3 of a size and 50 buyers: 3 orders of that colour, the same size in another untouched", async () => {
    const dress = await createProduct(database.handle.db, {
      name: 'Last Red Three Dress',
      category: 'dress',
      color: 'black',
      colours: ['black', 'red'],
      sizeScale: 'clothing',
      stock: [
        { size: 'M', onHand: 20, colour: 'black' },
        { size: 'M', onHand: 3, colour: 'red' },
      ],
    });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createUser(database.handle.db)));
    const answers = await Promise.all(
      buyers.map(async (buyer, i) => {
        const shop = shops[i % 2] as ShopProcess;
        const res = await post(shop, buyer, '/api/orders/create-checkout-session', {
          product: [{ _id: dress.id, quantity: 1, colour: 'red', size: 'M' }],
        });
        return { shop, buyer, status: res.status, body: (await res.json()) as Record<string, unknown> };
      }),
    );
    const created = answers.filter((a) => a.status === 200);
    expect(created).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(47);
    for (const { body } of refused) {
      expect((body.shortItems as ShortItem[])[0]).toMatchObject({ size: 'M', colour: 'red', colourName: 'Red' });
      expect(body.message).toContain('Last Red Three Dress (Red, size M): 0 left');
    }
    for (const { shop, buyer, body } of created) {
      expect(await payOn(shop, String(body.id))).toBe(303);
      const confirmed = await post(shop, buyer, '/api/orders/confirm-payment', { session_id: body.id });
      expect(confirmed.status).toBe(200);
    }
    expect(await size(dress.id, 'M', 'red')).toMatchObject({ onHand: 0, reserved: 0 });
    expect(await size(dress.id, 'M', 'black')).toMatchObject({ onHand: 20, reserved: 0 });
    const sold = await database.handle.db
      .select({ colour: orderItems.colour })
      .from(orderItems)
      .where(and(eq(orderItems.productId, dress.id), eq(orderItems.size, 'M')));
    expect(sold.map((line) => line.colour)).toEqual(['Red', 'Red', 'Red']);
  }, 60_000);

  it('1 left and 10 buyers: the one who holds it cancels, and the next buyer gets it at once', async () => {
    const ring = await createProduct(database.handle.db, {
      name: 'Last Ring',
      category: 'jewellery',
      sizeScale: 'ring',
      stock: [{ size: '7', onHand: 1 }],
    });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(database.handle.db)));
    const answers = await Promise.all(
      buyers.map(async (buyer, i) => {
        const shop = shops[i % 2] as ShopProcess;
        const res = await post(shop, buyer, '/api/orders/create-checkout-session', {
          product: [{ _id: ring.id, quantity: 1, size: '7' }],
        });
        return { shop, buyer, status: res.status, body: (await res.json()) as { id?: string } };
      }),
    );
    const holder = answers.find((a) => a.status === 200);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const page = await fetch(`${holder?.shop.url}/checkout/pay/${holder?.body.id}`);
    const cancelPath = /<a href="(\/checkout\/cancel\/[^"]+)">Cancel<\/a>/.exec(await page.text())?.[1];
    // Cancelled through the other process: the stock is in the database, not in either process.
    const other = shops.find((s) => s !== holder?.shop) as ShopProcess;
    const cancelled = await fetch(`${other.url}${cancelPath}`, { redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    const next = answers.find((a) => a.status === 409) as (typeof answers)[number];
    const retry = await post(next.shop, next.buyer, '/api/orders/create-checkout-session', {
      product: [{ _id: ring.id, quantity: 1, size: '7' }],
    });
    expect(retry.status).toBe(200);
    expect(await size(ring.id, '7')).toMatchObject({ onHand: 1, reserved: 1 });
  }, 60_000);
});
