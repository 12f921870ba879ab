import type { Category, Color, ProductSort } from '@shop/contract/constants';
import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { plannedOnce, type Queryable } from '../../db/client';
import { descNullsLast } from '../../db/order-by';
import { preparedPerDatabase } from '../../db/prepared';
import { productFacetCounts, products, productVariants, tableCounts } from '../../db/schema';
import { productJson, sizesOfProduct } from './product-json.queries';

// The shop page's list: the filter's conditions, its sorts, how many match and one page of them.

export interface ProductFilter {
  category?: Category | undefined;
  color?: Color | undefined;
  /** Products that come in this size (one that can still be bought, with `inStock`). */
  size?: string | undefined;
  /** Products with at least one size that can still be bought. */
  inStock?: boolean | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
}

/** Every sort ends with the id, so pages never overlap; each matches an index of the products table (db/schema/catalogue.ts). */
export const orderBySort: Record<ProductSort, SQL[]> = {
  newest: [descNullsLast(products.createdAt), descNullsLast(products.id)],
  price_asc: [asc(products.priceCents), asc(products.id)],
  // products_price_idx read backwards.
  price_desc: [desc(products.priceCents), desc(products.id)],
  rating: [descNullsLast(products.rating), descNullsLast(products.id)],
};

/** A value of the filter as the SQL takes it: itself, or a placeholder of its name in a prepared statement. */
type ValueOf = <Key extends keyof ProductFilter>(key: Key, value: ProductFilter[Key]) => unknown;
const inline: ValueOf = (_key, value) => value;
const named: ValueOf = (key) => sql.placeholder(key);

/**
 * A size of the product exists (of `size`, when given; of the colour, when one is asked for) that can still
 * be bought (when `inStock`).
 */
function hasSize(size: unknown, inStock: boolean, color: unknown): SQL {
  return sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id}${
    size === undefined ? sql`` : sql` and ${productVariants.size} = ${size}`
  }${color === undefined ? sql`` : sql` and ${productVariants.color} = ${color}`}${
    inStock ? sql` and ${productVariants.onHand} > ${productVariants.reserved}` : sql``
  })`;
}

/**
 * Which of the filter's conditions a query has: `whereOf` writes these, and a list query's name and where
 * a count is read from follow them.
 */
function conditionsOf(filter: ProductFilter) {
  return {
    category: Boolean(filter.category),
    color: Boolean(filter.color),
    size: filter.size !== undefined,
    inStock: Boolean(filter.inStock),
    minPrice: filter.minPriceCents !== undefined,
    maxPrice: filter.maxPriceCents !== undefined,
  };
}

export function whereOf(filter: ProductFilter, written: ValueOf = inline): SQL | undefined {
  const value = <Key extends keyof ProductFilter>(key: Key) => written(key, filter[key]) as never;
  const has = conditionsOf(filter);
  return and(
    has.category ? eq(products.category, value('category')) : undefined,
    has.color ? sql`${products.colors} @> array[${value('color')}]::color[]` : undefined,
    has.size || has.inStock
      ? hasSize(has.size ? value('size') : undefined, has.inStock, has.color ? value('color') : undefined)
      : undefined,
    has.minPrice ? gte(products.priceCents, value('minPriceCents')) : undefined,
    has.maxPrice ? lte(products.priceCents, value('maxPriceCents')) : undefined,
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

export async function countMatching(db: Queryable, where: SQL): Promise<number> {
  const matching = db.select({ one: sql`1` }).from(products).where(where).limit(COUNT_LIMIT).as('matching');
  const [row] = await db.select({ total: count() }).from(matching);
  return row?.total ?? 0;
}

/**
 * Products of the category, the colour or both, from the counts kept per pair (migrations 0016 and 0025):
 * those that come in the colour, or those of the category whatever their colours (each counted once, under
 * its first).
 */
async function facetSize(db: Queryable, category: Category | undefined, color: Color | undefined): Promise<number> {
  const [row] = await db
    .select({
      total: color
        ? sql<string | number | null>`sum(${productFacetCounts.withColour})`
        : sql<string | number | null>`sum(${productFacetCounts.total})`,
    })
    .from(productFacetCounts)
    .where(
      and(
        category ? eq(productFacetCounts.category, category) : undefined,
        color ? eq(productFacetCounts.color, color) : undefined,
      ),
    );
  return Math.min(Number(row?.total ?? 0), COUNT_LIMIT);
}

/** A filter of at most a category and a colour, the shop page's usual browsing: its total is kept per pair. */
function filtersFacetsOnly(filter: ProductFilter): boolean {
  const { category: _category, color: _color, ...rest } = conditionsOf(filter);
  return !Object.values(rest).some(Boolean);
}

/** How many products match the filter, up to COUNT_LIMIT. */
export function countProducts(db: Queryable, filter: ProductFilter): Promise<number> {
  const { category, color } = filter;
  if ((category || color) && filtersFacetsOnly(filter)) return facetSize(db, category, color);
  const where = whereOf(filter);
  return where ? countMatching(db, where) : catalogueSize(db);
}

/** A list query's shape, its sort and its conditions: the queries of one shape share their text. */
function shapeOf(filter: ProductFilter, sort: ProductSort): string {
  return `${sort}_${Object.values(conditionsOf(filter))
    .map((has) => (has ? 1 : 0))
    .join('')}`;
}

/** The list query of each shape, built once per database and prepared by name on each connection. */
const listStatements = preparedPerDatabase(() => new Map<string, ReturnType<typeof buildListStatement>>());

function buildListStatement(db: Queryable, filter: ProductFilter, sort: ProductSort, name: string) {
  const order = orderBySort[sort];
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(whereOf(filter, named))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return db
    .select({
      body: sql<string>`'[' || coalesce(string_agg(${productJson}, ',' order by ${sql.join(order, sql`, `)}), '') || ']'`,
    })
    .from(products)
    .innerJoinLateral(sizesOfProduct(db), sql`true`)
    .where(sql`${products.id} = any(array(${ids}))`)
    .prepare(name);
}

/**
 * One page of the products matching the filter, in the sort's order, as JSON text. The page's ids are
 * found first, from the sort's index alone, and only its rows are read: a deep page would otherwise read
 * every row it skips (page 40 read 480 rows from the table to send 12). The ids come as an array rather
 * than a joined subquery: the planner then has one way to read the rows (by their key) instead of
 * weighing every index of the table twice. The query of each shape is built once and prepared: building
 * it (Drizzle) was a third of what the shop spent on a page no cache held, and parsing it again a part
 * of what the database spent.
 */
export async function listProductsJson(
  db: Queryable,
  filter: ProductFilter,
  page: { sort: ProductSort; limit: number; offset: number },
): Promise<string> {
  const name = `product_list_${shapeOf(filter, page.sort)}`;
  // A category and a colour are walked along the index of their shape whatever their values.
  const reader = filtersFacetsOnly(filter) ? plannedOnce(db) : db;
  const statements = listStatements(reader);
  let statement = statements.get(name);
  if (!statement) {
    statement = buildListStatement(reader, filter, page.sort, name);
    statements.set(name, statement);
  }
  const [row] = await statement.execute({ ...filter, limit: page.limit, offset: page.offset });
  return row?.body ?? '[]';
}
