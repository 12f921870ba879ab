import { randomUUID } from 'node:crypto';
import type { Category } from '@shop/contract/constants';
import {
  DEFAULT_OPENING_STOCK,
  describeShortItem,
  INVENTORY_MESSAGES,
  LOW_STOCK_THRESHOLD,
  type LowStockResponse,
  ONE_SIZE,
  type ProductStockResponse,
  type ShortItem,
  SIZE_SCALES,
  type SizeScale,
  type StockChangeRequest,
  sizePosition,
  type VariantStockInput,
} from '@shop/contract/inventory';
import { PRODUCT_MESSAGES } from '@shop/contract/products';
import type { Database, Queryable, Transaction } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { AppError, invalid, notFound, unauthorised } from '../../platform/errors';
import {
  availableOf,
  countLowStock,
  endActiveReservations,
  expiredHoldIds,
  findProductScale,
  holdLines,
  insertLedger,
  insertVariants,
  ledgerOfProduct,
  ledgerRow,
  lowStockVariants,
  type NewVariant,
  type ReservationEnd,
  restockVariants,
  sellAvailable,
  setOnHand,
  sizesForCheckout,
  type VariantRow,
  variantsOfProducts,
} from './inventory.queries';

/** How a hold ends, and a size's row: the inventory's words that other modules' code names. */
export type { ReservationEnd, VariantRow };

/** `OS` for one size, `R7` for ring size 7, the label itself for clothing sizes. */
function sizeCode(size: string): string {
  if (size === ONE_SIZE) return 'OS';
  return /^\d+$/.test(size) ? `R${size}` : size;
}

/** The shop's prefix, 16 hex digits of the product id (no collisions at any catalogue size) and the size. */
export function skuOf(productId: string, size: string): string {
  return `LB-${productId.replace(/-/g, '').slice(0, 16).toUpperCase()}-${sizeCode(size)}`;
}

export function newVariant(productId: string, size: string, openingOnHand: number): NewVariant {
  return {
    productId,
    size,
    position: sizePosition(size),
    sku: skuOf(productId, size),
    openingOnHand,
    onHand: openingOnHand,
  };
}

/**
 * The sizes a new product starts with. Given sizes start at zero and their stock arrives as a restock by
 * the admin, so the ledger says who stocked them; a product given none is one size with the default
 * stock, as the original client's form makes them.
 */
export async function addOpeningStock(
  tx: Transaction,
  productId: string,
  variants: readonly VariantStockInput[] | undefined,
  actorId: string | null,
): Promise<VariantRow[]> {
  if (!variants) return insertVariants(tx, [newVariant(productId, ONE_SIZE, DEFAULT_OPENING_STOCK)]);
  const rows = await insertVariants(
    tx,
    variants.map((v) => ({ ...newVariant(productId, v.size, 0), onHand: v.onHand })),
  );
  await insertLedger(
    tx,
    rows.filter((row) => row.onHand > 0).map((row) => ledgerRow(row.id, 'restock', { onHand: row.onHand }, actorId)),
  );
  return rows;
}

