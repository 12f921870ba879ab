import type { ProductVariant } from '@shop/contract/inventory';
import { LOW_STOCK_THRESHOLD, ONE_SIZE } from '@shop/contract/sizes';

export type StockLevel = 'out' | 'low' | 'ok';

/** How an admin reads a count that can still be sold: sold out, low (at or under the threshold) or fine. */
export function stockLevel(available: number): StockLevel {
  if (available <= 0) return 'out';
  return available <= LOW_STOCK_THRESHOLD ? 'low' : 'ok';
}

export interface ProductStockSummary {
  /** What can still be sold of every size together. */
  available: number;
  /** Sold out when nothing is left; low when any size is at or under the threshold. */
  level: StockLevel;
  /** The sizes that run low or out while others still sell, for a product with sizes. */
  lowSizes: ProductVariant[];
}

/** A product's stock as Manage Products shows it in one cell. */
export function productStockSummary(variants: readonly ProductVariant[]): ProductStockSummary {
  const available = variants.reduce((sum, v) => sum + v.available, 0);
  const running = variants.filter((v) => stockLevel(v.available) !== 'ok');
  if (available === 0) return { available, level: 'out', lowSizes: [] };
  if (running.length === 0) return { available, level: 'ok', lowSizes: [] };
  return { available, level: 'low', lowSizes: running.filter((v) => v.size !== ONE_SIZE) };
}
