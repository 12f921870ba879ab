import { describe, expect, it } from 'vitest';
import { productStockSummary, stockLevel } from './stock-level';

const size = (label: string, available: number) => ({
  size: label,
  colour: 'black' as const,
  sku: `SKU-${label}`,
  available,
});

describe('stock levels on the admin screens', () => {
  it('reads a count as sold out, low at or under the threshold of 3, or fine', () => {
    expect([0, 1, 3, 4].map(stockLevel)).toEqual(['out', 'low', 'low', 'ok']);
  });

  it('marks a product low when one size runs low or out while others sell, naming those sizes', () => {
    expect(productStockSummary([size('S', 0), size('M', 2), size('L', 12)])).toEqual({
      available: 14,
      level: 'low',
      lowSizes: [size('S', 0), size('M', 2)],
    });
  });

  it('marks a product sold out when no size is left, and fine when every size has more than 3', () => {
    expect(productStockSummary([size('S', 0), size('M', 0)])).toMatchObject({ available: 0, level: 'out' });
    expect(productStockSummary([size('S', 4), size('M', 9)])).toEqual({ available: 13, level: 'ok', lowSizes: [] });
  });

  it('marks a one-size product low without naming its size', () => {
    expect(productStockSummary([size('One size', 2)])).toEqual({ available: 2, level: 'low', lowSizes: [] });
  });
});
