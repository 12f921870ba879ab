import { swatchOf } from '@shop/contract/colour-choice';
import type { ProductColour } from '@shop/contract/products';

/** A card shows this many swatches at most, and how many more there are after them. */
export const COLOUR_DOTS_MAX = 5;

/**
 * A product's colours as small dots under its card. The dots are for the eye; a screen reader hears only
 * how many colours there are.
 */
export function ColourDots({ colours }: { colours: readonly ProductColour[] }) {
  if (colours.length < 2) return null;
  const shown = colours.slice(0, COLOUR_DOTS_MAX);
  const more = colours.length - shown.length;
  return (
    <div className="flex items-center gap-1.5">
      <span aria-hidden="true" className="flex items-center gap-1">
        {shown.map((colour) => (
          <span
            key={colour.color}
            title={colour.name}
            style={{ backgroundColor: swatchOf(colour) }}
            className="block size-3 rounded-full border border-ink/15"
          />
        ))}
        {more > 0 && <span className="ml-0.5 text-[0.7rem] text-muted">+{more}</span>}
      </span>
      <span className="sr-only">{colours.length} colours</span>
    </div>
  );
}