/** Rows of sizes are always locked in this order, whoever locks them. */
function byVariant(a: { variantId: string | null }, b: { variantId: string | null }): number {
  const [x, y] = [a.variantId ?? '', b.variantId ?? ''];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A cart line with its product, size and price as the catalogue has them now. */
export interface CartLine {
  productId: string;
  variantId: string;
  name: string;
  image: string;
  size: string;
  sku: string;
  unitPriceCents: number;
  quantity: number;
  /** What a discount code restricted to a category looks at. */
  category: Category;
}

export interface CartItemRequest {
  productId: string;
  quantity: number;
  size?: string | undefined;
  sku?: string | undefined;
  /** How the shopper's cart named it, for the message when it is gone. */
  label: string;
}

/** A cart item as the client sent it: only its id, quantity and size are read, its name only for messages. */
export function cartItemRequestOf(item: {
  _id: string;
  quantity: number;
  size?: string | undefined;
  sku?: string | undefined;
}): CartItemRequest {
  const name = (item as { name?: unknown }).name;
  return {
    productId: item._id,
    quantity: item.quantity,
    size: item.size,
    sku: item.sku,
    label: typeof name === 'string' && name.trim() ? `"${name.trim().slice(0, 120)}"` : item._id,
  };
}

/**
 * Prices each cart line from the catalogue and finds its size. A product with one size needs none (the
 * original client sends none); a product with several refuses a line without one.
 */
export async function resolveCartLines(db: Queryable, items: readonly CartItemRequest[]): Promise<CartLine[]> {
  const sizesOf = new Map<string, Awaited<ReturnType<typeof sizesForCheckout>>>();
  for (const row of await sizesForCheckout(
    db,
    items.map((i) => i.productId),
  )) {
    sizesOf.set(row.productId, [...(sizesOf.get(row.productId) ?? []), row]);
  }
  const missing: string[] = [];
  const lines: CartLine[] = [];
  for (const item of items) {
    const sizes = sizesOf.get(item.productId) ?? [];
    const product = sizes[0];
    if (!product) {
      missing.push(item.label);
      continue;
    }
    let variant: (typeof sizes)[number] | undefined;
    if (item.sku !== undefined) variant = sizes.find((v) => v.sku === item.sku);
    else if (item.size !== undefined) variant = sizes.find((v) => v.size === item.size);
    else if (sizes.length === 1) variant = product;
    else throw invalid(INVENTORY_MESSAGES.chooseSize(product.name));
    if (!variant) throw invalid(INVENTORY_MESSAGES.noSuchSize(product.name, item.size ?? item.sku ?? ''));
    lines.push({
      productId: product.productId,
      variantId: variant.variantId,
      name: product.name,
      image: product.image,
      size: variant.size,
      sku: variant.sku,
      unitPriceCents: product.priceCents,
      quantity: item.quantity,
      category: product.category,
    });
  }
  if (missing.length > 0) {
    throw invalid(
      `No longer available: ${missing.join(', ')}. Remove ${missing.length === 1 ? 'it' : 'them'} from your cart and try again.`,
    );
  }
  if (new Set(lines.map((l) => l.variantId)).size !== lines.length) {
    throw invalid('Each product may appear in the cart only once per size');
  }
  return lines;
}

/** The 409 of a checkout some of whose lines cannot be held: each short line and what is left of it. */
export function shortStock(shortItems: ShortItem[]): AppError {
  const message = `Not enough left: ${shortItems.map(describeShortItem).join('; ')}. Your cart has been updated.`;
  return new AppError('conflict', message, { body: { shortItems } });
}

/**
 * Holds every line of a checkout in one statement (inventory.queries holdLines): each line is held only
 * where its size still has that many available, which the sizes' own check decides as the update
 * happens, never read first. All lines or none: when a line cannot be held nothing is, and the 409
 * names what is left of each short one.
 */
export async function reserveCart(
  db: Queryable,
  lines: readonly CartLine[],
  actorId: string,
  expiresAt: Date,
  holdId: string = randomUUID(),
): Promise<string> {
  if (await holdLines(db, { holdId, actorId, expiresAt, lines })) return holdId;
  const left = new Map(
    (
      await availableOf(
        db,
        lines.map((l) => l.variantId),
      )
    ).map((r) => [r.id, r.available]),
  );
  // Named in the cart's order, as the shopper sees them.
  throw shortStock(
    lines
      .filter((l) => (left.get(l.variantId) ?? 0) < l.quantity)
      .map((l) => ({
        productId: l.productId,
        name: l.name,
        size: l.size,
        available: Math.max(0, left.get(l.variantId) ?? 0),
        requested: l.quantity,
      })),
  );
}

/**
 * Ends a hold once: paid (the stock leaves), cancelled or expired (it becomes available again). A hold
 * already ended gives nothing back, so a payment and an expiry racing end it one way only.
 */
export async function endHold(
  tx: Transaction,
  holdId: string,
  end: ReservationEnd,
  actorId: string | null,
  now = new Date(),
): Promise<{ variantId: string; quantity: number }[]> {
  return endActiveReservations(tx, holdId, end, now, actorId);
}

/**
 * A paid checkout that held nothing (opened before sizes existed): its lines leave from what is still
 * available. Answers the lines that could not, which the caller reports: the payment stands.
 */
export async function sellUnheld(
  tx: Transaction,
  lines: readonly { variantId: string | null; quantity: number }[],
  actorId: string | null,
): Promise<number> {
  let unsold = 0;
  for (const line of [...lines].sort(byVariant)) {
    if (!line.variantId) continue;
    if (await sellAvailable(tx, line.variantId, line.quantity)) {
      await insertLedger(tx, [ledgerRow(line.variantId, 'sale', { onHand: -line.quantity }, actorId)]);
    } else unsold += 1;
  }
  return unsold;
}

/**
 * Pieces of an order given back (a refund or a cancellation) return to stock in the caller's transaction,
 * with a 'restock' ledger row each; lines whose product or size is gone are skipped. Answers how many
 * sizes moved.
 */
export async function restockReturned(
  tx: Transaction,
  lines: readonly { variantId: string | null; quantity: number }[],
  actorId: string | null,
): Promise<number> {
  const known = lines.flatMap((l) =>
    l.variantId && l.quantity > 0 ? [{ variantId: l.variantId, quantity: l.quantity }] : [],
  );
  return (await restockVariants(tx, known, actorId)).length;
}

const LEDGER_SHOWN = 200;

export async function productStock(db: Queryable, productId: string): Promise<ProductStockResponse> {
  const scale = await findProductScale(db, productId);
  if (!scale) throw notFound(PRODUCT_MESSAGES.notFound);
  const [variants, ledger] = await Promise.all([
    variantsOfProducts(db, [productId]),
    ledgerOfProduct(db, productId, LEDGER_SHOWN),
  ]);
  return {
    productId,
    sizeScale: scale,
    variants: variants.map((v) => ({
      size: v.size,
      sku: v.sku,
      onHand: v.onHand,
      reserved: v.reserved,
      available: v.onHand - v.reserved,
    })),
    ledger: ledger.map((entry) => ({
      _id: String(entry.id),
      size: entry.size,
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
    const variant = (await variantsOfProducts(tx, [productId])).find((v) => v.size === change.size);
    if (!variant) {
      if (!(SIZE_SCALES[scale] as readonly string[]).includes(change.size)) {
        throw invalid(INVENTORY_MESSAGES.notInScale(change.size, scale as SizeScale));
      }
      const [added] = await insertVariants(tx, [{ ...newVariant(productId, change.size, 0), onHand: change.onHand }]);
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

/** A product's size scale, its row locked for an edit of the product when asked. */
export function sizeScaleOf(db: Queryable, productId: string, options: { lock?: boolean } = {}) {
  return findProductScale(db, productId, options);
}

/** Holds whose reservations are past their time, oldest first, for the sweep that ends them. */
export function expiredStockHolds(db: Queryable, now: Date, limit: number): Promise<string[]> {
  return expiredHoldIds(db, now, limit);
}
