import type { Category } from '@shop/contract/constants';
import { and, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { descNullsLast } from '../../db/order-by';
import { products } from '../../db/schema';

// The products a product's page suggests beside it: sharing a word of its name, or best rated in its category.

const byRating = [descNullsLast(products.rating), descNullsLast(products.id)];

/**
 * Products sharing a whole word of the name, best rated first. The ILIKEs let the planner use the
 * trigram index (or walk the rating index for common words); the split keeps only whole words.
 * Words travel as parameters and the split pattern is a constant, so no name can inject SQL or a regex.
 */
export async function findProductsSharingWords(
  db: Queryable,
  excludeId: string,
  words: readonly { word: string; pattern: string }[],
  limit: number,
) {
  if (words.length === 0) return [];
  const wordArray = sql.join(
    words.map((w) => sql`${w.word}`),
    sql`, `,
  );
  return db
    .select()
    .from(products)
    .where(
      and(
        ne(products.id, excludeId),
        or(...words.map((w) => ilike(products.name, w.pattern))),
        sql`regexp_split_to_array(lower(${products.name}), '[^[:alnum:]]+') && ARRAY[${wordArray}]::text[]`,
      ),
    )
    .orderBy(...byRating)
    .limit(limit);
}

export async function findBestRatedInCategory(db: Queryable, category: Category, excludeId: string, limit: number) {
  return db
    .select()
    .from(products)
    .where(and(eq(products.category, category), ne(products.id, excludeId)))
    .orderBy(...byRating)
    .limit(limit);
}
