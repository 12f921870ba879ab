import type { Color } from '@shop/contract/constants';
import { DEFAULT_OPENING_STOCK, ONE_SIZE, sizePosition, type VariantStockInput } from '@shop/contract/inventory';
import type { Transaction } from '../../db/client';
import { insertVariants, type NewVariant, type VariantRow } from './inventory.queries';
import { insertLedger, ledgerRow } from './stock-ledger.queries';

// A product's sizes as the shop makes them: their SKUs, and the stock a new product opens with.

/** `OS` for one size, `R7` for ring size 7, the label itself for clothing sizes. */
function sizeCode(size: string): string {
  if (size === ONE_SIZE) return 'OS';
  return /^\d+$/.test(size) ? `R${size}` : size;
}

/**
 * The shop's prefix, 16 hex digits of the product id (no collisions at any catalogue size), the colour
 * unless it is the one the product was made in (so the SKUs a product had before its colours stay), and
 * the size.
 */
export function skuOf(productId: string, size: string, addedColour?: Color): string {
  const colour = addedColour ? `${addedColour.toUpperCase()}-` : '';
  return `LB-${productId.replace(/-/g, '').slice(0, 16).toUpperCase()}-${colour}${sizeCode(size)}`;
}

/** The colour the product was made in: the one whose SKUs name no colour. */
export function madeInColourOf(sizes: readonly Pick<VariantRow, 'color' | 'sku'>[]): Color | undefined {
  return sizes.find((v) => v.sku.split('-').length === 3)?.color;
}

/** A size of a colour; `madeIn` is the colour the product was made in, whose SKUs name no colour. */
export function newVariant(
  productId: string,
  color: Color,
  size: string,
  openingOnHand: number,
  madeIn: Color = color,
): NewVariant {
  return {
    productId,
    color,
    size,
    position: sizePosition(size),
    sku: skuOf(productId, size, color === madeIn ? undefined : color),
    openingOnHand,
    onHand: openingOnHand,
  };
}

/**
 * The sizes a new product starts with. Given sizes start at zero and their stock arrives as a restock by
 * the admin, so the ledger says who stocked them; a product given none is one size with the default
 * stock, as the original client's form makes them.
 */
export async function addOpeningStock(
  tx: Transaction,
  productId: string,
  colour: { color: Color; madeIn: Color },
  variants: readonly VariantStockInput[] | undefined,
  actorId: string | null,
): Promise<VariantRow[]> {
  const { color, madeIn } = colour;
  if (!variants) return insertVariants(tx, [newVariant(productId, color, ONE_SIZE, DEFAULT_OPENING_STOCK, madeIn)]);
  const rows = await insertVariants(
    tx,
    variants.map((v) => ({ ...newVariant(productId, color, v.size, 0, madeIn), onHand: v.onHand })),
  );
  await insertLedger(
    tx,
    rows.filter((row) => row.onHand > 0).map((row) => ledgerRow(row.id, 'restock', { onHand: row.onHand }, actorId)),
  );
  return rows;
}
