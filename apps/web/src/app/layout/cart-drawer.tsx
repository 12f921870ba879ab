import type { ShortItem } from '@shop/contract/inventory';
import { useCallback } from 'react';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { limitToAvailable } from '../../features/cart/cart.slice';
import { CartPanel } from '../../features/cart/cart-panel';
import { useCart } from '../../features/cart/use-cart';
import { looksLikeEmail, useGuestEmail } from '../../features/checkout/guest-email';
import { GuestEmailField } from '../../features/checkout/guest-email-field';
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
  const onSessionEnded = useCallback(() => dispatch(logout()), [dispatch]);
  const onShortStock = useCallback(
    (shortItems: readonly ShortItem[]) => dispatch(limitToAvailable(shortItems)),
    [dispatch],
  );
  const [guestEmail, setGuestEmail] = useGuestEmail();
  // Sent only when it looks like one: the payment page asks for it otherwise, and the server checks it.
  const givenEmail = !user && looksLikeEmail(guestEmail) ? guestEmail.trim() : null;
  const discount = useAppliedDiscount(products, { loggedIn: Boolean(user), guestEmail: givenEmail });
  const checkout = useCheckout({ onSessionEnded, onShortStock, onDiscountRefused: discount.recheck });

  // Guests check out too: the order then belongs to the e-mail given here or on the payment page.
  const onCheckout = () => {
    // Only a code the server accepted for this cart goes with it; a refused one is shown, not sent.
    const discountCode = discount.check?.code;
    void checkout.start({
      product: products,
      ...(user ? { userId: user._id } : givenEmail ? { email: givenEmail } : {}),
      ...(discountCode ? { discountCode } : {}),
    });
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
      guestEmailField={
        user ? null : (
          <GuestEmailField
            email={guestEmail}
            onChange={setGuestEmail}
            required={Boolean(discount.code)}
            disabled={checkout.busy}
          />
        )
      }
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
