import { asc, inArray, sql } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert';
import type { Queryable } from '../../db/client';
import { productColours, products, productVariants, stockLedger } from '../../db/schema';

// The catalogue read whole for a file, and a file's products written many rows to a statement.

export type NewProduct = typeof products.$inferInsert;
export type NewColour = typeof productColours.$inferInsert;
export type NewVariant = typeof productVariants.$inferInsert;
export type NewLedgerRow = typeof stockLedger.$inferInsert;

export function productsForExport(db: Queryable) {
  return db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      category: products.category,
      priceCents: products.priceCents,
      oldPriceCents: products.oldPriceCents,
    })
    .from(products)
    .orderBy(asc(products.createdAt), asc(products.id));
}

export function coloursForExport(db: Queryable) {
  return db
    .select({
      productId: productColours.productId,
      color: productColours.color,
      priceCents: productColours.priceCents,
      pictures: productColours.pictures,
    })
    .from(productColours)
    .orderBy(asc(productColours.productId), asc(productColours.position));
}

export function sizesForExport(db: Queryable) {
  return db
    .select({
      productId: productVariants.productId,
      color: productVariants.color,
      size: productVariants.size,
      sku: productVariants.sku,
      onHand: productVariants.onHand,
    })
    .from(productVariants)
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
}

/** The products whose ids start with one of the given eight hex digits, as an exported handle names them. */
export function productsByIdStart(db: Queryable, starts: readonly string[]) {
  if (starts.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(sql`left(${products.id}::text, 8)`, [...starts]));
}

/** Products, then their colours, sizes and stock ledger: each table in a few large statements. */
export async function insertCatalogue(
  tx: Queryable,
  rows: { products: NewProduct[]; colours: NewColour[]; variants: NewVariant[]; ledger: NewLedgerRow[] },
): Promise<void> {
  await bulkInsert(tx, products, rows.products);
  await bulkInsert(tx, productColours, rows.colours);
  await bulkInsert(tx, productVariants, rows.variants);
  await bulkInsert(tx, stockLedger, rows.ledger);
}
