import type { FormEvent, RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { CloseIcon } from '../../ui/icons';
import { useCombobox } from '../../ui/use-combobox';
import { SearchSuggestionList, suggestionHref } from './search-suggestions';
import { useSearchSuggestions } from './use-search-suggestions';

const SEARCH_MAX_LENGTH = 100;

interface SearchBoxProps {
  text: string;
  onText: (text: string) => void;
  onSubmit: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The search box, with suggestions under it as the shopper types: a category opens the shop showing it, a
 * product its page. The browser's own clear button ignores the palette, so it is hidden and replaced by ours.
 */
export function SearchBox({ text, onText, onSubmit, inputRef }: SearchBoxProps) {
  const navigate = useNavigate();
  const suggestions = useSearchSuggestions(text);
  const combobox = useCombobox(suggestions, (suggestion) => navigate(suggestionHref(suggestion)));

  const type = (next: string) => {
    onText(next);
    if (next.trim()) combobox.reopen();
    else combobox.close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    combobox.close();
    onSubmit();
  };

  return (
    <search className="mt-8 w-full max-w-xl">
      <form onSubmit={submit} className="relative flex gap-3">
        <label htmlFor="search-input" className="sr-only">
          Search products
        </label>
        <div className="relative flex-1">
          <input
            ref={inputRef}
            id="search-input"
            type="search"
            {...combobox.input}
            value={text}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(e) => type(e.target.value)}
            onKeyDown={combobox.onKeyDown}
            onBlur={combobox.close}
            placeholder="Search for dresses, rings, lipstick…"
            autoComplete="off"
            className="field rounded-full pr-11 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {text && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => {
                type('');
                inputRef.current?.focus();
              }}
              className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-full text-muted transition-colors hover:bg-linen hover:text-ink"
            >
              <CloseIcon className="size-4" />
            </button>
          )}
        </div>
        <Button type="submit">Search</Button>
        <SearchSuggestionList combobox={combobox} suggestions={suggestions} />
      </form>
    </search>
  );
}
