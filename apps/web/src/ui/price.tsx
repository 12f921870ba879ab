import { formatMoney } from '@shop/contract/money';

interface PriceProps {
  price: number;
  oldPrice?: number | null;
  className?: string;
}

/** The price, with the old price struck through beside it when it is higher, so a reduction shows. */
export function Price({ price, oldPrice, className = '' }: PriceProps) {
  const showOld = oldPrice != null && oldPrice > price;
  return (
    <span className={`inline-flex items-baseline gap-2 tabular-nums ${className}`}>
      <span className={showOld ? 'text-clay' : undefined}>{formatMoney(price)}</span>
      {showOld && (
        <del className="text-[0.8em] text-muted">
          <span className="sr-only">Original price: </span>
          {formatMoney(oldPrice)}
        </del>
      )}
    </span>
  );
}
