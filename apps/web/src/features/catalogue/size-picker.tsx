import type { ProductVariant } from '@shop/contract/inventory';
import { LOW_STOCK_THRESHOLD } from '@shop/contract/sizes';
import { useId } from 'react';

interface SizePickerProps {
  variants: readonly ProductVariant[];
  selected: string | null;
  onSelect: (size: string) => void;
  /** Shown under the sizes after Add to cart was pressed without one. */
  needsChoice: boolean;
}

/** What the shopper is told of the chosen size, or of choosing one. */
export function availabilityNote(variant: ProductVariant | undefined): string | null {
  if (!variant) return null;
  if (variant.available === 0) return 'Sold out';
  return variant.available <= LOW_STOCK_THRESHOLD ? `Only ${variant.available} left` : 'In stock';
}

/**
 * The sizes as buttons (radio inputs underneath, so arrow keys move between them). A sold-out size is
 * struck through and cannot be chosen; the chosen one says how many are left when that is few.
 */
export function SizePicker({ variants, selected, onSelect, needsChoice }: SizePickerProps) {
  const noteId = useId();
  const chosen = variants.find((v) => v.size === selected);
  const note = availabilityNote(chosen);
  return (
    <fieldset aria-describedby={noteId}>
      <legend className="field-label">Size</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {variants.map((variant) => {
          const soldOut = variant.available === 0;
          return (
            <label
              key={variant.size}
              className={`relative grid min-w-12 place-items-center rounded-full border px-4 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-clay has-[:focus-visible]:ring-offset-2 ${
                soldOut
                  ? 'cursor-not-allowed border-sand bg-linen/60 text-muted line-through'
                  : 'cursor-pointer border-sand bg-white text-ink hover:border-ink has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-ivory'
              }`}
            >
              <input
                type="radio"
                name="size"
                value={variant.size}
                checked={selected === variant.size}
                disabled={soldOut}
                onChange={() => onSelect(variant.size)}
                className="sr-only"
              />
              {variant.size}
              {soldOut && <span className="sr-only"> (sold out)</span>}
            </label>
          );
        })}
      </div>
      <p id={noteId} aria-live="polite" className="mt-2 min-h-5 text-sm">
        {note ? (
          <span
            className={chosen && chosen.available <= LOW_STOCK_THRESHOLD ? 'font-medium text-clay-dark' : 'text-muted'}
          >
            {note}
            {chosen && chosen.available > 0 ? ` in size ${chosen.size}` : ''}
          </span>
        ) : (
          <span className={needsChoice ? 'font-medium text-stop-dark' : 'text-muted'}>
            {needsChoice ? 'Please choose a size first.' : 'Choose a size to add it to your cart.'}
          </span>
        )}
      </p>
    </fieldset>
  );
}
