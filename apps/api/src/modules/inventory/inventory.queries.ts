import type { StockReason } from '@shop/contract/inventory';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { commitWithoutWaitingForDisk, namedStatement, param, preparedPerDatabase } from '../../db/prepared';
import { products, productVariants, stockLedger, stockReservations, users } from '../../db/schema';
import { PG_CHECK_VIOLATION, PG_FOREIGN_KEY_VIOLATION, pgConstraint, pgErrorCode } from '../../platform/errors';

export type VariantRow = typeof productVariants.$inferSelect;

export function variantsOfProducts(db: Queryable, productIds: readonly string[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
}

/** A product's size scale, its row locked (`lock`) while its sizes change. */
export async function findProductScale(db: Queryable, productId: string, options: { lock?: boolean } = {}) {
  const query = db.select({ scale: products.sizeScale }).from(products).where(eq(products.id, productId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row?.scale;
}

export type NewVariant = typeof productVariants.$inferInsert;

export async function insertVariants(db: Queryable, values: NewVariant[]): Promise<VariantRow[]> {
  if (values.length === 0) return [];
  return db.insert(productVariants).values(values).returning();
}

/** `{a,b,c}`: an array as one text parameter, cast in the statement (the embedded driver sends no JS arrays). */
const arrayParam = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

// Every checkout asks it: one text whatever the cart's size, planned once per connection.
const checkoutSizesStatement = preparedPerDatabase((db) =>
  db
    .select({
      productId: products.id,
      name: products.name,
      image: products.image,
      priceCents: products.priceCents,
      category: products.category,
      variantId: productVariants.id,
      size: productVariants.size,
      sku: productVariants.sku,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(sql`${products.id} = any(${sql.placeholder('productIds')}::uuid[])`)
    .orderBy(asc(products.id), asc(productVariants.position))
    .prepare('checkout_sizes'),
);

/** Every size of the cart's products with the product's name, picture and price: one query for a checkout. */
export async function sizesForCheckout(db: Queryable, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return checkoutSizesStatement(db).execute({ productIds: arrayParam(productIds) });
}

const holdLinesStatement = namedStatement<{ held: number }>(
  'hold_checkout_lines',
  sql`
    with wanted as (
      select x.v, x.q from unnest(${param('variantIds')}::uuid[], ${param('quantities')}::int[])
        with ordinality as x(v, q, n)
      order by x.n
    ), held as (
      -- The condition is the sizes' own check (reserved <= on hand, product_variants_reserved_range):
      -- a line that would hold more than is there ends the whole statement, holding nothing.
      update ${productVariants} p set reserved = p.reserved + w.q, updated_at = now()
      from wanted w where p.id = w.v
      returning p.id
    ), reserved as (
      -- A size deleted since the cart was priced fails this insert's foreign key: nothing held either.
      insert into ${stockReservations} (hold_id, variant_id, quantity, actor_id, expires_at)
      select ${param('holdId')}::uuid, w.v, w.q, ${param('actorId')}::uuid, ${param('expiresAt')}::timestamptz
      from wanted w
      returning variant_id, quantity
    ), logged as (
      insert into ${stockLedger} (variant_id, reason, reserved_delta, actor_id, hold_id)
      select variant_id, 'reservation', quantity, ${param('actorId')}::uuid, ${param('holdId')}::uuid from reserved
    )
    select count(*)::int as held from held ${commitWithoutWaitingForDisk}`,
);

/** What ends a hold's statement when a line cannot be held: a size short of stock, or one deleted. */
const SHORT_LINE = new Set([
  `${PG_CHECK_VIOLATION} product_variants_reserved_range`,
  `${PG_FOREIGN_KEY_VIOLATION} stock_reservations_variant_id_product_variants_id_fk`,
]);

/**
 * Holds every line of a checkout in one statement, all or none, with no transaction around it: each
 * size gains its line's quantity in `reserved`, which the sizes' check lets happen only where that many
 * are available (never read first), and the reservations and their ledger rows are written with it.
 * Answers whether every line was held; if not, nothing was. The lines are locked in variant order, as
 * every other statement that moves stock locks them. Being one statement, it lets go of the rows as
 * soon as it ends, not a round trip to the shop later: ten buyers of the same sizes queued for that. Nor does its commit
 * wait for the disk (`commitWithoutWaitingForDisk`).
 */
export async function holdLines(
  db: Queryable,
  hold: { holdId: string; actorId: string; expiresAt: Date; lines: readonly { variantId: string; quantity: number }[] },
): Promise<boolean> {
  const lines = [...hold.lines].sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  try {
    const [row] = await holdLinesStatement(db, {
      variantIds: arrayParam(lines.map((l) => l.variantId)),
      quantities: arrayParam(lines.map((l) => l.quantity)),
      holdId: hold.holdId,
      actorId: hold.actorId,
      expiresAt: hold.expiresAt.toISOString(),
    });
    return row?.held === lines.length;
  } catch (err) {
    if (SHORT_LINE.has(`${pgErrorCode(err)} ${pgConstraint(err)}`)) return false;
    throw err;
  }
}

export function availableOf(db: Queryable, variantIds: readonly string[]) {
  return db
    .select({ id: productVariants.id, available: sql<number>`${productVariants.onHand} - ${productVariants.reserved}` })
    .from(productVariants)
    .where(inArray(productVariants.id, [...variantIds]));
}

export type LedgerInsert = typeof stockLedger.$inferInsert;

export async function insertLedger(db: Queryable, values: LedgerInsert[]): Promise<void> {
  if (values.length > 0) await db.insert(stockLedger).values(values);
}

export type ReservationEnd = 'paid' | 'cancelled' | 'expired';

/**
 * The start of a statement that ends a hold's active reservations as a sale (on hand and reserved leave,
 * on the holder's name) or a release (only reserved, on the releaser's): `ended` and their ledger rows.
 */
const endedReservations = (sale: boolean) => sql`
    with ended as (
      update ${stockReservations} set status = ${param('status')}::reservation_status,
        ended_at = ${param('now')}::timestamptz
      where hold_id = ${param('holdId')}::uuid and status = 'active'
      returning variant_id, quantity, actor_id
    ), logged as (
      insert into ${stockLedger} (variant_id, reason, on_hand_delta, reserved_delta, actor_id, hold_id)
      select variant_id, ${sale ? sql`'sale'` : sql`'release'`}::stock_reason,
        ${sale ? sql`-quantity` : sql`0`}, -quantity,
        ${sale ? sql`coalesce(actor_id, ${param('actorId')}::uuid)` : sql`${param('actorId')}::uuid`},
        ${param('holdId')}::uuid
      from ended
    )`;

/**
 * A sale's sizes' counts move when its transaction commits (the deferred trigger
 * `stock_reservations_sale_settle`, migration 0020), so the order's transaction locks the sizes only
 * inside its COMMIT, not for the round trip to the shop that sends it.
 */
const sellHeldStatement = namedStatement<{ variantId: string; quantity: number }>(
  'sell_held_stock',
  sql`${endedReservations(true)} select variant_id as "variantId", quantity from ended`,
);

/** A release gives the sizes' reserved back in the same statement. */
const releaseHeldStatement = namedStatement<{ variantId: string; quantity: number }>(
  'release_held_stock',
  sql`${endedReservations(false)}, moved as (
      -- Runs whether or not it is read, as every data-modifying WITH does; in variant order, as every
      -- statement that moves stock locks the sizes' rows.
      update ${productVariants} p set reserved = p.reserved - e.quantity, updated_at = now()
      from (select variant_id, sum(quantity)::int as quantity from ended group by variant_id order by variant_id) e
      where p.id = e.variant_id
      returning p.id
    )
    select variant_id as "variantId", quantity from ended`,
);

/**
 * Ends every still-active reservation of a hold, once, in one statement. Of a payment and an expiry
 * racing, the one whose update finds the rows active gets them, the other gets nothing back. A sale is
 * on the holder's name, a release on `actorId`'s.
 */
export function endActiveReservations(
  db: Queryable,
  holdId: string,
  status: ReservationEnd,
  now: Date,
  actorId: string | null,
): Promise<{ variantId: string; quantity: number }[]> {
  const statement = status === 'paid' ? sellHeldStatement : releaseHeldStatement;
  return statement(db, { status, now: now.toISOString(), holdId, actorId });
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

export function ledgerOfProduct(db: Queryable, productId: string, limit: number) {
  return db
    .select({
      id: stockLedger.id,
      size: productVariants.size,
      sku: productVariants.sku,
      reason: stockLedger.reason,
      onHandDelta: stockLedger.onHandDelta,
      reservedDelta: stockLedger.reservedDelta,
      by: users.username,
      createdAt: stockLedger.createdAt,
    })
    .from(stockLedger)
    .innerJoin(productVariants, eq(productVariants.id, stockLedger.variantId))
    .leftJoin(users, eq(users.id, stockLedger.actorId))
    .where(eq(productVariants.productId, productId))
    .orderBy(desc(stockLedger.createdAt), desc(stockLedger.id))
    .limit(limit);
}

const availableExpression = sql<number>`${productVariants.onHand} - ${productVariants.reserved}`;

/** Sizes with `threshold` or fewer available, fewest first. */
export function lowStockVariants(db: Queryable, threshold: number, limit: number) {
  return db
    .select({
      productId: products.id,
      name: products.name,
      image: products.image,
      size: productVariants.size,
      sku: productVariants.sku,
      available: availableExpression,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
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

/** Holds with a reservation still active past its time, oldest first. */
export async function expiredHoldIds(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ holdId: stockReservations.holdId, expiresAt: stockReservations.expiresAt })
    .from(stockReservations)
    .where(and(eq(stockReservations.status, 'active'), lte(stockReservations.expiresAt, now)))
    .orderBy(asc(stockReservations.expiresAt))
    .limit(limit);
  return [...new Set(rows.map((r) => r.holdId))];
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

export const ledgerRow = (
  variantId: string,
  reason: StockReason,
  change: { onHand?: number; reserved?: number },
  actorId: string | null,
  holdId: string | null = null,
): LedgerInsert => ({
  variantId,
  reason,
  onHandDelta: change.onHand ?? 0,
  reservedDelta: change.reserved ?? 0,
  actorId,
  holdId,
});

/**
 * Puts returned pieces back on hand with their ledger rows ('restock'), in one statement, the sizes'
 * rows locked in variant order as every statement that moves stock locks them. A size deleted since
 * is simply not there to update: its line is skipped. Answers the sizes that were restocked.
 */
export async function restockVariants(
  db: Queryable,
  lines: readonly { variantId: string; quantity: number }[],
  actorId: string | null,
): Promise<string[]> {
  if (lines.length === 0) return [];
  const result = await db.execute(sql`
    with wanted as (
      select x.v, sum(x.q)::int as q from unnest(${arrayParam(lines.map((l) => l.variantId))}::uuid[],
        ${arrayParam(lines.map((l) => l.quantity))}::int[]) as x(v, q)
      group by x.v order by x.v
    ), moved as (
      update ${productVariants} p set on_hand = p.on_hand + w.q, updated_at = now()
      from wanted w where p.id = w.v
      returning p.id, w.q
    ), logged as (
      insert into ${stockLedger} (variant_id, reason, on_hand_delta, actor_id)
      select id, 'restock', q, ${actorId}::uuid from moved
    )
    select id from moved`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}
