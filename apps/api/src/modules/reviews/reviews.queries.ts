import type { FitAnswer } from '@shop/contract/fit';
import { and, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { descNullsLast } from '../../db/order-by';
import { orderItems, orders, products, productVariants, reviews, users } from '../../db/schema';

/** Locks the product row, so concurrent reviews of one product recompute its rating one after another. */
export async function lockProduct(db: Queryable, productId: string): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  return rows.length > 0;
}

/** The sizes the product is sold in, whatever the colour. */
export async function sizesOfProduct(db: Queryable, productId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ size: productVariants.size })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return rows.map((r) => r.size);
}

/** Whether the user has an order, not cancelled, with a line of the product. */
export async function hasOrdered(db: Queryable, userId: string, productId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.productId, productId), eq(orders.userId, userId), ne(orders.status, 'cancelled')))
    .limit(1);
  return rows.length > 0;
}

/** One review per user per product: posting again replaces the comment, rating, size, fit and verified mark. */
export async function upsertReview(
  db: Queryable,
  values: {
    userId: string;
    productId: string;
    comment: string;
    rating: number;
    sizeBought: string | null;
    fit: FitAnswer | null;
    verified: boolean;
  },
) {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoUpdate({
      target: [reviews.userId, reviews.productId],
      set: {
        comment: values.comment,
        rating: values.rating,
        sizeBought: values.sizeBought,
        fit: values.fit,
        verified: values.verified,
        updatedAt: sql`now()`,
      },
    })
    // xmax is 0 only on a row version this statement inserted, not on one it updated.
    .returning({ ...getTableColumns(reviews), inserted: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('upsert returned no review');
  const { inserted, ...review } = row;
  return { review, inserted };
}

/** The product's rating is the average of its reviews rounded to one decimal (0 without reviews). */
export async function refreshProductRating(db: Queryable, productId: string): Promise<void> {
  await db
    .update(products)
    .set({
      rating: sql`coalesce((select round(avg(r.rating), 1)::float8 from ${reviews} r where r.product_id = ${productId}), 0)`,
      reviewCount: sql`(select count(*)::int from ${reviews} r where r.product_id = ${productId})`,
    })
    .where(eq(products.id, productId));
}

export async function countReviews(db: Queryable): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reviews);
  return row?.total ?? 0;
}

export async function findReviewsOfUser(db: Queryable, userId: string) {
  return db
    .select({
      review: reviews,
      author: { id: users.id, username: users.username },
      product: { id: products.id, name: products.name, image: products.image },
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(descNullsLast(reviews.createdAt), desc(reviews.id));
}

export async function findUsername(db: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.username;
}
