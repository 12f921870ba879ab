import type { Category, Color, ProductSort } from '@shop/contract/constants';
import { and, asc, count, desc, eq, gte, ilike, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { plannedOnce, type Queryable } from '../../db/client';
import { descNullsLast } from '../../db/order-by';
import { preparedPerDatabase } from '../../db/prepared';
import { productFacetCounts, products, productVariants, reviews, tableCounts, users } from '../../db/schema';

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

/** Every sort ends with the id, so pages never overlap; each matches an index in schema.ts. */
const orderBySort: Record<ProductSort, SQL[]> = {
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

/** A size of the product exists (of `size`, when given) that can still be bought (when `inStock`). */
function hasSize(size: unknown, inStock: boolean): SQL {
  return sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id}${
    size === undefined ? sql`` : sql` and ${productVariants.size} = ${size}`
  }${inStock ? sql` and ${productVariants.onHand} > ${productVariants.reserved}` : sql``})`;
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
    pattern: filter.containsPattern !== undefined,
  };
}

function whereOf(filter: ProductFilter, written: ValueOf = inline): SQL | undefined {
  const value = <Key extends keyof ProductFilter>(key: Key) => written(key, filter[key]) as never;
  const has = conditionsOf(filter);
  return and(
    has.category ? eq(products.category, value('category')) : undefined,
    has.color ? eq(products.color, value('color')) : undefined,
    has.size || has.inStock ? hasSize(has.size ? value('size') : undefined, has.inStock) : undefined,
    has.minPrice ? gte(products.priceCents, value('minPriceCents')) : undefined,
    has.maxPrice ? lte(products.priceCents, value('maxPriceCents')) : undefined,
    // ILIKE on each column lets the planner combine the two pg_trgm GIN indexes.
    has.pattern
      ? or(ilike(products.name, value('containsPattern')), ilike(products.description, value('containsPattern')))
      : undefined,
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

/** Products of the category, the colour or both, from the counts kept per pair (migration 0016). */
async function facetSize(db: Queryable, category: Category | undefined, color: Color | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`sum(${productFacetCounts.total})` })
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

export async function findProduct(db: Queryable, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** A moment as the contract writes it (`Date.toISOString`): UTC, to the millisecond. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The sizes of the product of the row, in scale order, as the contract shows them (a size's available
 * count never below zero), as JSON text, and whether any can still be bought: joined laterally as `sizes`.
 * Each size's JSON up to its available count is kept with its row (`json_head`, migrations 0019 and 0021).
 */
const sizesOfProduct = (db: Queryable) =>
  db
    .select({
      list: sql`'[' || coalesce(string_agg(v.json_head || greatest(0, v.on_hand - v.reserved) || '}', ','
        order by v.position), '') || ']'`.as('list'),
      in_stock: sql`coalesce(bool_or(v.on_hand > v.reserved), false)`.as('in_stock'),
    })
    .from(sql`${productVariants} v`)
    .where(sql`v.product_id = ${products}.id`)
    .as('sizes');

/**
 * A product as the contract's `Product`, as JSON text (with `sizesOfProduct` joined): its own fields as
 * the row keeps them written up to its sizes (`json_head`, kept by a trigger, migrations 0018 and 0021), its
 * sizes spliced in.
 * The same answer as `toProductDto` makes (products-json.test.ts holds them together). The catalogue's
 * reads from the database (a page of the list, a product's page) are sent as PostgreSQL writes them:
 * parsing every column into objects and writing them out again was most of what the shop spent on them.
 * Columns are named with their table: Drizzle writes a lone table's columns unqualified, which inside
 * a subquery would mean the subquery's own.
 */
const productJson = sql`${products}.json_head || sizes.list || ',"inStock":' || sizes.in_stock::text || '}'`;

/**
 * A product's page (the contract's `ProductDetailResponse`: the product with its sizes and its newest
 * reviews) as JSON text, in one query: a product no cache holds is the catalogue's commonest read from
 * the database. A review is as `toReviewDto` makes it.
 */
const productDetailStatement = preparedPerDatabase((db) =>
  db
    .select({
      body: sql<string>`'{"product":' || ${productJson} || ',"reviews":' || ((
          select coalesce(json_agg(json_build_object(
            '_id', r.id, 'comment', r.comment, 'rating', r.rating,
            'userId', json_build_object('_id', u.id, 'username', coalesce(u.username, ${sql.placeholder('formerCustomer')}::text)),
            'productId', r.product_id,
            'createdAt', ${isoText(sql`r.created_at`)}, 'updatedAt', ${isoText(sql`r.updated_at`)}
          ) order by r.created_at desc nulls last, r.id desc), '[]')
          from (
            select * from ${reviews} r0 where r0.product_id = ${products}.id
            order by r0.created_at desc nulls last, r0.id desc limit ${sql.placeholder('reviewsMax')}
          ) r left join ${users} u on u.id = r.user_id))::text || '}'`,
    })
    .from(products)
    .innerJoinLateral(sizesOfProduct(db), sql`true`)
    .where(eq(products.id, sql.placeholder('id')))
    .limit(1)
    // Planning it took longer than running it on a product no cache holds: each connection plans it once.
    .prepare('product_detail_json'),
);

/** The product page's answer as JSON text, or undefined when there is no such product. */
export async function findProductDetailJson(db: Queryable, id: string, reviewsMax: number, formerCustomer: string) {
  const [row] = await productDetailStatement(plannedOnce(db)).execute({ id, reviewsMax, formerCustomer });
  return row?.body;
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

/** The product's row, locked until the transaction ends. */
export async function lockProduct(db: Queryable, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
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

/** The deleted product's name, category and price (for the audit log), or undefined when there was none. */
export async function deleteProduct(db: Queryable, id: string) {
  const [row] = await db
    .delete(products)
    .where(eq(products.id, id))
    .returning({ id: products.id, name: products.name, category: products.category, priceCents: products.priceCents });
  return row;
}
