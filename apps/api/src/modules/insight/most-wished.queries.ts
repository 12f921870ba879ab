import { count, countDistinct, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products, wishlistItems } from '../../db/schema';

/**
 * The `top` products with the most saves on wishlists now (each colour and size saved counts), with the
 * customers who saved them; ties go to more customers, then to the product id, so the list is stable.
 */
export function mostWishedProducts(db: Queryable, top: number) {
  const saves = count();
  const customers = countDistinct(wishlistItems.userId);
  return db
    .select({
      productId: products.id,
      name: products.name,
      image: products.image,
      category: products.category,
      saves,
      customers,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .groupBy(products.id)
    .orderBy(desc(saves), desc(customers), products.id)
    .limit(top);
}
