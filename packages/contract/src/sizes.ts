import type { Category } from './constants';

/** The sizes a product can come in, by scale, smallest first. */
export const SIZE_SCALES = {
  clothing: ['XS', 'S', 'M', 'L', 'XL'],
  ring: ['5', '6', '7', '8', '9'],
  one: ['One size'],
} as const;
export type SizeScale = keyof typeof SIZE_SCALES;
export const SIZE_SCALE_NAMES = ['clothing', 'ring', 'one'] as const satisfies readonly SizeScale[];
export const SIZE_SCALE_LABELS: Record<SizeScale, string> = {
  clothing: 'Clothing (XS to XL)',
  ring: 'Ring sizes (5 to 9)',
  one: 'One size',
};

export const ONE_SIZE = 'One size';
/** Every size label of every scale, in the order a size filter lists them. */
export const ALL_SIZES = [...SIZE_SCALES.clothing, ...SIZE_SCALES.ring, ONE_SIZE] as const;
export type SizeLabel = (typeof ALL_SIZES)[number];

/**
 * The scales a category's products may use, its usual one first: dresses come in XS to XL, a piece of
 * jewellery that is a ring in ring sizes, everything else in one size. A product added without sizes
 * (the original client's form has none) is one size, whatever its category.
 */
export const CATEGORY_SIZE_SCALES: Record<Category, readonly SizeScale[]> = {
  dress: ['clothing', 'one'],
  jewellery: ['one', 'ring'],
  accessories: ['one'],
  cosmetics: ['one'],
};

/** A size with this many or fewer available shows "Only N left", and the admin sees it as low stock. */
export const LOW_STOCK_THRESHOLD = 3;
/**
 * On hand for a product added without stock figures (the original client's form has none), and what the
 * migration to sizes gave every existing product: it sold without a limit before.
 */
export const DEFAULT_OPENING_STOCK = 100;
export const MAX_STOCK = 100_000;

export const STOCK_REASONS = ['sale', 'reservation', 'release', 'adjustment', 'restock', 'return'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  sale: 'Sale',
  reservation: 'Reserved at checkout',
  release: 'Released',
  adjustment: 'Admin adjustment',
  restock: 'Restock',
  return: 'Customer return',
};

/** "Wrap Dress (M): 3 left", or "Wrap Dress (Red, size M): 3 left" in one of its colours, as a shopper reads it. */
export function describeShortItem(item: {
  name: string;
  size: string;
  colourName?: string;
  available: number;
}): string {
  const choice = item.colourName ? describeChoice(item.colourName, item.size) : item.size === ONE_SIZE ? '' : item.size;
  return `${choice ? `${item.name} (${choice})` : item.name}: ${item.available} left`;
}

/** The sizes a product of this scale is listed in, in scale order. */
export function sizesOf(scale: SizeScale): readonly string[] {
  return SIZE_SCALES[scale];
}

/** Where a size falls in its scale, for sorting a product's sizes. */
export function sizePosition(size: string): number {
  const at = (ALL_SIZES as readonly string[]).indexOf(size);
  return at === -1 ? ALL_SIZES.length : at;
}

export const INVENTORY_MESSAGES = {
  chooseSize: (name: string) => `Choose a size for ${name}`,
  noSuchSize: (name: string, size: string) => `${name} does not come in size ${size}`,
  stockChanged: (size: string, onHand: number) =>
    `The stock of size ${size} changed while you were editing: it is now ${onHand}. Check it and save again.`,
  belowReserved: (size: string, reserved: number) =>
    `${reserved} of size ${size} are held by open checkouts: the stock cannot go below that.`,
  notInScale: (size: string, scale: SizeScale) => `Size ${size} is not a ${SIZE_SCALE_LABELS[scale]} size`,
} as const;

/** What was chosen of a product, as a line reads it: "Red, size M", "Red", "Size M", or nothing for one size. */
export function describeChoice(colour: string | null | undefined, size: string | null | undefined): string {
  const sized = size && size !== ONE_SIZE ? size : undefined;
  if (colour && sized) return `${colour}, size ${sized}`;
  if (colour) return colour;
  return sized ? `Size ${sized}` : '';
}
