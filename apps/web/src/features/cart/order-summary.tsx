import { SHIPPING_AT_CHECKOUT_NOTE, TAX_PERCENT } from '@shop/contract/constants';
import { formatMoney } from '@shop/contract/money';
import { useAppDispatch } from '../../lib/hooks';
import { Button } from '../../ui/button';
import { clearCart } from './cart.slice';
import { useCart } from './use-cart';

/** The cart's totals with a discount code, as the server priced them (dollars). */
export interface DiscountedTotals {
  code: string;
  subtotal: number;
  discount: number;
  tax: number;
  grandTotal: number;
}

interface OrderSummaryProps {
  onCheckout: () => void;
  checkingOut: boolean;
  /** With a code applied: the server's figures, which the checkout will charge. */
  discounted?: DiscountedTotals | null;
}

/**
 * Selected Items, Total Price, Tax, Grand Total, Clear Cart and Proceed Checkout; that shipping is
 * added at checkout, where its method is chosen; and a discount code's amount, taken off before tax.
 */
export function OrderSummary({ onCheckout, checkingOut, discounted }: OrderSummaryProps) {
  const cart = useCart();
  const dispatch = useAppDispatch();
  const rows = [
    { label: 'Selected Items', value: String(cart.selectedItems) },
    { label: 'Total Price', value: formatMoney(discounted?.subtotal ?? cart.totalPrice) },
    ...(discounted
      ? [{ label: `Discount (${discounted.code})`, value: `−${formatMoney(discounted.discount)}`, saving: true }]
      : []),
    { label: `Tax (${TAX_PERCENT}%)`, value: formatMoney(discounted?.tax ?? cart.tax) },
  ];
  return (
    <section aria-labelledby="order-summary-title" className="rounded-2xl bg-linen p-5">
      <h3 id="order-summary-title" className="font-display text-lg text-ink">
        Order Summary
      </h3>
      <dl className="mt-3 space-y-2 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4">
            <dt className="text-muted">{row.label}</dt>
            <dd className={`tabular-nums ${'saving' in row ? 'font-medium text-go-dark' : ''}`}>{row.value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-sand pt-3 text-base font-semibold">
          <dt>Grand Total</dt>
          <dd className="tabular-nums">{formatMoney(discounted?.grandTotal ?? cart.grandTotal)}</dd>
        </div>
      </dl>
      {/* The method is chosen on the hosted checkout, which adds its price to this total. */}
      <p className="mt-2 text-xs text-muted">{SHIPPING_AT_CHECKOUT_NOTE}</p>
      <div className="mt-5 grid grid-cols-1 gap-3 min-[350px]:grid-cols-[auto_1fr]">
        <Button
          variant="stop"
          onClick={() => dispatch(clearCart())}
          disabled={checkingOut}
          className="px-4 whitespace-nowrap"
        >
          Clear Cart
        </Button>
        <Button variant="go" onClick={onCheckout} busy={checkingOut} className="px-4 whitespace-nowrap">
          Proceed Checkout
        </Button>
      </div>
    </section>
  );
}
