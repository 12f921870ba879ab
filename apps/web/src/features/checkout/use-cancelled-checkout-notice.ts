import { CHECKOUT_CANCELLED_PARAM } from '@shop/contract/orders';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useToast } from '../../ui/toast';

/**
 * The hosted checkout's Cancel comes back to the shop with `?checkout=cancelled`: the shopper is told
 * nothing was charged and the cart is still there, and the address loses the flag (a reload says it
 * once only).
 */
export function useCancelledCheckoutNotice(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const notify = useToast();
  const cancelled = searchParams.get(CHECKOUT_CANCELLED_PARAM.name) === CHECKOUT_CANCELLED_PARAM.value;
  useEffect(() => {
    if (!cancelled) return;
    notify('Checkout cancelled. Nothing was charged, and your cart is still here.', 'info');
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(CHECKOUT_CANCELLED_PARAM.name);
        return next;
      },
      { replace: true },
    );
  }, [cancelled, notify, setSearchParams]);
}
