import { eq, type SQL, sql } from 'drizzle-orm';
import { plannedOnce, type Queryable } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { products, productVariants, reviews, users } from '../../db/schema';

// A product as the contract's JSON, written by PostgreSQL: the product's page reads it in one query.

/** A moment as the contract writes it (`Date.toISOString`): UTC, to the millisecond. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The sizes of the product of the row, colour by colour in the colours' order and each colour's in scale
 * order, as the contract shows them (a size's available count never below zero), as JSON text, and whether
 * any can still be bought: joined laterally as `sizes`. Each size's JSON up to its available count is kept
 * with its row (`json_head`, migrations 0019, 0021 and 0025).
 */
export const sizesOfProduct = (db: Queryable) =>
  db
    .select({
      list: sql`'[' || coalesce(string_agg(v.json_head || greatest(0, v.on_hand - v.reserved) || '}', ','
        order by array_position(${products}.colors, v.color), v.position), '') || ']'`.as('list'),
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
export const productJson = sql`${products}.json_head || sizes.list || ',"inStock":' || sizes.in_stock::text || '}'`;

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
            'size', r.size_bought, 'fit', r.fit, 'verified', r.verified,
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
