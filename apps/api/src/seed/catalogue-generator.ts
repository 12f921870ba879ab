import { randomUUID } from 'node:crypto';
import { CATEGORIES, type Category, COLOR_SWATCHES, COLORS, type Color } from '@shop/contract/constants';
import { SIZE_SCALES } from '@shop/contract/inventory';
import type { productColours, products, productVariants } from '../db/schema';
import { newVariant } from '../modules/inventory/inventory.service';
import { colourName } from '../modules/products/product-colours';
import { between, pick, type Rng } from './art/palette';

/** A generated product; its colours (the first its `color`) are written as rows of their own. */
export type ProductRow = typeof products.$inferInsert & { id: string; createdAt: Date; colourKeys?: Color[] };

const DAY = 24 * 60 * 60 * 1000;

const SHADE_WORDS: Record<Color, readonly string[]> = {
  black: ['Noir', 'Onyx', 'Jet', 'Midnight', 'Ebony'],
  red: ['Scarlet', 'Crimson', 'Cherry', 'Ruby', 'Poppy'],
  gold: ['Golden', 'Gilded', 'Honey', 'Amber', 'Mustard'],
  blue: ['Navy', 'Cobalt', 'Sapphire', 'Azure', 'Indigo'],
  silver: ['Silver', 'Pewter', 'Moonlight', 'Platinum', 'Pearl Grey'],
  beige: ['Sand', 'Oat', 'Camel', 'Nude', 'Stone'],
  green: ['Emerald', 'Sage', 'Olive', 'Forest', 'Jade'],
};

interface CategoryWords {
  nouns: readonly string[];
  materials: readonly string[];
  /** Typical price band in dollars; prices spread evenly on a log scale inside it. */
  price: readonly [number, number];
  lines: readonly string[];
}

const WORDS: Record<Category, CategoryWords> = {
  dress: {
    nouns: [
      'Slip Dress',
      'Wrap Dress',
      'Midi Dress',
      'Maxi Dress',
      'Shirt Dress',
      'Sundress',
      'Evening Gown',
      'Shift Dress',
      'Tea Dress',
      'Smock Dress',
      'Sweater Dress',
      'Mini Dress',
    ],
    materials: ['Silk', 'Satin', 'Linen', 'Cotton', 'Jersey', 'Crepe', 'Velvet', 'Chiffon', 'Poplin', 'Knit'],
    price: [25, 480],
    lines: [
      'It moves beautifully and packs without creasing.',
      'Cut to flatter, with a comfortable fit all day.',
      'Dress it up with heels or down with sneakers.',
      'Fully lined, with French seams inside.',
    ],
  },
  accessories: {
    nouns: [
      'Tote',
      'Crossbody Bag',
      'Clutch',
      'Shoulder Bag',
      'Belt',
      'Sun Hat',
      'Fedora',
      'Beanie',
      'Scarf',
      'Sunglasses',
      'Wallet',
      'Hair Clip',
    ],
    materials: ['Leather', 'Suede', 'Straw', 'Wool', 'Silk', 'Canvas', 'Raffia', 'Cashmere'],
    price: [12, 420],
    lines: [
      'Finished with polished hardware.',
      'The finishing touch for every outfit.',
      'Made to be used every day for years.',
      'Arrives in a gift-ready box.',
    ],
  },
  jewellery: {
    nouns: [
      'Ring',
      'Pendant Necklace',
      'Chain Necklace',
      'Hoop Earrings',
      'Drop Earrings',
      'Stud Earrings',
      'Bangle',
      'Cuff Bracelet',
      'Charm Bracelet',
      'Anklet',
    ],
    materials: ['Sterling Silver', 'Gold Vermeil', 'Pearl', 'Crystal', 'Rose Gold', 'Enamel'],
    price: [15, 900],
    lines: [
      'Hypoallergenic and nickel-free.',
      'Polished by hand for a mirror shine.',
      'Layers beautifully with other pieces.',
      'A gift they will keep for years.',
    ],
  },
  cosmetics: {
    nouns: [
      'Lipstick',
      'Lip Gloss',
      'Eau de Parfum',
      'Face Serum',
      'Nail Polish',
      'Blush Compact',
      'Pressed Powder',
      'Eye Palette',
      'Night Cream',
      'Mascara',
    ],
    materials: ['Silk', 'Velvet', 'Satin', 'Matte', 'Dewy', 'Hydrating', 'Radiant'],
    price: [8, 260],
    lines: [
      'Vegan and cruelty-free.',
      'Dermatologist tested for sensitive skin.',
      'A little goes a long way.',
      'In refillable packaging.',
    ],
  },
};

