import { ORDER_MESSAGES } from '@shop/contract/orders';
import { apiErrorMessage, apiErrorStatus, isNetworkError } from '../../lib/api-error';

export interface PaymentProblem {
  title: string;
  help: string;
  /** Whether trying the same confirmation again can help. */
  retry: boolean;
  loginNeeded?: boolean;
}

/** A failed confirmation is logged, and the shopper is told what it means for them and their money. */
export function confirmationProblem(error: unknown): PaymentProblem {
  if (isNetworkError(error)) {
    return {
      title: 'We could not confirm your payment yet',
      help: 'The shop could not be reached. If you paid, your payment is safe: check your connection and try again.',
      retry: true,
    };
  }
  const status = apiErrorStatus(error);
  const message = apiErrorMessage(error);
  if (status === 401) {
    return {
      title: 'Please log in to see your order',
      help: 'Log in with the account you paid with, and your order will be shown here.',
      retry: false,
      loginNeeded: true,
    };
  }
  if (message === ORDER_MESSAGES.unpaid) {
    return {
      title: 'Your payment was not completed',
      help: 'No order was placed and you have not been charged. Your cart is kept, so you can check out again.',
      retry: false,
    };
  }
  if (message === ORDER_MESSAGES.expired) {
    return { title: 'This checkout has expired', help: message, retry: false };
  }
  if (status === 404 || status === 400 || status === 403) {
    return {
      title: 'We could not find this payment',
      help: 'The link may be incomplete or belong to another account. Your cart is kept; check out again if you have not paid.',
      retry: false,
    };
  }
  return {
    title: 'We could not confirm your payment yet',
    help: 'Something went wrong on our side. If you paid, your order is safe: try again in a moment.',
    retry: true,
  };
}
