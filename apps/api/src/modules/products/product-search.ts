import { CATEGORY_LABELS, type ProductSort } from '@shop/contract/constants';
import { toDollars } from '@shop/contract/money';
import type { ProductListQuery, ProductListResponse } from '@shop/contract/products';
import {
  SEARCH_SUGGESTED_CATEGORIES_MAX,
  SEARCH_SUGGESTIONS_MAX,
  type SearchSuggestion,
  type SearchSuggestionsResponse,
  typosAllowed,
} from '@shop/contract/search';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { JsonText } from './json-text';
import {
  countSearchCategories,
  findNearWords,
  findSuggestedProducts,
  hasWordStartingWith,
  type SearchPage,
  searchProductsJson,
} from './product-search.queries';
import { type MatchedWord, searchWordsOf, singularsOf, typoDistance } from './search-words';

/** A last word of one letter starts too many words to mean any of them. */
const PREFIX_MIN_LETTERS = 2;

/** How many letters "did you mean" may change in a word, whatever its length. */
const DID_YOU_MEAN_TYPOS = 2;

/**
 * The searched words the catalogue has, each with the catalogue words it matches: itself and its
 * singular, words within its allowance of typos, and words it starts, for the last one of two letters or more. A word that
 * matches nothing is left out, so one stray word does not empty the results.
 */
export async function matchSearchText(db: Queryable, text: string): Promise<MatchedWord[]> {
  const words = searchWordsOf(text);
  const last = words.at(-1);
  const [near, lastStarts] = await Promise.all([
    findNearWords(
      db,
      words.flatMap((word) => [
        { word, typos: typosAllowed(word) },
        ...singularsOf(word).map((form) => ({ word: form, typos: 0 })),
      ]),
    ),
    last === undefined || [...last].length < PREFIX_MIN_LETTERS ? false : hasWordStartingWith(db, last),
  ]);
  const known = new Set(near.map((row) => row.word));
  return words.flatMap((word) => {
    const forms = [word, ...singularsOf(word)];
    const allowed = typosAllowed(word);
    const typos = near
      .filter((row) => row.searched === word && !forms.includes(row.word))
      .map((row) => row.word)
      .filter((candidate) => typoDistance(candidate, word, allowed) <= allowed);
    const match: MatchedWord = {
      word,
      exact: forms.filter((form) => known.has(form)),
      prefix: word === last && lastStarts,
      typos: [...new Set(typos)],
    };
    return match.exact.length + match.typos.length > 0 || match.prefix ? [match] : [];
  });
}

/**
 * The search text with each word the catalogue lacks replaced by its nearest catalogue word, when that
 * text finds something: a word too short for typos, or with more of them than allowed, still gets a hint.
 */
async function didYouMean(db: Queryable, text: string, chosen: SQL | undefined): Promise<string | undefined> {
  const words = searchWordsOf(text);
  const near = await findNearWords(
    db,
    words.map((word) => ({ word, typos: [...word].length > DID_YOU_MEAN_TYPOS ? DID_YOU_MEAN_TYPOS : 0 })),
  );
  const nearest = (word: string) => {
    const scored = near
      .filter((row) => row.searched === word)
      .map((row) => ({ word: row.word, distance: typoDistance(row.word, word, DID_YOU_MEAN_TYPOS) }))
      .filter((row) => row.distance <= DID_YOU_MEAN_TYPOS)
      .sort((a, b) => a.distance - b.distance || a.word.localeCompare(b.word));
    return scored[0]?.word ?? word;
  };
  const corrected = words.map(nearest).join(' ');
  if (corrected === words.join(' ')) return undefined;
  const matched = await matchSearchText(db, corrected);
  if (matched.length === 0) return undefined;
  const { total } = await searchProductsJson(db, chosen, matched, corrected, { sort: 'newest', limit: 1, offset: 0 });
  return total > 0 ? corrected : undefined;
}

/** A search's page as the product list's answer, with "did you mean" when it found nothing. */
export async function searchProducts(
  db: Queryable,
  chosen: SQL | undefined,
  query: ProductListQuery & { q: string },
): Promise<JsonText> {
  const matched = await matchSearchText(db, query.q);
  const page: SearchPage = {
    sort: (query.sort ?? 'relevance') as ProductSort | 'relevance',
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
  const { body, total } =
    matched.length === 0 ? { body: '[]', total: 0 } : await searchProductsJson(db, chosen, matched, query.q, page);
  const rest: Omit<ProductListResponse, 'products'> = {
    totalPages: Math.ceil(total / query.limit),
    totalProducts: total,
  };
  if (total === 0) rest.didYouMean = await didYouMean(db, query.q, chosen);
  return new JsonText(`{"products":${body},${JSON.stringify(rest).slice(1)}`);
}

/** Suggestions as one types: the categories the text finds most in, then the best matching products. */
export async function suggestSearches(db: Queryable, text: string): Promise<SearchSuggestionsResponse> {
  const matched = await matchSearchText(db, text);
  if (matched.length === 0) return { suggestions: [] };
  const [categories, found] = await Promise.all([
    countSearchCategories(db, matched, SEARCH_SUGGESTED_CATEGORIES_MAX),
    findSuggestedProducts(db, matched, text, SEARCH_SUGGESTIONS_MAX),
  ]);
  // A category is worth suggesting when a word names it, not when a few of its products mention a word.
  const named = categories.filter(({ category }) =>
    matched.some((m) =>
      [category, CATEGORY_LABELS[category].toLowerCase()].some(
        (name) => m.exact.includes(name) || m.typos.includes(name) || (m.prefix && name.startsWith(m.word)),
      ),
    ),
  );
  const suggestions: SearchSuggestion[] = [
    ...named.map((c) => ({ kind: 'category' as const, ...c })),
    ...found.slice(0, SEARCH_SUGGESTIONS_MAX - named.length).map((p) => ({
      kind: 'product' as const,
      _id: p.id,
      name: p.name,
      image: p.image,
      price: toDollars(p.priceCents),
      category: p.category,
    })),
  ];
  return { suggestions };
}
