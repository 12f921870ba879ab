import type { StockLevel } from './stock-level';

const LOOK = {
  out: { text: 'Sold out', className: 'bg-stop/10 text-stop-dark ring-stop/30' },
  low: { text: 'Low stock', className: 'bg-yellow-100 text-yellow-900 ring-yellow-300' },
} as const;

/** The low-stock mark of Manage Products and the stock table; nothing when the count is fine. */
export function StockBadge({ level }: { level: StockLevel }) {
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
