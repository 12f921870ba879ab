import { swatchOf } from '@shop/contract/colour-choice';
import { formatMoney } from '@shop/contract/money';
import type { ProductColour } from '@shop/contract/products';
import { useId } from 'react';

interface ColourSwatchesProps {
  colours: readonly ProductColour[];
  chosen: ProductColour;
  /** The product's own price: a colour whose price differs says its own beneath its swatch. */
  price: number;
  onChoose: (colour: ProductColour['color']) => void;
}

/**
 * The colours as round swatches (radio inputs underneath, so the arrow keys move between them), each
 * named by its colour; the chosen one is ringed and named in the group's title.
 */
export function ColourSwatches({ colours, chosen, price, onChoose }: ColourSwatchesProps) {
  const id = useId();
  return (
    <fieldset>
      <legend className="field-label">
        Colour: <span className="text-ink normal-case tracking-normal">{chosen.name}</span>
      </legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {colours.map((colour) => {
          const ownPrice = colour.price !== null && colour.price !== price ? colour.price : null;
          const priceId = `${id}-${colour.color}`;
          return (
            <label key={colour.color} className="flex cursor-pointer flex-col items-center gap-1">
              <input
                type="radio"
                name={`colour-${id}`}
                value={colour.color}
                aria-label={colour.name}
                aria-describedby={ownPrice === null ? undefined : priceId}
                checked={colour.color === chosen.color}
                onChange={() => onChoose(colour.color)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                title={colour.name}
                style={{ backgroundColor: swatchOf(colour) }}
                className="block size-9 rounded-full border border-ink/15 ring-offset-2 ring-offset-ivory transition-shadow peer-checked:ring-2 peer-checked:ring-ink peer-focus-visible:ring-2 peer-focus-visible:ring-clay hover:ring-2 hover:ring-sand"
              />
              {ownPrice !== null && (
                <span id={priceId} className="text-xs text-muted tabular-nums">
                  {formatMoney(ownPrice)}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
