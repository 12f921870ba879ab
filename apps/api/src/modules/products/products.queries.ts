import type { Category, Color, ProductSort } from '@shop/contract/constants';
import { and, asc, count, desc, eq, gte, ilike, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { products, productVariants, tableCounts } from '../../db/schema';

export interface ProductFilter {
  category?: Category | undefined;
  color?: Color | undefined;
  /** Products that come in this size (one that can still be bought, with `inStock`). */
  size?: string | undefined;
  /** Products with at least one size that can still be bought. */
  inStock?: boolean | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  /** Already escaped for LIKE. */
  containsPattern?: string | undefined;
}

/**
 * Drizzle creates `.desc()` index columns as DESC NULLS LAST while a plain DESC sorts nulls first, and
 * PostgreSQL only walks an index whose null order matches. The columns are NOT NULL, so this changes no result.
 */
export const descNullsLast = (column: AnyPgColumn) => sql`${column} desc nulls last`;

/** Every sort ends with the id, so pages never overlap; each matches an index in schema.ts. */
const orderBySort: Record<ProductSort, SQL[]> = {
  newest: [descNullsLast(products.createdAt), descNullsLast(products.id)],
  price_asc: [asc(products.priceCents), asc(products.id)],
  // products_price_idx read backwards.
  price_desc: [desc(products.priceCents), desc(products.id)],
  rating: [descNullsLast(products.rating), descNullsLast(products.id)],
};

/** A size of the product exists (of `size`, when given) that can still be bought (when `inStock`). */
function hasSize(size: string | undefined, inStock: boolean): SQL {
  return sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id}${
    size === undefined ? sql`` : sql` and ${productVariants.size} = ${size}`
  }${inStock ? sql` and ${productVariants.onHand} > ${productVariants.reserved}` : sql``})`;
}

function whereOf(filter: ProductFilter): SQL | undefined {
  const pattern = filter.containsPattern;
  return and(
    filter.category ? eq(products.category, filter.category) : undefined,
    filter.color ? eq(products.color, filter.color) : undefined,
    filter.size !== undefined || filter.inStock ? hasSize(filter.size, filter.inStock ?? false) : undefined,
    filter.minPriceCents !== undefined ? gte(products.priceCents, filter.minPriceCents) : undefined,
    filter.maxPriceCents !== undefined ? lte(products.priceCents, filter.maxPriceCents) : undefined,
    // ILIKE on each column lets the planner combine the two pg_trgm GIN indexes.
    pattern ? or(ilike(products.name, pattern), ilike(products.description, pattern)) : undefined,
  );
}

/** A shopper's request never counts more matching products than this; a larger total reads as this. */
export const COUNT_LIMIT = 100_000;

/** The whole catalogue's size, kept by a trigger (migration 0003) rather than counted. */
async function catalogueSize(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ total: tableCounts.total })
    .from(tableCounts)
    .where(eq(tableCounts.tableName, 'products'));
  return row?.total ?? 0;
}

async function countMatching(db: Queryable, where: SQL): Promise<number> {
  const matching = db.select({ one: sql`1` }).from(products).where(where).limit(COUNT_LIMIT).as('matching');
  const [row] = await db.select({ total: count() }).from(matching);
  return row?.total ?? 0;
}

export async function listProducts(
  db: Queryable,
  filter: ProductFilter,
  page: { sort: ProductSort; limit: number; offset: number },
) {
  const where = whereOf(filter);
  // Two statements in parallel: the page query can stop early on its index, which count(*) over() cannot.
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...orderBySort[page.sort])
      .limit(page.limit)
      .offset(page.offset),
    where ? countMatching(db, where) : catalogueSize(db),
  ]);
  return { rows, total };
}

export async function findProduct(db: Queryable, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

const byRating = [descNullsLast(products.rating), descNullsLast(products.id)];

/**
 * Products sharing a whole word of the name, best rated first. The ILIKEs let the planner use the
 * trigram index (or walk the rating index for common words); the split keeps only whole words.
 * Words travel as parameters and the split pattern is a constant, so no name can inject SQL or a regex.
 */
export async function findProductsSharingWords(
  db: Queryable,
  excludeId: string,
  words: readonly { word: string; pattern: string }[],
  limit: number,
) {
  if (words.length === 0) return [];
  const wordArray = sql.join(
    words.map((w) => sql`${w.word}`),
    sql`, `,
  );
  return db
    .select()
    .from(products)
    .where(
      and(
        ne(products.id, excludeId),
        or(...words.map((w) => ilike(products.name, w.pattern))),
        sql`regexp_split_to_array(lower(${products.name}), '[^[:alnum:]]+') && ARRAY[${wordArray}]::text[]`,
      ),
    )
    .orderBy(...byRating)
    .limit(limit);
}

export async function findBestRatedInCategory(db: Queryable, category: Category, excludeId: string, limit: number) {
  return db
    .select()
    .from(products)
    .where(and(eq(products.category, category), ne(products.id, excludeId)))
    .orderBy(...byRating)
    .limit(limit);
}

export type NewProduct = typeof products.$inferInsert;

export async function insertProduct(db: Queryable, values: NewProduct) {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('insert returned no product');
  return row;
}

export async function updateProduct(db: Queryable, id: string, values: Partial<NewProduct>) {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning();
  return row;
}

export async function deleteProduct(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}
