import { CATEGORY_FILTERS, COLOR_FILTERS, PRICE_RANGES } from '@shop/contract/constants';
import { priceRangeKey, type ShopParams } from '@shop/contract/shop-params';
import { ALL_SIZES } from '@shop/contract/sizes';
import type { ReactNode } from 'react';
import { capitalise } from '../../lib/capitalise';
import { useScrollEdges } from '../../ui/use-scroll-edges';

/** Swatches for the colour filter; the names themselves come from the contract. */
const SWATCH: Record<(typeof COLOR_FILTERS)[number], string> = {
  all: 'conic-gradient(#1f1a16 0 25%, #a8322d 0 50%, #d8b46a 0 75%, #3e5a86 0)',
  black: '#1f1a16',
  red: '#a8322d',
  gold: '#d8b46a',
  blue: '#3e5a86',
  silver: '#c0c4c8',
  beige: '#e3d3b8',
  green: '#2f6b4f',
};

interface ShopFiltersProps {
  params: ShopParams;
  onChange: (change: Partial<ShopParams>) => void;
  onClear: () => void;
}

/** `wrap`: on wide screens the options sit side by side as chips (the many short size labels). */
function Group({ legend, wrap = false, children }: { legend: string; wrap?: boolean; children: ReactNode }) {
  const { ref, onScroll, before, after } = useScrollEdges<HTMLDivElement>();
  return (
    <fieldset className="min-w-0 lg:border-b lg:border-sand lg:pb-6">
      <legend className="mb-2 text-xs font-medium tracking-[0.16em] text-muted uppercase lg:mb-3 lg:font-display lg:text-lg lg:font-normal lg:tracking-normal lg:text-ink lg:normal-case">
        {legend}
      </legend>
      {/* Small screens: one row of chips per group, scrolled sideways, its edge faded where more chips hide. */}
      <div
        ref={ref}
        onScroll={onScroll}
        data-more-before={before || undefined}
        data-more-after={after || undefined}
        className={`edge-fade -mx-5 flex gap-2 overflow-x-auto px-5 pb-1 [scrollbar-width:none] sm:-mx-8 sm:px-8 lg:mx-0 lg:overflow-visible lg:px-0 lg:pb-0 lg:[mask-image:none] ${
          wrap ? 'lg:flex-wrap lg:gap-2' : 'lg:flex-col lg:gap-1'
        }`}
      >
        {children}
      </div>
    </fieldset>
  );
}

function Option({
  name,
  checked,
  onSelect,
  chip = false,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  /** Stays a chip on wide screens too, without the radio's circle. */
  chip?: boolean;
  children: ReactNode;
}) {
  return (
    <label
      className={`flex shrink-0 cursor-pointer items-center gap-2 rounded-full border border-sand bg-white px-3.5 py-2 text-sm whitespace-nowrap text-ink transition-colors hover:border-ink has-[:checked]:border-ink has-[:checked]:font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-clay ${
        chip
          ? 'lg:px-3 lg:py-1.5 lg:has-[:checked]:bg-ink lg:has-[:checked]:text-ivory'
          : 'lg:gap-3 lg:rounded-lg lg:border-0 lg:bg-transparent lg:px-0 lg:py-1.5 lg:hover:text-clay'
      }`}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        className={chip ? 'size-3.5 accent-clay lg:sr-only' : 'size-3.5 accent-clay lg:size-4'}
      />
      {children}
    </label>
  );
}

/**
 * Radio groups for category, color and price range, plus Clear Filters; and the size and "In stock
 * only" filters, which exist since products come in sizes.
 */
export function ShopFilters({ params, onChange, onClear }: ShopFiltersProps) {
  return (
    <div className="space-y-5 lg:space-y-6">
      <Group legend="Category">
        {CATEGORY_FILTERS.map((category) => (
          <Option
            key={category}
            name="category"
            checked={params.category === category}
            onSelect={() => onChange({ category })}
          >
            {capitalise(category)}
          </Option>
        ))}
      </Group>
      <Group legend="Color">
        {COLOR_FILTERS.map((color) => (
          <Option key={color} name="color" checked={params.color === color} onSelect={() => onChange({ color })}>
            <span
              aria-hidden="true"
              className="size-4 rounded-full border border-ink/10"
              style={{ background: SWATCH[color] }}
            />
            {capitalise(color)}
          </Option>
        ))}
      </Group>
      <Group legend="Size" wrap>
        <Option name="size" chip checked={params.size === null} onSelect={() => onChange({ size: null })}>
          All
        </Option>
        {ALL_SIZES.map((size) => (
          <Option key={size} name="size" chip checked={params.size === size} onSelect={() => onChange({ size })}>
            {/^\d+$/.test(size) ? `Ring ${size}` : size}
          </Option>
        ))}
      </Group>
      <Group legend="Price Range">
        <Option name="price" checked={params.price === null} onSelect={() => onChange({ price: null })}>
          All
        </Option>
        {PRICE_RANGES.map((range) => (
          <Option
            key={range.label}
            name="price"
            checked={params.price === priceRangeKey(range)}
            onSelect={() => onChange({ price: priceRangeKey(range) })}
          >
            {range.label}
          </Option>
        ))}
      </Group>
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
