import { asc, count, gt, max, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products } from '../../db/schema';

export async function countProducts(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

/** The id just before the `offset`-th product in id order (its sitemap file starts after it). */
export async function productIdBefore(db: Queryable, offset: number): Promise<string | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .orderBy(asc(products.id))
    .offset(offset - 1)
    .limit(1);
  return row?.id;
}

/** Up to `limit` products after `afterId` in id order (from the first without it): a keyset page. */
export function productsAfter(db: Queryable, afterId: string | undefined, limit: number) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(afterId ? gt(products.id, afterId) : undefined)
    .orderBy(asc(products.id))
    .limit(limit);
}

/** When each category's products last changed (categories with none are absent). */
export function lastChangeByCategory(db: Queryable) {
  return db
    .select({ category: products.category, updatedAt: max(products.updatedAt) })
    .from(products)
    .groupBy(products.category)
    .orderBy(sql`1`);
}
