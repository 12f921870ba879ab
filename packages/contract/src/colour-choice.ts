import { COLOR_SWATCHES } from './constants';
import type { ProductVariant } from './inventory';
import type { Product, ProductColour } from './products';

// Which of a product's colours a page shows, and what of it: the web app and the server's page hints agree.

type ColouredProduct = Pick<Product, 'name' | 'color' | 'image'> & Partial<Pick<Product, 'colours' | 'variants'>>;

/** A product's colours, its own first; an answer from before colours is one colour, the product's own. */
export function coloursOf(product: ColouredProduct): ProductColour[] {
  if (product.colours && product.colours.length > 0) return product.colours;
  return [
    {
      color: product.color,
      name: product.color,
      swatch: COLOR_SWATCHES[product.color],
      price: null,
      pictures: [{ url: product.image, alt: product.name }],
    },
  ];
}

/** The colour a key names, or the product's first when the key names none of its colours. */
export function colourOf(product: ColouredProduct, key: string | null | undefined): ProductColour {
  const colours = coloursOf(product);
  return colours.find((c) => c.color === key) ?? (colours[0] as ProductColour);
}

/** The first of the product's colours, in its own order, that any of `keys` names. */
export function firstColourAmong(product: ColouredProduct, keys: readonly string[]): ProductColour | undefined {
  return coloursOf(product).find((c) => keys.includes(c.color));
}

/** The sizes of one colour; a product of one colour has all its sizes in it, whatever they say. */
export function variantsOfColour(product: ColouredProduct, colour: ProductColour): ProductVariant[] {
  const variants = product.variants ?? [];
  if (coloursOf(product).length <= 1) return variants;
  return variants.filter((v) => v.colour === colour.color);
}

/** What a colour's swatch is painted with: its own, or the shop's for its key when it has none. */
export function swatchOf(colour: Pick<ProductColour, 'color' | 'swatch'>): string {
  return /^#[0-9a-f]{6}$/i.test(colour.swatch) ? colour.swatch : COLOR_SWATCHES[colour.color];
}

/** The colour's price: its own when it has one, else the product's. */
export const priceOfColour = (product: Pick<Product, 'price'>, colour: Pick<ProductColour, 'price'>) =>
  colour.price ?? product.price;
