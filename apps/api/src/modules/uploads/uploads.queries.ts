import { like } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderItems, products } from '../../db/schema';

/**
 * Every picture the shop stored itself (an upload or the seed's) that a page may show, once each: the
 * products' and the order lines', which keep the picture a product had when it was bought.
 */
export async function storedPictures(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ image: products.image })
    .from(products)
    .where(like(products.image, '%/uploads/%.webp'))
    .union(db.select({ image: orderItems.image }).from(orderItems).where(like(orderItems.image, '%/uploads/%.webp')));
  return rows.map((row) => row.image);
}
