import { toDollars } from '@shop/contract/money';
import type { Product } from '@shop/contract/products';
import type { products } from '../../db/schema';
import type { VariantRow } from '../inventory/inventory.service';

export type ProductRow = typeof products.$inferSelect;

/** A product with its sizes (in scale order); a size's available count never shows below zero. */
export function toProductDto(
  row: ProductRow,
  variants: readonly Pick<VariantRow, 'size' | 'sku' | 'onHand' | 'reserved'>[],
): Product {
  const sizes = variants.map((v) => ({ size: v.size, colour: row.color, sku: v.sku, available: Math.max(0, v.onHand - v.reserved) }));
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
    colours: [
      { color: row.color, name: row.color, swatch: '', price: null, pictures: [{ url: row.image, alt: row.name }] },
    ],
    variants: sizes,
    inStock: sizes.some((s) => s.available > 0),
  };
}

/** Products with their sizes, in the order given: one query for the sizes of all of them. */
export function toProductDtos(rows: readonly ProductRow[], variants: readonly VariantRow[]): Product[] {
  const byProduct = new Map<string, VariantRow[]>();
  for (const v of variants) {
    const list = byProduct.get(v.productId);
    if (list) list.push(v);
    else byProduct.set(v.productId, [v]);
  }
  return rows.map((row) => toProductDto(row, byProduct.get(row.id) ?? []));
}
