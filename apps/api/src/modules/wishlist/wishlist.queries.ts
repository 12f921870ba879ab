import type { Category, Color } from '@shop/contract/constants';
import type { SavedChoice } from '@shop/contract/wishlist';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { productColours, products, productVariants, users, wishlistItems } from '../../db/schema';

/** A product as the wishlist reads it: its own fields, its colours in order and its sizes. */
export interface WishedProduct {
  id: string;
  name: string;
  category: Category;
  priceCents: number;
  oldPriceCents: number | null;
  image: string;
  colours: { color: Color; name: string; priceCents: number | null; pictures: { url: string }[] }[];
  variants: { color: Color; size: string; sku: string; available: number; position: number }[];
}

/** The products of `ids` that exist, each with its colours and sizes, in three reads whatever their number. */
export async function findWishedProducts(db: Queryable, ids: readonly string[]): Promise<Map<string, WishedProduct>> {
  const found = new Map<string, WishedProduct>();
  if (ids.length === 0) return found;
  const unique = [...new Set(ids)];
  const [rows, colours, variants] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        category: products.category,
        priceCents: products.priceCents,
        oldPriceCents: products.oldPriceCents,
        image: products.image,
      })
      .from(products)
      .where(inArray(products.id, unique)),
    db
      .select({
        productId: productColours.productId,
        color: productColours.color,
        name: productColours.name,
        priceCents: productColours.priceCents,
        pictures: productColours.pictures,
      })
      .from(productColours)
      .where(inArray(productColours.productId, unique))
      .orderBy(asc(productColours.position)),
    db
      .select({
        productId: productVariants.productId,
        color: productVariants.color,
        size: productVariants.size,
        sku: productVariants.sku,
        available: sql<number>`greatest(0, ${productVariants.onHand} - ${productVariants.reserved})::int`,
        position: productVariants.position,
      })
      .from(productVariants)
      .where(inArray(productVariants.productId, unique))
      .orderBy(asc(productVariants.position)),
  ]);
  for (const row of rows) found.set(row.id, { ...row, colours: [], variants: [] });
  for (const { productId, ...colour } of colours) found.get(productId)?.colours.push(colour);
  for (const { productId, ...variant } of variants) found.get(productId)?.variants.push(variant);
  return found;
}

/** A customer's saved items, the newest first. */
export function findSaved(db: Queryable, userId: string) {
  return db
    .select({
      productId: wishlistItems.productId,
      colour: wishlistItems.color,
      size: wishlistItems.size,
      createdAt: wishlistItems.createdAt,
    })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), asc(wishlistItems.productId));
}

/** Takes the customer's row, so one customer's saves are counted against the limit one after another. */
export async function lockCustomer(db: Queryable, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countSaved(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
  return row?.n ?? 0;
}

/** Saves the choices not saved yet (the unique key keeps one of each); answers those it saved. */
export async function insertSaved(
  db: Queryable,
  userId: string,
  choices: readonly (SavedChoice & { savedAt?: Date })[],
) {
  if (choices.length === 0) return [];
  return db
    .insert(wishlistItems)
    .values(
      choices.map((c) => ({
        userId,
        productId: c.productId,
        color: c.colour,
        size: c.size,
        ...(c.savedAt ? { createdAt: c.savedAt } : {}),
      })),
    )
    .onConflictDoNothing()
    .returning({ productId: wishlistItems.productId, createdAt: wishlistItems.createdAt });
}

export async function findOneSaved(db: Queryable, userId: string, choice: SavedChoice) {
  const [row] = await db
    .select({ createdAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), ...sameChoice(choice)))
    .limit(1);
  return row;
}

/** Removes the one saved item of the choice; answers whether there was one. */
export async function deleteSaved(db: Queryable, userId: string, choice: SavedChoice): Promise<boolean> {
  const rows = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), ...sameChoice(choice)))
    .returning({ productId: wishlistItems.productId });
  return rows.length > 0;
}

/** A colour or size left open is null, and matches only null. */
function sameChoice(choice: SavedChoice) {
  return [
    eq(wishlistItems.productId, choice.productId),
    choice.colour === null ? isNull(wishlistItems.color) : eq(wishlistItems.color, choice.colour),
    choice.size === null ? isNull(wishlistItems.size) : eq(wishlistItems.size, choice.size),
  ];
}
