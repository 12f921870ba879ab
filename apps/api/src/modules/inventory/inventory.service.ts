import type { Color } from '@shop/contract/constants';
import {
  INVENTORY_MESSAGES,
  LOW_STOCK_THRESHOLD,
  type LowStockResponse,
  type ProductStockResponse,
  SIZE_SCALES,
  type SizeScale,
  type StockChangeRequest,
} from '@shop/contract/inventory';
import { PRODUCT_MESSAGES } from '@shop/contract/products';
import type { Database, Queryable, Transaction } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { AppError, invalid, notFound, unauthorised } from '../../platform/errors';
import {
  colourKeysOf,
  countLowStock,
  findProductScale,
  insertVariants,
  lockSizesOfColours,
  lowStockVariants,
  setOnHand,
  type VariantRow,
  variantsOfProducts,
  waitingBySize,
} from './inventory.queries';
import { madeInColourOf, newVariant } from './product-sizes';
import { expiredHoldIds, type ReservationEnd } from './stock-holds.queries';
import { insertLedger, ledgerOfProduct, ledgerRow } from './stock-ledger.queries';

export { type CartItemRequest, type CartLine, cartItemRequestOf, resolveCartLines } from './cart-lines';
// Other modules reach the inventory through its service: the sizes a product is made with, a cart's
// lines and the stock its checkout holds are answered from here, beside the admin's stock pages.
export { addOpeningStock, madeInColourOf, newVariant, skuOf } from './product-sizes';
export { endHold, reserveCart, restockReturned, sellUnheld, shortStock } from './stock-holds';
export { ledgerRow } from './stock-ledger.queries';
/** How a hold ends, and a size's row: the inventory's words that other modules' code names. */
export type { ReservationEnd, VariantRow };

const LEDGER_SHOWN = 200;

export async function productStock(db: Queryable, productId: string): Promise<ProductStockResponse> {
  const scale = await findProductScale(db, productId);
  if (!scale) throw notFound(PRODUCT_MESSAGES.notFound);
  const [variants, ledger, waiting] = await Promise.all([
    variantsOfProducts(db, [productId]),
    ledgerOfProduct(db, productId, LEDGER_SHOWN),
    waitingBySize(db, productId),
  ]);
  return {
    productId,
    sizeScale: scale,
    variants: variants.map((v) => ({
      size: v.size,
      colour: v.color,
      sku: v.sku,
      onHand: v.onHand,
      reserved: v.reserved,
      available: v.onHand - v.reserved,
      waiting: waiting.get(v.id) ?? 0,
    })),
    ledger: ledger.map((entry) => ({
      _id: String(entry.id),
      size: entry.size,
      colour: entry.colour,
      sku: entry.sku,
      reason: entry.reason,
      onHandChange: entry.onHandDelta,
      reservedChange: entry.reservedDelta,
      by: entry.by,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/**
 * An admin sets a size's count on hand. An existing size changes only if its count is still what the
 * admin's form showed (another sale in between is a 409, not overwritten) and never below what open
 * checkouts hold; a size the product does not have yet is added. Every change is a ledger row.
 */
export async function changeStock(
  ctx: ServiceContext & { db: Database },
  productId: string,
  change: StockChangeRequest,
): Promise<ProductStockResponse> {
  const actor = ctx.actor;
  if (!actor) throw unauthorised();
  await ctx.db.transaction(async (tx) => {
    const scale = await findProductScale(tx, productId, { lock: true });
    if (!scale) throw notFound(PRODUCT_MESSAGES.notFound);
    const sizes = await variantsOfProducts(tx, [productId]);
    const colours = await colourKeysOf(tx, productId);
    const colour = change.colour ?? colours[0];
    if (!colour || !colours.includes(colour)) throw invalid(`The product does not come in ${change.colour}`);
    const variant = sizes.find((v) => v.size === change.size && v.color === colour);
    if (!variant) {
      if (!(SIZE_SCALES[scale] as readonly string[]).includes(change.size)) {
        throw invalid(INVENTORY_MESSAGES.notInScale(change.size, scale as SizeScale));
      }
      const madeIn = madeInColourOf(sizes) ?? colour;
      const [added] = await insertVariants(tx, [
        { ...newVariant(productId, colour, change.size, 0, madeIn), onHand: change.onHand },
      ]);
      if (added && change.onHand > 0) {
        await insertLedger(tx, [ledgerRow(added.id, change.reason, { onHand: change.onHand }, actor.id)]);
      }
      return;
    }
    if (change.expectedOnHand === undefined) {
      throw invalid(`expectedOnHand is needed to change size ${change.size}, which the product has already`);
    }
    const { changed, row } = await setOnHand(tx, variant.id, change.onHand, change.expectedOnHand);
    if (!changed) {
      if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
      if (row.onHand !== change.expectedOnHand) {
        throw new AppError('conflict', INVENTORY_MESSAGES.stockChanged(change.size, row.onHand));
      }
      throw new AppError('conflict', INVENTORY_MESSAGES.belowReserved(change.size, row.reserved));
    }
    const delta = change.onHand - change.expectedOnHand;
    if (delta !== 0) await insertLedger(tx, [ledgerRow(variant.id, change.reason, { onHand: delta }, actor.id)]);
  });
  return productStock(ctx.db, productId);
}

export const LOW_STOCK_SHOWN = 50;

export async function lowStock(db: Queryable): Promise<LowStockResponse> {
  const [items, total] = await Promise.all([
    lowStockVariants(db, LOW_STOCK_THRESHOLD, LOW_STOCK_SHOWN),
    countLowStock(db, LOW_STOCK_THRESHOLD),
  ]);
  return { items: items.map((i) => ({ ...i, available: Math.max(0, i.available) })), total };
}

/** The sizes of these products with their stock, for the catalogue's answers. */
export function sizesOfProducts(db: Queryable, productIds: readonly string[]): Promise<VariantRow[]> {
  return variantsOfProducts(db, productIds);
}

/**
 * The colours among these that open checkouts hold some size of. Their sizes stay locked to the end of
 * the transaction, so a colour found free cannot be held before it is removed.
 */
export async function heldColours(tx: Transaction, productId: string, colours: readonly Color[]): Promise<Color[]> {
  const sizes = await lockSizesOfColours(tx, productId, colours);
  return colours.filter((colour) => sizes.some((v) => v.color === colour && v.reserved > 0));
}

/** A product's size scale, its row locked for an edit of the product when asked. */
export function sizeScaleOf(db: Queryable, productId: string, options: { lock?: boolean } = {}) {
  return findProductScale(db, productId, options);
}

/** Holds whose reservations are past their time, oldest first, for the sweep that ends them. */
export function expiredStockHolds(db: Queryable, now: Date, limit: number): Promise<string[]> {
  return expiredHoldIds(db, now, limit);
}
