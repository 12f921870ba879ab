import { COLOR_SWATCHES, type Color, PRICE_RANGES } from '@shop/contract/constants';
import type { ProductFacetsResponse } from '@shop/contract/products';
import {
  FACET_VALUES,
  priceRangeKey,
  type ShopFacet,
  type ShopParams,
  toggleShopValue,
} from '@shop/contract/shop-params';
import { capitalise } from '../../lib/capitalise';
import { FacetGroup, FacetOption } from './facet-option';

const PRICE_LABELS = new Map(PRICE_RANGES.map((range) => [priceRangeKey(range), range.label]));

/** What each value of a facet is called on the page. */
const LABEL_OF: Record<ShopFacet, (value: string) => string> = {
  category: capitalise,
  color: capitalise,
  size: (size) => (/^\d+$/.test(size) ? `Ring ${size}` : size),
  price: (key) => PRICE_LABELS.get(key) ?? key,
};

const LEGEND_OF: Record<ShopFacet, string> = {
  category: 'Category',
  color: 'Color',
  size: 'Size',
  price: 'Price Range',
};

export interface ShopFiltersProps {
  params: ShopParams;
  /** Each value's count under the other facets' choice; absent until they first arrive. */
  facets: ProductFacetsResponse | undefined;
  /** The counts are being asked again for a newer choice. */
  facetsStale?: boolean;
  onChange: (change: Partial<ShopParams>) => void;
  onClear: () => void;
}

function Facet({
  facet,
  params,
  facets,
  facetsStale = false,
  onChange,
}: Omit<ShopFiltersProps, 'onClear'> & { facet: ShopFacet }) {
  const counts = new Map<string, number>(facets?.[facet].map(({ value, count }) => [value, count]));
  const ticked: readonly string[] = params[facet];
  const allDisabled = ticked.length === 0 && counts.size > 0 && [...counts.values()].every((n) => n === 0);
  return (
    <FacetGroup legend={LEGEND_OF[facet]} wrap={facet === 'size'} allDisabled={allDisabled}>
      {FACET_VALUES[facet].map((value) => (
        <FacetOption
          key={value}
          name={LABEL_OF[facet](value)}
          chip={facet === 'size'}
          checked={ticked.includes(value)}
          count={facets ? (counts.get(value) ?? 0) : undefined}
          stale={facetsStale}
          onToggle={(checked) => onChange(toggleShopValue(params, facet, value as never, checked))}
        >
          {facet === 'color' && (
            <span
              aria-hidden="true"
              className="size-4 shrink-0 rounded-full border border-ink/10"
              style={{ background: COLOR_SWATCHES[value as Color] }}
            />
          )}
        </FacetOption>
      ))}
    </FacetGroup>
  );
}

/**
 * Checkbox groups for category, colour, size and price range, each value with how many products ticking
 * it would give; several values of a facet are any of them, facets narrow together. Then "In stock only"
 * and Clear Filters.
 */
export function ShopFilters({ params, facets, facetsStale, onChange, onClear }: ShopFiltersProps) {
  const facetProps = { params, facets, facetsStale, onChange };
  return (
    <div className="space-y-5 lg:space-y-6">
      <Facet facet="category" {...facetProps} />
      <Facet facet="color" {...facetProps} />
      <Facet facet="size" {...facetProps} />
      <Facet facet="price" {...facetProps} />
      <label className="flex cursor-pointer items-center justify-between gap-3 text-sm text-ink lg:border-b lg:border-sand lg:pb-6">
        In stock only
        <input
          type="checkbox"
          role="switch"
          aria-checked={params.inStock}
          checked={params.inStock}
          onChange={(e) => onChange({ inStock: e.target.checked })}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative h-6 w-11 shrink-0 rounded-full bg-sand transition-colors peer-checked:bg-ink peer-focus-visible:ring-2 peer-focus-visible:ring-clay peer-focus-visible:ring-offset-2 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        />
      </label>
      <button type="button" onClick={onClear} className="btn btn-outline btn-sm lg:w-full">
        Clear Filters
      </button>
    </div>
  );
}
