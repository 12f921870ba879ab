import { like } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products } from '../../db/schema';

/** Every picture of a product that the shop stored itself (an upload or the seed's), once each. */
export async function storedProductImages(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectDistinct({ image: products.image })
    .from(products)
    .where(like(products.image, '%/uploads/%.webp'));
  return rows.map((row) => row.image);
}
