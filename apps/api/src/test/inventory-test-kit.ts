import type { Product } from '@shop/contract/products';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { productVariants } from '../db/schema';
import { activeReservedOf, ledgerTotals } from '../modules/inventory/inventory.queries';
import { createAdmin, createProduct, createUser, type TestUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

/**
 * The shop the inventory tests stock and sell from, one per test file, with an admin and a shopper: a file
 * starts it with `beforeAll(startInventoryShop)` and stops it with `afterAll(stopInventoryShop)`, and the
 * bindings below hold it between; the helpers make sized dresses and read their sizes back.
 */
export let t: TestApp;
export let admin: TestUser;
export let shopper: TestUser;

export async function startInventoryShop() {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  shopper = await createUser(t.db);
}

export const stopInventoryShop = () => t.close();

export const dressStock = [
  { size: 'XS', onHand: 0 },
  { size: 'S', onHand: 2 },
  { size: 'M', onHand: 3 },
  { size: 'L', onHand: 10 },
  { size: 'XL', onHand: 1 },
];

export async function newDress(stock = dressStock, name = `Dress ${Math.random().toString(36).slice(2, 8)}`) {
  return createProduct(t.db, { name, category: 'dress', sizeScale: 'clothing', stock });
}

export async function sizeRow(productId: string, size: string) {
  const rows = await t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
  const row = rows.find((r) => r.size === size);
  if (!row) throw new Error(`no size ${size}`);
  return row;
}

/** The ledger's promise, for one size: on hand is the opening plus its changes, reserved is what is held. */
export async function expectLedgerHolds(productId: string) {
  for (const row of await t.db.select().from(productVariants).where(eq(productVariants.productId, productId))) {
    const totals = await ledgerTotals(t.db, row.id);
    expect(row.onHand, `${row.size} on hand`).toBe(row.openingOnHand + totals.onHand);
    expect(row.reserved, `${row.size} reserved`).toBe(totals.reserved);
    expect(row.reserved, `${row.size} reserved = active reservations`).toBe(await activeReservedOf(t.db, row.id));
  }
}

export const productOf = async (id: string): Promise<Product> =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().product;
