import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Drawer } from '../../ui/drawer';
import { CloseIcon } from '../../ui/icons';
import type { DialogProps } from '../../ui/use-dialog';
import { CartItemRow } from './cart-item-row';
import { type DiscountedTotals, OrderSummary } from './order-summary';
import { useCart } from './use-cart';

interface CartPanelProps extends DialogProps {
  onCheckout: () => void;
  checkingOut: boolean;
  /** A plain-language explanation when checkout could not start. */
  checkoutError?: { title: string; help: string } | null;
  /** The discount code field, above the Order Summary whose totals it changes. */
  discountField?: ReactNode;
  /** For a shopper who is not logged in: where the receipt goes, below the discount code. */
  guestEmailField?: ReactNode;
  /** The totals with the applied code, when the server accepted it. */
  discounted?: DiscountedTotals | null;
}

export function CartPanel({
  open,
  onClose,
  onCheckout,
  checkingOut,
  checkoutError,
  discountField,
  guestEmailField,
  discounted,
}: CartPanelProps) {
  const { products } = useCart();
  const titleId = useId();
  return (
    <Drawer open={open} onClose={onClose} labelledBy={titleId}>
      <div className="flex items-center justify-between border-b border-sand px-6 py-5">
        <h2 id={titleId} className="font-display text-2xl text-ink">
          Your Cart
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close Cart"
          className="rounded-full p-2 text-muted transition-colors hover:bg-linen hover:text-ink"
        >
          <CloseIcon />
        </button>
      </div>
      {products.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
          <p className="font-display text-2xl text-ink">Your Cart Is Empty</p>
          <p className="max-w-xs text-sm text-muted">Find something you love and it will wait for you here.</p>
          <Link
            to={paths.shop.href()}
            onClick={onClose}
            className="text-sm font-medium underline decoration-taupe underline-offset-8 hover:decoration-clay"
          >
            Continue shopping
          </Link>
        </div>
      ) : (
        <>
          <ol aria-label="Cart items" className="flex-1 divide-y divide-sand overflow-y-auto px-6">
            {products.map((item, index) => (
              <CartItemRow key={item._id} item={item} index={index} onNavigate={onClose} />
            ))}
          </ol>
          <div className="border-t border-sand px-6 py-5">
            {checkoutError && (
              <div role="alert" className="mb-4 rounded-xl border border-stop/25 bg-white px-4 py-3 text-sm">
                <p className="font-medium text-stop-dark">{checkoutError.title}</p>
                <p className="mt-1 text-muted">{checkoutError.help}</p>
              </div>
            )}
            {discountField && <div className="mb-4">{discountField}</div>}
            {guestEmailField && <div className="mb-4">{guestEmailField}</div>}
            <OrderSummary onCheckout={onCheckout} checkingOut={checkingOut} discounted={discounted} />
          </div>
        </>
      )}
    </Drawer>
  );
}
