import { LOW_STOCK_THRESHOLD } from '@shop/contract/sizes';

/** How an admin reads a count that can still be sold: sold out, low (at or under the threshold) or fine. */
export function stockLevel(available: number): 'out' | 'low' | 'ok' {
  if (available <= 0) return 'out';
  return available <= LOW_STOCK_THRESHOLD ? 'low' : 'ok';
}

const LOOK = {
  out: { text: 'Sold out', className: 'bg-stop/10 text-stop-dark ring-stop/30' },
  low: { text: 'Low stock', className: 'bg-yellow-100 text-yellow-900 ring-yellow-300' },
} as const;

/** The low-stock mark of Manage Products and the stock table; nothing when the count is fine. */
export function StockBadge({ available }: { available: number }) {
  const level = stockLevel(available);
  if (level === 'ok') return null;
  const look = LOOK[level];
  return (
    <span
      data-stock={level}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${look.className}`}
    >
      {look.text}
    </span>
  );
}
