import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/auth.slice';
import { CartPanel } from '../../features/cart/cart-panel';
import { useCheckout } from '../../features/checkout/use-checkout';
import { paths } from '../../config/paths';
import { useAppDispatch, useCart, useCurrentUser } from '../hooks';

/** The cart panel (cart) wired to checkout (checkout) and the session (auth). */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const { products } = useCart();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const onSessionEnded = useCallback(() => dispatch(logout()), [dispatch]);
  const checkout = useCheckout(onSessionEnded);

  const onCheckout = () => {
    if (!user) {
      onClose();
      const notice = 'Checkout needs an account. Please log in or register; your cart will be waiting.';
      navigate(paths.login.href(), { state: { notice } });
      return;
    }
    void checkout.start({ product: products, userId: user._id });
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
    />
  );
}
