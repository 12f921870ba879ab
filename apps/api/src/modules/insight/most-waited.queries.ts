import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { backInStockRequests, productColours, products, productVariants } from '../../db/schema';

/**
 * The `top` sizes the most shoppers wait to hear are back now; ties go to the product's name, then the
 * size's id, so the list is stable.
 */
export function mostWaitedSizes(db: Queryable, top: number) {
  const waiting = count();
  return db
    .select({
      productId: products.id,
      name: products.name,
      colour: productVariants.color,
      colourName: sql<string>`coalesce(${productColours.name}, ${productVariants.color}::text)`,
      size: productVariants.size,
      waiting,
    })
    .from(backInStockRequests)
    .innerJoin(productVariants, eq(productVariants.id, backInStockRequests.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(
      productColours,
      and(eq(productColours.productId, productVariants.productId), eq(productColours.color, productVariants.color)),
    )
    .where(eq(backInStockRequests.status, 'waiting'))
    .groupBy(products.id, productVariants.id, productColours.name)
    .orderBy(desc(waiting), products.name, productVariants.id)
    .limit(top);
}
