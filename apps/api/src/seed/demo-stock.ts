import { ONE_SIZE, SIZE_SCALES, type SizeScale } from '@shop/contract/inventory';
import type { DemoProduct } from './demo-catalogue';
import { seedOf } from './seed-images';

/** The one demo product that has sold out in every size, so the shop shows what that looks like. */
export const SOLD_OUT_DEMO_PRODUCT = 'Sage Cotton A-Line Dress';

export function demoSizeScale(product: DemoProduct): SizeScale {
  if (product.category === 'dress') return 'clothing';
  return product.category === 'jewellery' && product.art === 'ring' ? 'ring' : 'one';
}

/**
 * Stock that looks like a shop's a few weeks in, the same at every start: most sizes with a handful to a
 * few dozen, some down to their last one or two, some sold out.
 */
export function demoStock(product: DemoProduct): { size: string; onHand: number }[] {
  const scale = demoSizeScale(product);
  const seed = seedOf(`${product.name} stock`);
  return SIZE_SCALES[scale].map((size, i) => {
    if (product.name === SOLD_OUT_DEMO_PRODUCT) return { size, onHand: 0 };
    const roll = (seed >>> (i * 3)) % 8;
    if (size === ONE_SIZE) return { size, onHand: 6 + (seed % 40) };
    // One roll in eight sells the size out, two leave its last one or two.
    const onHand = roll === 0 ? 0 : roll <= 2 ? roll : 4 + ((seed >>> (i * 5)) % 18);
    return { size, onHand };
  });
}
