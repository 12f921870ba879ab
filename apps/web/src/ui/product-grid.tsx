import type { Product } from '@shop/contract/products';
import { ItemList } from './item-list';
import { ProductCard } from './product-card';

export interface ProductGridProps {
  products: readonly Product[];
  onAddToCart: (product: Product) => void;
  /** How many leading cards are above the fold: their first image is the LCP candidate. */
  priorityCount?: number;
  className?: string;
  /** The colours the shop's filter asks for, which each card shows when its product comes in one. */
  colourFilter?: readonly string[];
}

export const PRODUCT_GRID_CLASS = 'grid grid-cols-2 gap-x-4 gap-y-10 sm:grid-cols-3 sm:gap-x-6 lg:grid-cols-4';

export function ProductGrid({
  products,
  onAddToCart,
  priorityCount = 0,
  className = '',
  colourFilter,
}: ProductGridProps) {
  return (
    <ItemList items={products} itemKey={(product) => product._id} className={`${PRODUCT_GRID_CLASS} ${className}`}>
      {(product, index) => (
        <ProductCard
          product={product}
          onAddToCart={onAddToCart}
          priority={index < priorityCount}
          colourFilter={colourFilter}
        />
      )}
    </ItemList>
  );
}
