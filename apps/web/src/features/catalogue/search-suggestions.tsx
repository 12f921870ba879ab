import { CATEGORY_LABELS, type Category } from '@shop/contract/constants';
import type { SearchSuggestion } from '@shop/contract/search';
import { defaultShopParams, shopQuery } from '@shop/contract/shop-params';
import { paths } from '../../config/paths';
import { Price } from '../../ui/price';
import { ProductImage } from '../../ui/product-image';
import type { Combobox } from '../../ui/use-combobox';

/** Where a suggestion leads: a category to the shop showing only it, a product to its page. */
export function suggestionHref(suggestion: SearchSuggestion): string {
  if (suggestion.kind === 'product') return paths.product.href(suggestion._id);
  return `${paths.shop.href()}?${shopQuery({ ...defaultShopParams, category: [suggestion.category] })}`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function CategoryOption({ category, matches }: { category: Category; matches: number }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-lg bg-clay-soft font-display text-lg text-clay-dark"
      >
        {CATEGORY_LABELS[category].charAt(0)}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-ink">{CATEGORY_LABELS[category]}</span>
        <span className="text-xs text-muted">Category · {count(matches, 'product', 'products')}</span>
      </span>
    </>
  );
}

function ProductOption({ name, image, price }: { name: string; image: string; price: number }) {
  return (
    <>
      <ProductImage src={image} alt="" width={40} height={48} sizes="40px" className="h-12 w-10 shrink-0 rounded-lg" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-ink">{name}</span>
        <Price price={price} className="text-xs text-muted" />
      </span>
    </>
  );
}

interface SearchSuggestionListProps {
  combobox: Pick<Combobox, 'expanded' | 'listboxId' | 'optionProps'>;
  suggestions: readonly SearchSuggestion[];
}

/**
 * The suggestions under the search box, with a polite count for screen readers. The list is always in the
 * page, hidden while closed, so the box's `aria-controls` always names an element.
 */
export function SearchSuggestionList({ combobox, suggestions }: SearchSuggestionListProps) {
  const shown = combobox.expanded ? suggestions : [];
  return (
    <>
      <div
        id={combobox.listboxId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={shown.length === 0}
        className="absolute inset-x-0 top-full z-30 mt-2 max-h-[min(28rem,70vh)] overflow-y-auto rounded-2xl border border-sand bg-white py-2 text-left text-sm shadow-lg"
      >
        {shown.map((suggestion, index) => {
          const option = combobox.optionProps(index);
          return (
            <div
              key={suggestion.kind === 'product' ? suggestion._id : `category-${suggestion.category}`}
              {...option}
              className={`flex cursor-pointer items-center gap-3 px-4 py-2 ${option['aria-selected'] ? 'bg-linen' : 'hover:bg-ivory'}`}
            >
              {suggestion.kind === 'category' ? (
                <CategoryOption category={suggestion.category} matches={suggestion.matches} />
              ) : (
                <ProductOption name={suggestion.name} image={suggestion.image} price={suggestion.price} />
              )}
            </div>
          );
        })}
      </div>
      <p role="status" className="sr-only">
        {shown.length > 0 ? `${count(shown.length, 'suggestion', 'suggestions')} available.` : ''}
      </p>
    </>
  );
}
