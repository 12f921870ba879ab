import { COLOR_SWATCHES, type Color } from '@shop/contract/constants';
import type { productColours } from '../db/schema';
import { colourName } from '../modules/products/product-colours';
import type { ArtSpec } from './art/product-art';
import { DEMO_CATALOGUE, type DemoProduct } from './demo-catalogue';
import { demoStock } from './demo-stock';
import { seedOf, slugify } from './seed-images';

// The demo catalogue's colours: a few dresses, bags and rings come in several, each with a gallery of
// three drawings; every other product in its one colour with its one picture.

/** The other colours of the products that come in several, by the kind of thing they are. */
const MORE_COLOURS: Partial<Record<string, readonly Color[]>> = {
  slip: ['red', 'green'],
  wrap: ['blue', 'beige'],
  gown: ['red', 'blue'],
  tote: ['beige', 'black'],
  'quilted-bag': ['red'],
  ring: ['silver'],
};
const PICTURES_PER_COLOUR = 3;

/** The product's colours, its own first: the first of each kind above comes in more. */
export function demoColoursOf(index: number): Color[] {
  const demo = DEMO_CATALOGUE[index];
  if (!demo) return [];
  const first = DEMO_CATALOGUE.findIndex((p) => p.art === demo.art);
  const more = first === index ? (MORE_COLOURS[demo.art] ?? []).filter((c) => c !== demo.color) : [];
  return [demo.color, ...more];
}

/** The pictures drawn for a product's colour beyond its own one picture, each a view of its own seed. */
export function demoGalleryRenders(): { key: string; spec: ArtSpec; slug: string }[] {
  return DEMO_CATALOGUE.flatMap((demo, index) => {
    const colours = demoColoursOf(index);
    if (colours.length < 2) return [];
    return colours.flatMap((color, c) =>
      Array.from({ length: PICTURES_PER_COLOUR }, (_, n) => n)
        .filter((n) => c > 0 || n > 0)
        .map((n) => ({
          key: `${index}/${color}/${n}`,
          spec: {
            category: demo.category,
            kind: demo.art,
            color,
            seed: seedOf(`${demo.name}/${color}/${n}`),
          } as ArtSpec,
          slug: `${slugify(demo.name)}-${color}-${n}`,
        })),
    );
  });
}

const VIEWS = ['', 'from the side', 'a detail'];

/** Each demo product's colours with their galleries; `drawn` holds the extra pictures by their key. */
export function demoColourRows(
  productRows: { id: string }[],
  images: string[],
  drawn: ReadonlyMap<string, string>,
): (typeof productColours.$inferInsert)[] {
  return productRows.flatMap((product, index) => {
    const demo = DEMO_CATALOGUE[index];
    if (!demo) return [];
    return demoColoursOf(index).map((color, position) => ({
      productId: product.id,
      color,
      name: colourName(color),
      swatch: COLOR_SWATCHES[color],
      position,
      pictures: Array.from({ length: PICTURES_PER_COLOUR }, (_, n) => ({
        url: position === 0 && n === 0 ? (images[index] ?? '') : (drawn.get(`${index}/${color}/${n}`) ?? ''),
        alt: [`${demo.name} in ${colourName(color)}`, VIEWS[n]].filter(Boolean).join(', '),
      })).filter((p) => p.url !== ''),
    }));
  });
}

/**
 * The stock of each size of each colour. A colour added to a dress has its smallest size sold out, as
 * the smallest sizes sell first: the product page then shows a sold-out size in a colour of its own.
 */
export function demoColourStock(index: number): { color: Color; size: string; onHand: number }[] {
  const demo = DEMO_CATALOGUE[index] as DemoProduct;
  return demoColoursOf(index).flatMap((color, c) =>
    demoStock(c === 0 ? demo : { ...demo, name: `${demo.name} in ${color}` }).map((s, i) => ({
      color,
      size: s.size,
      onHand: c > 0 && demo.category === 'dress' && i === 0 ? 0 : s.onHand,
    })),
  );
}
