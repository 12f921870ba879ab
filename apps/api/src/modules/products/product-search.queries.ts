import type { Category, ProductSort } from '@shop/contract/constants';
import { and, asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products, productVariants, searchWords } from '../../db/schema';
import { pageOfProductsJson } from './product-choice.queries';
import { COUNT_LIMIT, countMatching, orderBySort } from './product-list.queries';
import { allWordsQuery, type MatchedWord, matchQuery, WEIGHTS } from './search-words';

// Search: the catalogue's words near a searched word, and the products whose documents match them.

/** A searched word and how far from it a catalogue word may be. */
export interface NearWordsRequest {
  word: string;
  /** Typos allowed; 0 asks only whether the word itself is in the catalogue. */
  typos: number;
}

/**
 * Catalogue words equal to or within `typos + 1` plain edits of each searched word: a swap of two letters
 * is two plain edits, so the caller keeps those within its own measure. The length is checked before the
 * distance, which the database measures only for words of up to 255 letters.
 */
export async function findNearWords(
  db: Queryable,
  requests: readonly NearWordsRequest[],
): Promise<{ searched: string; word: string }[]> {
  if (requests.length === 0) return [];
  const asked = sql.join(
    requests.map((r) => sql`(${r.word}::text, ${r.typos}::int)`),
    sql`, `,
  );
  const word = searchWords.word;
  const result = await db.execute(sql`
    select q.word as searched, ${word} as word
    from (values ${asked}) as q(word, typos)
    join ${searchWords} on ${word} = q.word
      or (q.typos > 0 and case when abs(length(${word}) - length(q.word)) <= q.typos
        then levenshtein_less_equal(${word}, q.word, q.typos + 1) <= q.typos + 1 else false end)`);
  // Both drivers answer `execute` with the rows under `rows`.
  return (result as unknown as { rows: { searched: string; word: string }[] }).rows;
}

/** Whether a catalogue word starts with `start`: the last searched word may still be being typed. */
export async function hasWordStartingWith(db: Queryable, start: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(searchWords)
    .where(sql`starts_with(${searchWords.word}, ${start})`)
    .limit(1);
  return row !== undefined;
}

const document = products.searchDocument;
const matches = (query: string) => sql`${document} @@ ${query}::tsquery`;

/**
 * Best match first: fewer words matched only through a typo; then words standing earlier (name before
 * colour before category before description); then the name that is the search text itself; then what
 * can still be bought; then shorter names, which the words fill more of.
 */
function relevanceOrder(matched: readonly MatchedWord[], text: string, byStock: boolean): SQL[] {
  const typos = matched.map((m) => sql`(case when ${matches(matchQuery(m, { exactOnly: true }))} then 0 else 1 end)`);
  const standing = matched.map(
    (m) =>
      sql`(case ${sql.join(
        WEIGHTS.slice(0, -1).map(
          (weight, i) => sql`when ${matches(matchQuery(m, { weight }))} then ${sql.raw(String(i))}`,
        ),
        sql` `,
      )} else ${sql.raw(String(WEIGHTS.length - 1))} end)`,
  );
  // A scalar subquery with a limit is read by index for each match; as `exists` the planner may hash all
  // of product_variants for a search that matches thousands.
  const inStock = sql`(select true from ${productVariants} where ${productVariants.productId} = ${products.id}
    and ${productVariants.onHand} > ${productVariants.reserved} limit 1) is not null`;
  return [
    asc(sql.join(typos, sql` + `)),
    asc(sql.join(standing, sql` + `)),
    desc(sql`lower(${products.name}) = ${text.toLowerCase()}`),
    ...(byStock ? [desc(inStock)] : []),
    asc(sql`length(${products.name})`),
    asc(products.id),
  ];
}

export interface SearchPage {
  sort: ProductSort | 'relevance';
  limit: number;
  offset: number;
}

/** Products whose search document has every searched word. */
export const hasEveryWord = (matched: readonly MatchedWord[]) => matches(allWordsQuery(matched));

/**
 * Up to this many matches are ranked by stock too: reading the stock of each costs about as much as the
 * rest of the ranking, and a search matching more is too broad for sold-out products to crowd its top.
 */
const RANKED_BY_STOCK_MAX = 2_000;

/** One page of the products matching every searched word and the choice, as JSON text, and how many match. */
export async function searchProductsJson(
  db: Queryable,
  chosen: SQL | undefined,
  matched: readonly MatchedWord[],
  text: string,
  page: SearchPage,
): Promise<{ body: string; total: number }> {
  const where = and(hasEveryWord(matched), chosen) as SQL;
  const total = await countMatching(db, where);
  if (total === 0) return { body: '[]', total };
  const order =
    page.sort === 'relevance' ? relevanceOrder(matched, text, total <= RANKED_BY_STOCK_MAX) : orderBySort[page.sort];
  const { body } = await pageOfProductsJson(db, where, order, page, { counted: true });
  return { body, total };
}

/** The best matching products' names and pictures, as suggestions show them. */
export function findSuggestedProducts(db: Queryable, matched: readonly MatchedWord[], text: string, limit: number) {
  return db
    .select({
      id: products.id,
      name: products.name,
      image: products.image,
      priceCents: products.priceCents,
      category: products.category,
    })
    .from(products)
    .where(hasEveryWord(matched))
    .orderBy(...relevanceOrder(matched, text, true))
    .limit(limit);
}

/** The categories whose products match every searched word, each with how many, most first. */
export async function countSearchCategories(
  db: Queryable,
  matched: readonly MatchedWord[],
  limit: number,
): Promise<{ category: Category; matches: number }[]> {
  const found = db
    .select({ category: products.category })
    .from(products)
    .where(hasEveryWord(matched))
    .limit(COUNT_LIMIT)
    .as('found');
  const rows = await db
    .select({ category: found.category, matches: count() })
    .from(found)
    .groupBy(found.category)
    .orderBy(desc(count()), asc(found.category))
    .limit(limit);
  return rows;
}
