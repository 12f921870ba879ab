/** @jsxRuntime automatic @jsxImportSource react */
import type { SearchSuggestion } from '@shop/contract/search';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { comboboxAria } from '../../ui/use-combobox';
import { SearchSuggestionList, suggestionHref } from './search-suggestions';
import { categoriesFirst } from './use-search-suggestions';

const dresses: SearchSuggestion = { kind: 'category', category: 'dress', matches: 12 };
const wrapDress: SearchSuggestion = {
  kind: 'product',
  _id: '5f0c1e2a-4b3d-4c5e-8f60-7a8b9c0d1e2f',
  name: 'Linen Wrap Dress',
  image: '/uploads/linen-wrap-dress.webp',
  price: 28,
  category: 'dress',
};
const scarf: SearchSuggestion = { ...wrapDress, _id: '7a8b9c0d-1e2f-4c5e-8f60-5f0c1e2a4b3d', name: 'Silk Scarf' };

/** The list as the search box shows it in `state`, with the text box's own attributes beside it. */
function render(suggestions: readonly SearchSuggestion[], state: { open: boolean; active: number }) {
  const aria = comboboxAria('search', state, suggestions.length);
  const optionProps = (index: number) => ({ ...aria.option(index), onMouseDown: () => {}, onClick: () => {} });
  const html = renderToStaticMarkup(
    <>
      <input {...aria.input} />
      <SearchSuggestionList combobox={{ ...aria, optionProps }} suggestions={suggestions} />
    </>,
  );
  const doc = {
    input: html.match(/<input[^>]*>/)?.[0] ?? '',
    listbox: html.match(/<div[^>]*role="listbox"[^>]*>/)?.[0] ?? '',
    options: [...html.matchAll(/<div([^>]*role="option"[^>]*)>/g)].map((m) => m[1] ?? ''),
    status: html.match(/role="status"[^>]*>([^<]*)</)?.[1],
    text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
  };
  return doc;
}

describe('the search suggestions', () => {
  it('name their list from the text box, which says the list is open and which option is active', () => {
    const { input, listbox, options } = render([dresses, wrapDress, scarf], { open: true, active: 1 });
    expect(input).toContain('role="combobox"');
    expect(input).toContain('aria-autocomplete="list"');
    expect(input).toContain('aria-expanded="true"');
    expect(input).toContain('aria-controls="search-listbox"');
    expect(input).toContain('aria-activedescendant="search-option-1"');
    expect(listbox).toContain('id="search-listbox"');
    expect(listbox).not.toContain('hidden');
    expect(options.map((o) => o.match(/id="([^"]+)"/)?.[1])).toEqual([
      'search-option-0',
      'search-option-1',
      'search-option-2',
    ]);
    expect(options.map((o) => o.match(/aria-selected="(\w+)"/)?.[1])).toEqual(['false', 'true', 'false']);
  });

  it('points at no option until the arrows pick one', () => {
    const { input } = render([dresses, wrapDress], { open: true, active: -1 });
    expect(input).toContain('aria-expanded="true"');
    expect(input).not.toContain('aria-activedescendant');
  });

  it('keep the closed list in the page but hidden, and say nothing', () => {
    const { input, listbox, options, status } = render([dresses, wrapDress], { open: false, active: -1 });
    expect(input).toContain('aria-expanded="false"');
    expect(input).toContain('aria-controls="search-listbox"');
    expect(listbox).toContain('hidden');
    expect(options).toEqual([]);
    expect(status).toBe('');
  });

  it('count themselves politely for screen readers', () => {
    expect(render([dresses, wrapDress, scarf], { open: true, active: -1 }).status).toBe('3 suggestions available.');
    expect(render([wrapDress], { open: true, active: -1 }).status).toBe('1 suggestion available.');
    // Open with nothing to offer is closed: no empty list and no count of none.
    const none = render([], { open: true, active: -1 });
    expect(none.input).toContain('aria-expanded="false"');
    expect(none.status).toBe('');
  });

  it('show a category by its label and how many of its products match, a product by its name and price', () => {
    const { text } = render([dresses, wrapDress], { open: true, active: -1 });
    expect(text).toContain('Dresses Category · 12 products');
    expect(text).toContain('Linen Wrap Dress $28.00');
  });

  it('put categories first and lead a category to the shop showing it, a product to its page', () => {
    expect(categoriesFirst([wrapDress, dresses, scarf])).toEqual([dresses, wrapDress, scarf]);
    expect(suggestionHref(dresses)).toBe('/shop?category=dress');
    expect(suggestionHref(wrapDress)).toBe(`/shop/${wrapDress._id}`);
  });
});
