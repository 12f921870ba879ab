import type { ShortItem } from '@shop/contract/inventory';
import { apiErrorMessage, apiErrorStatus, isNetworkError } from '../../lib/api-error';

/** The lines a 409 says ran short, when the checkout was refused for stock. */
export function shortItemsOf(error: unknown): ShortItem[] | undefined {
  if (apiErrorStatus(error) !== 409 || !error || typeof error !== 'object' || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data as { shortItems?: unknown } | null;
  return Array.isArray(data?.shortItems) ? (data.shortItems as ShortItem[]) : undefined;
}

export interface CheckoutProblem {
  title: string;
  help: string;
}

/** True when the checkout was refused for its discount code (the server names the reason). */
export function isDiscountRefusal(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('data' in error)) return false;
  const data = (error as { data: unknown }).data as { discountProblem?: unknown } | null;
  return typeof data?.discountProblem === 'string';
}

/** These failures are logged, and the shopper is told what happened and what to do next. */
export function sessionProblem(error: unknown): CheckoutProblem {
  const title = 'We could not start your checkout';
  if (isNetworkError(error)) {
    return {
      title,
      help: 'The shop could not be reached. Check your internet connection and try again; your cart is kept.',
    };
  }
  const status = apiErrorStatus(error);
  if (status === 401) {
    return { title, help: 'Your session has ended. Please log in again, then proceed to checkout; your cart is kept.' };
  }
  if (status === 409 && shortItemsOf(error)) {
    // The server names each short line and what is left: "Wrap Dress (M): 1 left".
    return { title: 'Some items have run short', help: apiErrorMessage(error) ?? 'Your cart has been updated.' };
  }
  if (isDiscountRefusal(error)) {
    // The code changed since the cart checked it (used up, paused, expired...): the server says which.
    return {
      title: 'Your discount code could not be used',
      help: `${apiErrorMessage(error) ?? 'The code was refused.'} Remove it, or try another, to check out.`,
    };
  }
  if (status === 429) {
    return { title, help: 'Too many checkout attempts in a short time. Please wait a minute and try again.' };
  }
  const message = apiErrorMessage(error);
  if (status !== undefined && status < 500 && message) {
    // The server's refusals name the problem and the fix (a product no longer sold, say).
    return { title, help: /[.!?]$/.test(message) ? message : `${message}.` };
  }
  return { title, help: 'Something went wrong on our side. Please try again in a moment; your cart is kept.' };
}

export function providerProblem(): CheckoutProblem {
  return {
    title: 'We could not open the payment page',
    help: 'The secure payment page did not load. Please try again; if it keeps failing, refresh the page first. You have not been charged.',
  };
}

export function configProblem(): CheckoutProblem {
  return {
    title: 'Payments are unavailable right now',
    help: 'The shop could not prepare the payment. Please try again in a moment; your cart is kept.',
  };
}
