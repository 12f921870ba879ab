import { COLORS, type Color } from '@shop/contract/constants';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../ui/button';
import { PlusIcon } from '../../ui/icons';
import { ProductColoursFields } from './product-colours-fields';
import { type ColoursFormValues, colourValue, newColourValue } from './product-colours-values';
import type { ProductFormValues } from './product-form-values';

type ProductFormState = UseFormReturn<ProductFormValues>;

/**
 * Turns a new product of one colour into one of several: the Color and Image already given become the first
 * colour and its first picture, and a second colour follows, ready for its pictures.
 */
export function MoreColoursButton({ form }: { form: ProductFormState }) {
  function start() {
    const { color, image, name } = form.getValues();
    const own = (COLORS as readonly string[]).includes(color) ? (color as Color) : undefined;
    const first = own ? colourValue(own, image ? [{ url: image, alt: name.trim() || own }] : []) : newColourValue([]);
    form.setValue('colours', [first, newColourValue([first.color])]);
  }
  return (
    <Button variant="outline" size="sm" className="mt-3" onClick={start}>
      <PlusIcon className="size-4" />
      Sell it in more colours
    </Button>
  );
}

/** A new product's colours, each with its key, name, swatch, own price and pictures, in the shop's order. */
export function NewProductColours({ form }: { form: ProductFormState }) {
  return (
    <section aria-labelledby="product-colours-heading" className="min-w-0 sm:col-span-2">
      <h2 id="product-colours-heading" className="font-display text-lg text-ink">
        Colours and pictures
      </h2>
      <p className="mb-4 mt-1 text-sm text-muted">
        The first colour is the product's own: its first picture is the one the shop lists. Every colour comes in the
        sizes below, with the stock given for each.
      </p>
      {/* The editor reads and writes only `colours`, which the product form holds in the editor's own shape. */}
      <ProductColoursFields form={form as unknown as UseFormReturn<ColoursFormValues>} />
    </section>
  );
}
