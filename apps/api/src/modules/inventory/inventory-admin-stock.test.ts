import { INVENTORY_MESSAGES, type ProductStockResponse } from '@shop/contract/inventory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../test/checkout-test-kit';
import type { TestUser } from '../../test/factories';
import {
  admin,
  expectLedgerHolds,
  newDress,
  productOf,
  shopper,
  startInventoryShop,
  stopInventoryShop,
  t,
} from '../../test/inventory-test-kit';

/** The admin's stock form: setting and adding sizes, and the sizes running low. */
beforeAll(startInventoryShop);
afterAll(stopInventoryShop);

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
    expect(now.items[0]).toEqual(
      expect.objectContaining({ productId: fresh.id, size: 'L', colourName: 'Black', available: 0 }),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/inventory/low-stock', headers: shopper.headers })).statusCode,
    ).toBe(403);
  });
});