const STYLES = [
  'classic',
  'everyday',
  'signature',
  'relaxed',
  'tailored',
  'vintage',
  'modern',
  'luxe',
  'soft',
  'statement',
  'minimal',
  'romantic',
];

/** Dollars to cents ending in .99 or .00, as shop prices do. */
function shopPrice(dollars: number, rng: Rng): number {
  const whole = Math.max(1, Math.round(dollars));
  return rng() < 0.7 ? whole * 100 - 1 : whole * 100;
}

/**
 * One made-up but plausible product: a name from shade, material and kind, a two-sentence
 * description, a price on its category's log scale and, for about a third, an old price.
 */
export function generateProduct(
  rng: Rng,
  now: number,
  imageOf: (category: Category, color: Color) => string,
): ProductRow {
  const category = pick(rng, CATEGORIES);
  const color = pick(rng, COLORS);
  const words = WORDS[category];
  const shade = pick(rng, SHADE_WORDS[color]);
  const material = pick(rng, words.materials);
  const noun = pick(rng, words.nouns);
  const style = pick(rng, STYLES);
  const [low, high] = words.price;
  const priceCents = shopPrice(Math.exp(between(rng, Math.log(low), Math.log(high))), rng);
  const onSale = rng() < 0.32;
  const createdAt = new Date(now - Math.floor(rng() * 730 * DAY));
  return {
    id: randomUUID(),
    name:
      rng() < 0.3
        ? `${style[0]?.toUpperCase()}${style.slice(1)} ${shade} ${material} ${noun}`
        : `${shade} ${material} ${noun}`,
    category,
    color,
    description:
      category === 'cosmetics'
        ? `A ${style} ${noun.toLowerCase()} with a ${material.toLowerCase()} finish, in ${shade.toLowerCase()}. ${pick(rng, words.lines)}`
        : `A ${style} ${noun.toLowerCase()} in ${material.toLowerCase()}, in a ${shade.toLowerCase()} shade. ${pick(rng, words.lines)}`,
    priceCents,
    oldPriceCents: onSale ? shopPrice((priceCents / 100) * between(rng, 1.15, 1.6), rng) : null,
    image: imageOf(category, color),
    rating: 0,
    reviewCount: 0,
    sizeScale: category === 'dress' ? 'clothing' : category === 'jewellery' && noun === 'Ring' ? 'ring' : 'one',
    colourKeys: [color, ...moreColours(rng, category, color)],
    createdAt,
    updatedAt: createdAt,
  };
}

/** Clothes, bags and jewellery come in up to three colours, two in five in one; cosmetics in one. */
function moreColours(rng: Rng, category: Category, first: Color): Color[] {
  if (category === 'cosmetics') return [];
  const roll = rng();
  const count = roll < 0.4 ? 0 : roll < 0.8 ? 1 : 2;
  const others = COLORS.filter((c) => c !== first);
  const start = Math.floor(rng() * others.length);
  return Array.from({ length: count }, (_, i) => others[(start + i * 2) % others.length] as Color);
}

/** A generated product's colours in order, each with the shared picture of its category and colour. */
export function generateColours(
  product: ProductRow,
  imageOf: (category: Category, color: Color) => string,
): (typeof productColours.$inferInsert)[] {
  return (product.colourKeys ?? [product.color]).map((color, position) => ({
    productId: product.id,
    color,
    name: colourName(color),
    swatch: COLOR_SWATCHES[color],
    position,
    pictures: [{ url: imageOf(product.category, color), alt: `${product.name} in ${colourName(color)}` }],
  }));
}

/**
 * The sizes of a generated product and their stock: one in ten sold out, a few more down to their last
 * ones, the rest a few dozen, as a catalogue looks after some weeks of selling.
 */
export function generateVariants(rng: Rng, product: ProductRow): (typeof productVariants.$inferInsert)[] {
  return (product.colourKeys ?? [product.color]).flatMap((color) =>
    SIZE_SCALES[product.sizeScale ?? 'one'].map((size) => {
      const roll = rng();
      const onHand = roll < 0.1 ? 0 : roll < 0.25 ? 1 + Math.floor(rng() * 3) : 5 + Math.floor(rng() * 56);
      return newVariant(product.id, color, size, onHand, product.color);
    }),
  );
}
