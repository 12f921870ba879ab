import { formatMoney } from '@shop/contract/money';
import type { OrderDiscount } from '@shop/contract/orders';

/** One line under an order in a table: the discount code it was bought with and what it took off. */
export function DiscountNote({ discount }: { discount: OrderDiscount | null }) {
  if (!discount) return null;
  return (
    <span className="mt-1 block font-sans text-xs whitespace-nowrap text-go-dark">
      Code <span className="font-mono font-medium tracking-wide">{discount.code}</span> · −
      {formatMoney(discount.amount)}
    </span>
  );
}
