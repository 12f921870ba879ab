import type { Color } from '@shop/contract/constants';
import { and, asc, count, desc, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { products, productVariants } from '../../db/schema';
import type { ProductChoice } from './product-choice';
import { productJson, sizesOfProduct } from './product-json.queries';

// The list under any choice of facets, and how many products each value of a facet has.

/** A size of the product can still be bought. */
const canBeBought = sql`${productVariants.onHand} > ${productVariants.reserved}`;

/** The product comes in any of the colours, among its others. */
export const hasColour = (colors: readonly string[]) => sql`${products.colors} && ${`{${colors.join(',')}}`}::color[]`;

export function choiceWhere(choice: ProductChoice): SQL | undefined {
  const { categories, colors, sizes, priceBands } = choice;
  const sized = sizes?.length || choice.inStock;
  // A size asked for with a colour is a size of that colour.
  return and(
    categories?.length ? inArray(products.category, categories) : undefined,
    colors?.length ? hasColour(colors) : undefined,
    sized
      ? sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id}${
          sizes?.length ? sql` and ${inArray(productVariants.size, sizes)}` : sql``
        }${colors?.length ? sql` and ${inArray(productVariants.color, colors)}` : sql``}${
          choice.inStock ? sql` and ${canBeBought}` : sql``
        })`
      : undefined,
    choice.minPriceCents !== undefined ? gte(products.priceCents, choice.minPriceCents) : undefined,
    choice.maxPriceCents !== undefined ? lte(products.priceCents, choice.maxPriceCents) : undefined,
    priceBands?.length
      ? or(
          ...priceBands.map((band) =>
            and(
              gte(products.priceCents, band.minCents),
              band.maxCents === undefined ? undefined : lt(products.priceCents, band.maxCents),
            ),
          ),
        )
      : undefined,
  );
}

/** Each product of `ids` as the list writes it, by id; a product no longer there is left out. */
const eachProductJsonByIds = preparedPerDatabase((db) =>
  db
    .select({ id: products.id, json: sql<string>`${productJson}` })
    .from(products)
    .innerJoinLateral(sizesOfProduct(db), sql`true`)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('each_product_json_by_ids'),
);

export async function eachProductJson(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await eachProductJsonByIds(db).execute({ ids: `{${ids.join(',')}}` });
  return new Map(rows.map((row) => [row.id, row.json]));
}

/** The products of `ids` as the list's JSON, in that order. */
async function productsJsonInOrder(db: Queryable, ids: readonly string[]): Promise<string> {
  const each = await eachProductJson(db, ids);
  return `[${ids.flatMap((id) => each.get(id) ?? []).join(',')}]`;
}

/**
 * One page of the products matching `where`, in `order`, as the list's JSON, and how many match: counted by
 * the same reading as the page (the order reads them all anyway) unless the caller has `counted` them.
 */
export async function pageOfProductsJson(
  db: Queryable,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
  options: { counted?: boolean } = {},
): Promise<{ body: string; total: number | undefined }> {
  const rows = await db
    .select({ id: products.id, total: options.counted ? sql<number>`0` : sql<number>`(count(*) over ())::int` })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const body = await productsJsonInOrder(
    db,
    rows.map((r) => r.id),
  );
  return { body, total: rows[0] === undefined || options.counted ? undefined : Number(rows[0].total) };
}

/** Products matching `where`, counted per category. */
export async function countByCategory(db: Queryable, where: SQL | undefined) {
  return db
    .select({ value: products.category, count: count() })
    .from(products)
    .where(where)
    .groupBy(products.category)
    .orderBy(desc(count()), asc(products.category));
}

/**
 * Products matching `where`, counted per colour they come in: a product of three colours counts in each.
 * With sizes chosen or `inStock`, a colour counts a product only when that colour has such a size.
 */
export async function countByColour(
  db: Queryable,
  where: SQL | undefined,
  sizing: Pick<ProductChoice, 'sizes' | 'inStock'>,
) {
  if (!sizing.sizes?.length && !sizing.inStock) {
    const colour = sql<Color>`unnest(${products.colors})`;
    return db.select({ value: colour, count: count() }).from(products).where(where).groupBy(sql`1`);
  }
  return db
    .select({ value: productVariants.color, count: sql<number>`count(distinct ${products.id})::int` })
    .from(products)
    .innerJoin(
      productVariants,
      and(
        sql`${productVariants.productId} = ${products.id}`,
        sizing.inStock ? canBeBought : undefined,
        sizing.sizes?.length ? inArray(productVariants.size, [...sizing.sizes]) : undefined,
      ),
    )
    .where(where)
    .groupBy(productVariants.color);
}

/**
 * Products matching `where`, counted per size they come in: a size that can still be bought, with `inStock`,
 * and of one of the colours chosen, when some are.
 */
export function countBySize(db: Queryable, where: SQL | undefined, inStock: boolean, colors?: readonly Color[]) {
  return db
    .select({ value: productVariants.size, count: sql<number>`count(distinct ${products.id})::int` })
    .from(products)
    .innerJoin(
      productVariants,
      and(
        sql`${productVariants.productId} = ${products.id}`,
        inStock ? canBeBought : undefined,
        colors?.length ? inArray(productVariants.color, [...colors]) : undefined,
      ),
    )
    .where(where)
    .groupBy(productVariants.size);
}

/** Products matching `where`, counted per price band, in the bands' order. */
export async function countByPriceBand(
  db: Queryable,
  where: SQL | undefined,
  bands: readonly { minCents: number; maxCents?: number | undefined }[],
): Promise<number[]> {
  const columns = Object.fromEntries(
    bands.map((band, i) => [
      `band${i}`,
      sql<number>`(count(*) filter (where ${products.priceCents} >= ${band.minCents}${
        band.maxCents === undefined ? sql`` : sql` and ${products.priceCents} < ${band.maxCents}`
      }))::int`,
    ]),
  );
  const [row] = await db.select(columns).from(products).where(where);
  return bands.map((_, i) => Number(row?.[`band${i}`] ?? 0));
}
