import { toDollars } from '@shop/contract/money';
import type { Product, ProductColour } from '@shop/contract/products';
import type { products } from '../../db/schema';
import type { VariantRow } from '../inventory/inventory.service';
import type { ColourRow } from './product-colours.queries';

export type ProductRow = typeof products.$inferSelect;

type SizeFields = Pick<VariantRow, 'color' | 'size' | 'sku' | 'onHand' | 'reserved' | 'position'>;
type ColourFields = Pick<ColourRow, 'color' | 'name' | 'swatch' | 'priceCents' | 'pictures'>;

export function toColourDto(colour: ColourFields): ProductColour {
  return {
    color: colour.color,
    name: colour.name,
    swatch: colour.swatch,
    price: colour.priceCents === null ? null : toDollars(colour.priceCents),
    pictures: colour.pictures.map((p) => ({ url: p.url, alt: p.alt })),
  };
}

/**
 * A product with its colours (in their order) and their sizes, colour by colour, each in scale order; a
 * size's available count never shows below zero.
 */
export function toProductDto(
  row: ProductRow,
  variants: readonly SizeFields[],
  colours: readonly ColourFields[],
): Product {
  const colourAt = (v: SizeFields) => colours.findIndex((c) => c.color === v.color);
  const sizes = [...variants]
    .sort((a, b) => colourAt(a) - colourAt(b) || a.position - b.position)
    .map((v) => ({ size: v.size, colour: v.color, sku: v.sku, available: Math.max(0, v.onHand - v.reserved) }));
  return {
    _id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    price: toDollars(row.priceCents),
    oldPrice: row.oldPriceCents === null ? null : toDollars(row.oldPriceCents),
    image: row.image,
    color: row.color,
    rating: row.rating,
    reviewCount: row.reviewCount,
    author: row.authorId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sizeScale: row.sizeScale,
    colours: colours.map(toColourDto),
    variants: sizes,
    inStock: sizes.some((s) => s.available > 0),
  };
}

/** Products with their colours and sizes, in the order given. */
export function toProductDtos(
  rows: readonly ProductRow[],
  variants: readonly VariantRow[],
  colours: readonly ColourRow[],
): Product[] {
  const group = <T extends { productId: string }>(list: readonly T[]) => {
    const byProduct = new Map<string, T[]>();
    for (const item of list) byProduct.set(item.productId, [...(byProduct.get(item.productId) ?? []), item]);
    return byProduct;
  };
  const sizesOf = group(variants);
  const coloursOf = group(colours);
  return rows.map((row) => toProductDto(row, sizesOf.get(row.id) ?? [], coloursOf.get(row.id) ?? []));
}
