import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { productColours } from '../../db/schema';

// A product's colours: each with its name, swatch, own price and gallery. Writing them keeps the product's
// `colors`, `color`, `image` and JSON by a trigger (migration 0025).

export type ColourRow = typeof productColours.$inferSelect;
export type NewColour = typeof productColours.$inferInsert;

export async function insertColours(db: Queryable, values: NewColour[]): Promise<ColourRow[]> {
  if (values.length === 0) return [];
  return db.insert(productColours).values(values).returning();
}

/** The colours of the products, each product's in order. */
export function coloursOfProducts(db: Queryable, productIds: readonly string[]): Promise<ColourRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(productColours)
    .where(inArray(productColours.productId, [...productIds]))
    .orderBy(asc(productColours.productId), asc(productColours.position), asc(productColours.color));
}

export async function updateColour(
  db: Queryable,
  productId: string,
  color: ColourRow['color'],
  values: Partial<Omit<NewColour, 'productId'>>,
) {
  const [row] = await db
    .update(productColours)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(productColours.productId, productId), eq(productColours.color, color)))
    .returning();
  return row;
}

export async function deleteColours(db: Queryable, productId: string, colors: readonly ColourRow['color'][]) {
  if (colors.length === 0) return [];
  return db
    .delete(productColours)
    .where(and(eq(productColours.productId, productId), inArray(productColours.color, [...colors])))
    .returning();
}
