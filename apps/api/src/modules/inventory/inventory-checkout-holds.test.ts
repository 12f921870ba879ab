import { INVENTORY_MESSAGES, type ShortItem } from '@shop/contract/inventory';
import { ORDER_MESSAGES } from '@shop/contract/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants, stockLedger, stockReservations } from '../../db/schema';
import { sweepExpiredHolds } from '../../flows/checkout-release';
import { checkout, confirm, GOOD_CARD, openSession, submitCard } from '../../test/checkout-test-kit';
import { createProduct, createUser } from '../../test/factories';
import {
  dressStock,
  expectLedgerHolds,
  newDress,
  productOf,
  shopper,
  sizeRow,
  startInventoryShop,
  stopInventoryShop,
  t,
} from '../../test/inventory-test-kit';
import { onOneConnection, synchronousCommitOf } from '../../test/test-app';
import { fulfilDepsOf } from '../orders/fulfil-deps';
import { type CartLine, endHold, reserveCart } from './inventory.service';

/** Checkout holds stock by size, gives it back, sells it when paid, and locks the sizes only briefly. */
beforeAll(startInventoryShop);
afterAll(stopInventoryShop);

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
    const { id: productId, name, image, priceCents: unitPriceCents, category, color } = product;
    return {
      ...{ productId, variantId: row.id, name, image, size, sku: row.sku, unitPriceCents, quantity: 1, category },
      ...{ color, colourName: color },
    };
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
