import { useCallback } from 'react';
import { clearCart } from '../../features/cart/cart.slice';
import { PaymentSuccess } from '../../features/orders/payment-success';
import { useAppDispatch } from '../../lib/hooks';

/** The cart is emptied only once the server has confirmed the payment. */
export function SuccessRoute() {
  const dispatch = useAppDispatch();
  const onConfirmed = useCallback(() => dispatch(clearCart()), [dispatch]);
  return <PaymentSuccess onConfirmed={onConfirmed} />;
}
