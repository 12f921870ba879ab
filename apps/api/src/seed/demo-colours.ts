import { COLOR_SWATCHES } from '@shop/contract/constants';
import type { productColours } from '../db/schema';
import { colourName } from '../modules/products/product-colours';
import { DEMO_CATALOGUE } from './demo-catalogue';

/** Each demo product's colour, with its drawn picture: the first and, for most, only colour it comes in. */
export function demoColourRows(
  productRows: { id: string }[],
  images: string[],
): (typeof productColours.$inferInsert)[] {
  return productRows.flatMap((product, i) => {
    const demo = DEMO_CATALOGUE[i];
    if (!demo) return [];
    return [
      {
        productId: product.id,
        color: demo.color,
        name: colourName(demo.color),
        swatch: COLOR_SWATCHES[demo.color],
        position: 0,
        pictures: [{ url: images[i] ?? '', alt: demo.name }],
      },
    ];
  });
}
