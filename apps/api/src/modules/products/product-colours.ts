import { COLOR_SWATCHES, type Color } from '@shop/contract/constants';
import type { VariantStockInput } from '@shop/contract/inventory';
import { toCents } from '@shop/contract/money';
import { COLOUR_MESSAGES, type ProductColourInput, type ProductInput } from '@shop/contract/products';
import type { Transaction } from '../../db/client';
import { invalid } from '../../platform/errors';
import { addOpeningStock, type VariantRow } from '../inventory/inventory.service';
import {
  type ColourRow,
  coloursOfProducts,
  insertColours,
  type NewColour,
  updateColour,
} from './product-colours.queries';

// The colours a product comes in: each is written with its sizes, so no colour is ever listed without one.

/** A colour's name as the shop shows it when the admin gave none: `Red` for red. */
export const colourName = (color: Color) => color.charAt(0).toUpperCase() + color.slice(1);

/** The colours a new product is given; without any, its `color` with its `image` as the one picture. */
export function coloursOfInput(input: ProductInput): ProductColourInput[] {
  return input.colours ?? [{ color: input.color, pictures: [{ url: input.image, alt: input.name }] }];
}

export function colourRow(productId: string, colour: ProductColourInput, position: number): NewColour {
  return {
    productId,
    color: colour.color,
    name: colour.name ?? colourName(colour.color),
    swatch: colour.swatch ?? COLOR_SWATCHES[colour.color],
    priceCents: typeof colour.price === 'number' ? toCents(colour.price) : null,
    position,
    pictures: colour.pictures.map((p) => ({ url: p.url, alt: p.alt })),
  };
}

/**
 * Writes the colours after the product's first (`madeIn`) with their sizes. A colour given no sizes gets
 * `defaultSizes`: for a new product, the product's own sizes; for one added later, its first colour's, with
 * none in stock until the admin stocks them.
 */
export async function addColours(
  tx: Transaction,
  productId: string,
  colours: readonly { input: ProductColourInput; position: number }[],
  madeIn: Color,
  defaultSizes: readonly VariantStockInput[] | undefined,
  actorId: string | null,
): Promise<{ colours: ColourRow[]; variants: VariantRow[] }> {
  const rows = await insertColours(
    tx,
    colours.map((c) => colourRow(productId, c.input, c.position)),
  );
  const variants: VariantRow[] = [];
  for (const { input } of colours) {
    const sizes = input.variants ?? defaultSizes;
    variants.push(...(await addOpeningStock(tx, productId, { color: input.color, madeIn }, sizes, actorId)));
  }
  return { colours: rows, variants };
}

/**
 * An edit of the product's colour or picture, as the original client's form makes it, edits its first
 * colour: its key (its sizes follow) and its first picture. A colour the product has already is refused.
 */
export async function editFirstColour(tx: Transaction, productId: string, edit: { color?: Color; image?: string }) {
  if (edit.color === undefined && edit.image === undefined) return;
  const [first, ...others] = await coloursOfProducts(tx, [productId]);
  if (!first) return;
  const taken = others.find((c) => c.color === edit.color);
  if (taken) throw invalid(COLOUR_MESSAGES.alreadyHas(colourName(taken.color)));
  const pictures =
    edit.image === undefined
      ? undefined
      : [{ url: edit.image, alt: first.pictures[0]?.alt ?? '' }, ...first.pictures.slice(1)];
  await updateColour(tx, productId, first.color, {
    color: edit.color,
    name: edit.color && edit.color !== first.color ? colourName(edit.color) : undefined,
    swatch: edit.color && edit.color !== first.color ? COLOR_SWATCHES[edit.color] : undefined,
    pictures,
  });
}
