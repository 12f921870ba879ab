import type { ShortItem } from '@shop/contract/inventory';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { limitToAvailable } from '../../features/cart/cart.slice';
import { CartPanel } from '../../features/cart/cart-panel';
import { useCart } from '../../features/cart/use-cart';
import { useCheckout } from '../../features/checkout/use-checkout';
import { DiscountCodeField } from '../../features/discounts/discount-code-field';
import { useAppliedDiscount } from '../../features/discounts/use-applied-discount';
import { useAppDispatch } from '../../lib/hooks';
import { logout } from '../../lib/session-actions';

/**
 * The cart panel (cart) wired to checkout (checkout), its discount code (discounts) and the session (auth);
 * stock that ran short updates the cart.
 */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const { products } = useCart();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const onSessionEnded = useCallback(() => dispatch(logout()), [dispatch]);
  const onShortStock = useCallback(
    (shortItems: readonly ShortItem[]) => dispatch(limitToAvailable(shortItems)),
    [dispatch],
  );
  const discount = useAppliedDiscount(products, Boolean(user));
  const checkout = useCheckout({ onSessionEnded, onShortStock, onDiscountRefused: discount.recheck });

  const onCheckout = () => {
    if (!user) {
      onClose();
      const notice = 'Checkout needs an account. Please log in or register; your cart will be waiting.';
      navigate(paths.login.href(), { state: { notice } });
      return;
    }
    // Only a code the server accepted for this cart goes with it; a refused one is shown, not sent.
    const discountCode = discount.check?.code;
    void checkout.start({ product: products, userId: user._id, ...(discountCode ? { discountCode } : {}) });
  };

  return (
    <CartPanel
      open={open}
      onClose={() => {
        checkout.clearProblem();
        onClose();
      }}
      onCheckout={onCheckout}
      checkingOut={checkout.busy}
      checkoutError={checkout.problem}
      discounted={discount.check}
      discountField={
        <DiscountCodeField
          code={discount.code}
          check={discount.check}
          problem={discount.problem}
          checking={discount.checking}
          onApply={(code) => {
            checkout.clearProblem();
            discount.apply(code);
          }}
          onRemove={() => {
            checkout.clearProblem();
            discount.remove();
          }}
          disabled={checkout.busy}
        />
      }
    />
  );
}
