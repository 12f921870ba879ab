import type { ShortItem } from '@shop/contract/inventory';
import type { CheckoutRequest, CheckoutResponse, PaymentConfig } from '@shop/contract/orders';
import { useCallback, useState } from 'react';
import { apiErrorStatus } from '../../lib/api-error';
import { useCreateCheckoutSessionMutation, useLazyGetPaymentConfigQuery } from './checkout.api';
import {
  type CheckoutProblem,
  configProblem,
  isDiscountRefusal,
  providerProblem,
  sessionProblem,
  shortItemsOf,
} from './checkout-errors';
import { loadStripe } from './load-stripe';

export interface CheckoutCallbacks {
  /** The server no longer knows the session (it ended): the app logs the shopper out. */
  onSessionEnded: () => void;
  /** Some lines could not be held (409): the cart takes what is left of them. */
  onShortStock: (shortItems: readonly ShortItem[]) => void;
  /** The discount code was refused since the cart checked it: the cart asks again, to say why. */
  onDiscountRefused?: () => void;
}

/**
 * Checkout: load the payment provider, create the session on the server, send the browser to the
 * provider's hosted page. The cart is left alone; it is cleared once the payment is confirmed.
 */
export function useCheckout({ onSessionEnded, onShortStock, onDiscountRefused }: CheckoutCallbacks) {
  const [getConfig] = useLazyGetPaymentConfigQuery();
  const [createSession] = useCreateCheckoutSessionMutation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);

  const start = useCallback(
    async (request: CheckoutRequest) => {
      setBusy(true);
      setProblem(null);
      const fail = (p: CheckoutProblem) => {
        setProblem(p);
        setBusy(false);
      };

      let config: PaymentConfig;
      try {
        config = await getConfig(undefined, true).unwrap();
      } catch (error) {
        console.error('Failed to load the payment configuration', error);
        return fail(configProblem());
      }
      const stripe = config.provider === 'stripe' && config.publishableKey ? loadStripe(config.publishableKey) : null;
      // Loading is started before the session call so both wait at the same time; a failure is read below.
      stripe?.catch(() => {});

      let session: CheckoutResponse;
      try {
        session = await createSession(request).unwrap();
      } catch (error) {
        console.error('Failed to create checkout session', error);
        if (apiErrorStatus(error) === 401) onSessionEnded();
        const short = shortItemsOf(error);
        if (short) onShortStock(short);
        if (isDiscountRefusal(error)) onDiscountRefused?.();
        return fail(sessionProblem(error));
      }

      if (stripe) {
        try {
          const client = await stripe;
          if (client.redirectToCheckout) {
            const result = await client.redirectToCheckout({ sessionId: session.id });
            if (result.error) throw new Error(result.error.message ?? 'Stripe redirect failed');
            return;
          }
        } catch (error) {
          console.error('The payment provider could not redirect', error);
          return fail(providerProblem());
        }
      }
      // Leaving the page: the button stays busy until the browser has gone.
      window.location.assign(session.url);
    },
    [getConfig, createSession, onSessionEnded, onShortStock, onDiscountRefused],
  );

  return { start, busy, problem, clearProblem: useCallback(() => setProblem(null), []) };
}
