import { toDollars } from '@shop/contract/money';
import type { Product } from '@shop/contract/products';
import type { products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;

export function toProductDto(row: ProductRow): Product {
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
  };
}
