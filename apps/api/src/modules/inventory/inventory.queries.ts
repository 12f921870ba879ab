import { and, asc, count, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import {
  backInStockRequests,
  productColours,
  products,
  productVariants,
  stockLedger,
  stockReservations,
} from '../../db/schema';

// The sizes and their stock levels: what is on hand, what is available, what runs low.

export type VariantRow = typeof productVariants.$inferSelect;

export function variantsOfProducts(db: Queryable, productIds: readonly string[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select(getTableColumns(productVariants))
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(
      asc(productVariants.productId),
      asc(sql`array_position(${products.colors}, ${productVariants.color})`),
      asc(productVariants.position),
    );
}

/** How many shoppers wait to hear that each size of the product is back, by size id. */
export async function waitingBySize(db: Queryable, productId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ variantId: backInStockRequests.variantId, waiting: count() })
    .from(backInStockRequests)
    .innerJoin(productVariants, eq(productVariants.id, backInStockRequests.variantId))
    .where(and(eq(productVariants.productId, productId), eq(backInStockRequests.status, 'waiting')))
    .groupBy(backInStockRequests.variantId);
  return new Map(rows.map((r) => [r.variantId, r.waiting]));
}

/** The keys of the product's colours, in order. */
export async function colourKeysOf(db: Queryable, productId: string) {
  const [row] = await db.select({ colors: products.colors }).from(products).where(eq(products.id, productId));
  return row?.colors ?? [];
}

/** A product's size scale, its row locked (`lock`) while its sizes change. */
export async function findProductScale(db: Queryable, productId: string, options: { lock?: boolean } = {}) {
  const query = db.select({ scale: products.sizeScale }).from(products).where(eq(products.id, productId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row?.scale;
}

/** The sizes of some of a product's colours, locked: a checkout cannot hold them until the lock ends. */
export function lockSizesOfColours(db: Queryable, productId: string, colours: readonly VariantRow['color'][]) {
  if (colours.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), inArray(productVariants.color, [...colours])))
    .for('update');
}

export type NewVariant = typeof productVariants.$inferInsert;

export async function insertVariants(db: Queryable, values: NewVariant[]): Promise<VariantRow[]> {
  if (values.length === 0) return [];
  return db.insert(productVariants).values(values).returning();
}

/** `{a,b,c}`: an array as one text parameter, cast in the statement (the embedded driver sends no JS arrays). */
export const arrayParam = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

// Every checkout asks it: one text whatever the cart's size, planned once per connection.
const checkoutSizesStatement = preparedPerDatabase((db) =>
  db
    .select({
      productId: products.id,
      name: products.name,
      priceCents: products.priceCents,
      category: products.category,
      variantId: productVariants.id,
      size: productVariants.size,
      sku: productVariants.sku,
      color: productVariants.color,
      colourName: productColours.name,
      colourPriceCents: productColours.priceCents,
      image: sql<string>`${productColours.pictures}->0->>'url'`,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .innerJoin(
      productColours,
      and(eq(productColours.productId, productVariants.productId), eq(productColours.color, productVariants.color)),
    )
    .where(sql`${products.id} = any(${sql.placeholder('productIds')}::uuid[])`)
    .orderBy(asc(products.id), asc(productColours.position), asc(productColours.color), asc(productVariants.position))
    .prepare('checkout_sizes'),
);

/** Every size of the cart's products with the product's name, picture and price: one query for a checkout. */
export async function sizesForCheckout(db: Queryable, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return checkoutSizesStatement(db).execute({ productIds: arrayParam(productIds) });
}

export function availableOf(db: Queryable, variantIds: readonly string[]) {
  return db
    .select({ id: productVariants.id, available: sql<number>`${productVariants.onHand} - ${productVariants.reserved}` })
    .from(productVariants)
    .where(inArray(productVariants.id, [...variantIds]));
}

/** A sale that held nothing (a checkout from before sizes): only from what is still available. */
export async function sellAvailable(db: Queryable, variantId: string, quantity: number): Promise<boolean> {
  const rows = await db
    .update(productVariants)
    .set({ onHand: sql`${productVariants.onHand} - ${quantity}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(productVariants.id, variantId),
        sql`${productVariants.onHand} - ${productVariants.reserved} >= ${quantity}`,
      ),
    )
    .returning({ id: productVariants.id });
  return rows.length > 0;
}

/**
 * Sets a size's count on hand if it still is what the admin saw, and never below what open checkouts
 * hold; answers the row as it is now, with whether the change was made.
 */
export async function setOnHand(
  db: Queryable,
  variantId: string,
  onHand: number,
  expected: number,
): Promise<{ changed: boolean; row: VariantRow | undefined }> {
  const [changed] = await db
    .update(productVariants)
    .set({ onHand, updatedAt: sql`now()` })
    .where(
      and(
        eq(productVariants.id, variantId),
        eq(productVariants.onHand, expected),
        lte(productVariants.reserved, onHand),
      ),
    )
    .returning();
  if (changed) return { changed: true, row: changed };
  const [row] = await db.select().from(productVariants).where(eq(productVariants.id, variantId));
  return { changed: false, row };
}

const availableExpression = sql<number>`${productVariants.onHand} - ${productVariants.reserved}`;

/** Sizes with `threshold` or fewer available, fewest first. */
export function lowStockVariants(db: Queryable, threshold: number, limit: number) {
  return db
    .select({
      productId: products.id,
      name: products.name,
      // The colour's own first picture: the size that runs low is of that colour.
      image: sql<string>`${productColours.pictures}->0->>'url'`,
      size: productVariants.size,
      colour: productVariants.color,
      colourName: productColours.name,
      sku: productVariants.sku,
      available: availableExpression,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(
      productColours,
      and(eq(productColours.productId, productVariants.productId), eq(productColours.color, productVariants.color)),
    )
    .where(sql`${productVariants.onHand} - ${productVariants.reserved} <= ${threshold}`)
    .orderBy(asc(availableExpression), asc(products.name), asc(productVariants.position))
    .limit(limit);
}

export async function countLowStock(db: Queryable, threshold: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productVariants)
    .where(sql`${productVariants.onHand} - ${productVariants.reserved} <= ${threshold}`);
  return row?.n ?? 0;
}

/** For tests and checks: the sum of every ledger change of one size, by kind. */
export async function ledgerTotals(db: Queryable, variantId: string) {
  const [row] = await db
    .select({
      onHand: sql<number>`coalesce(sum(${stockLedger.onHandDelta}), 0)::int`,
      reserved: sql<number>`coalesce(sum(${stockLedger.reservedDelta}), 0)::int`,
    })
    .from(stockLedger)
    .where(eq(stockLedger.variantId, variantId));
  return row ?? { onHand: 0, reserved: 0 };
}

export async function activeReservedOf(db: Queryable, variantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
    .from(stockReservations)
    .where(and(eq(stockReservations.variantId, variantId), eq(stockReservations.status, 'active')));
  return row?.n ?? 0;
}
