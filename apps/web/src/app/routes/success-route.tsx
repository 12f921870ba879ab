import { useCallback } from 'react';
import { clearCart } from '../../features/cart/cart.slice';
import { forgetAppliedCode } from '../../features/discounts/applied-discount.storage';
import { PaymentSuccess } from '../../features/orders/payment-success';
import { useAppDispatch } from '../../lib/hooks';

/** The cart (and the discount code applied to it) is emptied only once the server has confirmed the payment. */
export function SuccessRoute() {
  const dispatch = useAppDispatch();
  const onConfirmed = useCallback(() => {
    dispatch(clearCart());
    forgetAppliedCode();
  }, [dispatch]);
  return <PaymentSuccess onConfirmed={onConfirmed} />;
}
