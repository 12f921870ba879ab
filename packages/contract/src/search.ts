import { z } from 'zod';
import { idSchema } from './common';
import { categorySchema } from './products';

/** Suggestions under the search box, products and categories together. */
export const SEARCH_SUGGESTIONS_MAX = 8;
/** Of those, at most this many are categories. */
export const SEARCH_SUGGESTED_CATEGORIES_MAX = 2;

/**
 * How many letters a word of the search text may have wrong and still match a word of the catalogue: none
 * under 5 letters, where one wrong letter makes another word; one from 5; two from 9. A letter dropped,
 * added, replaced or two neighbours swapped is one.
 */
export const SEARCH_TYPOS = [
  { fromLetters: 9, typos: 2 },
  { fromLetters: 5, typos: 1 },
] as const;

export const typosAllowed = (word: string): number =>
  SEARCH_TYPOS.find((rule) => [...word].length >= rule.fromLetters)?.typos ?? 0;

export const searchSuggestionsQuerySchema = z.object({
  q: z
    .string({ message: 'Search text is required' })
    .trim()
    .min(1, 'Search text is required')
    .max(100, 'Search text must be at most 100 characters'),
});
export type SearchSuggestionsQuery = z.infer<typeof searchSuggestionsQuerySchema>;

export const searchSuggestionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('category'),
    category: categorySchema,
    /** Products of the category the search text finds. */
    matches: z.number().int(),
  }),
  z.object({
    kind: z.literal('product'),
    _id: idSchema,
    name: z.string(),
    image: z.string(),
    price: z.number(),
    category: categorySchema,
  }),
]);
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchSuggestionsResponseSchema = z.object({
  suggestions: z.array(searchSuggestionSchema).max(SEARCH_SUGGESTIONS_MAX),
});
export type SearchSuggestionsResponse = z.infer<typeof searchSuggestionsResponseSchema>;
