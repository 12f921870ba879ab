import { skipToken } from '@reduxjs/toolkit/query';
import type { SearchSuggestion } from '@shop/contract/search';
import { useMemo } from 'react';
import { useGetSearchSuggestionsQuery } from './catalogue.api';
import { useDebouncedValue } from './use-debounced-value';

const SUGGESTIONS_DEBOUNCE_MS = 150;
const NONE: readonly SearchSuggestion[] = [];

/** Categories before products, each in the order the server ranked them. */
export const categoriesFirst = (suggestions: readonly SearchSuggestion[]): readonly SearchSuggestion[] => [
  ...suggestions.filter((s) => s.kind === 'category'),
  ...suggestions.filter((s) => s.kind === 'product'),
];

/**
 * The suggestions for the text in the search box, asked for once the shopper pauses. They stay quiet: the last
 * list stays up while the next one loads, so it does not flash, and a failure only means no suggestions.
 */
export function useSearchSuggestions(text: string): readonly SearchSuggestion[] {
  const settled = useDebouncedValue(text.trim(), SUGGESTIONS_DEBOUNCE_MS);
  const { data, isError } = useGetSearchSuggestionsQuery(settled && text.trim() ? settled : skipToken);
  return useMemo(() => (data && !isError ? categoriesFirst(data) : NONE), [data, isError]);
}
