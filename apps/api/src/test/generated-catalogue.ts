import { bulkInsert } from '../db/bulk-insert';
import type { Database } from '../db/client';
import { productColours, products, productVariants } from '../db/schema';
import type { Rng } from '../seed/art/palette';
import { generateColours, generateVariants, type ProductRow } from '../seed/catalogue-generator';

/** Generated products with their colours and sizes, written behind the shop's back as the bench's catalogue is. */
export async function insertGeneratedCatalogue(db: Database, rng: Rng, catalogue: readonly ProductRow[]) {
  await bulkInsert(db, products, [...catalogue]);
  await bulkInsert(
    db,
    productColours,
    catalogue.flatMap((p) => generateColours(p, () => '/uploads/test.webp')),
  );
  await bulkInsert(
    db,
    productVariants,
    catalogue.flatMap((p) => generateVariants(rng, p)),
  );
}
