import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products } from '../../db/schema';

// The products' rows. The shop page's list, a product's JSON and the products suggested beside it have
// files of their own; the module's other files find them here too.
export { findProductDetailJson } from './product-json.queries';
export {
  COUNT_LIMIT,
  countProducts,
  listProductsJson,
  type ProductFilter,
} from './product-list.queries';
export { findBestRatedInCategory, findProductsSharingWords } from './related-products.queries';

export async function findProduct(db: Queryable, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
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
