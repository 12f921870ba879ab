import { DEFAULT_OPENING_STOCK, type ProductStockResponse } from '@shop/contract/inventory';
import type { Product } from '@shop/contract/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  dressStock,
  expectLedgerHolds,
  newDress,
  productOf,
  startInventoryShop,
  stopInventoryShop,
  t,
} from '../../test/inventory-test-kit';

/** A product's sizes: how its answers list and filter them, and how adding one stocks them. */
beforeAll(startInventoryShop);
afterAll(stopInventoryShop);

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
