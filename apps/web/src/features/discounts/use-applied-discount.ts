import { skipToken } from '@reduxjs/toolkit/query';
import type { DiscountCheck, DiscountCheckRequest } from '@shop/contract/discounts';
import type { SizeLabel } from '@shop/contract/sizes';
import { useCallback, useMemo, useState } from 'react';
import { apiErrorMessage, apiErrorStatus, isNetworkError } from '../../lib/api-error';
import { loadAppliedCode, saveAppliedCode } from './applied-discount.storage';
import { useCheckDiscountCodeQuery } from './discounts.api';

/** A cart line as the check sends it: only what the server reads. */
interface CartLineLike {
  _id: string;
  quantity: number;
  size?: SizeLabel | undefined;
  sku?: string | undefined;
}

export interface AppliedDiscount {
  /** The code the shopper applied, as typed (the server answers it in capitals). */
  code: string | null;
  /** The server's figures for this cart with the code; null while none is applied or it was refused. */
  check: DiscountCheck | null;
  /** Why the code cannot be used on this cart, in the server's words. */
  problem: string | null;
  checking: boolean;
  apply: (code: string) => void;
  remove: () => void;
  /** Asks again (a checkout refused the code a moment after it was checked). */
  recheck: () => void;
}

/**
 * The discount code of the cart panel: applied, it is checked against the cart by the server and checked
 * again whenever the cart changes (a code below its minimum applies once the cart reaches it). A guest's
 * code is checked once they give the e-mail its limit per customer is counted against.
 */
export function useAppliedDiscount(
  cart: readonly CartLineLike[],
  shopper: { loggedIn: boolean; guestEmail: string | null },
): AppliedDiscount {
  const { loggedIn, guestEmail } = shopper;
  const [code, setCode] = useState<string | null>(loadAppliedCode);
  const product: DiscountCheckRequest['product'] = useMemo(
    () =>
      cart.map(({ _id, quantity, size, sku }) => ({
        _id,
        quantity,
        ...(size ? { size } : {}),
        ...(sku ? { sku } : {}),
      })),
    [cart],
  );
  const email = loggedIn ? null : guestEmail;
  const asked =
    code && (loggedIn || email) && product.length > 0 ? { code, product, ...(email ? { email } : {}) } : skipToken;
  const query = useCheckDiscountCodeQuery(asked);

  const { refetch } = query;
  const recheck = useCallback(() => {
    if (asked !== skipToken) void refetch();
  }, [asked, refetch]);

  const apply = useCallback(
    (typed: string) => {
      const next = typed.trim().toUpperCase() || null;
      // The same code again is a question again: it may have been resumed, or its uses given back.
      if (next === code) recheck();
      setCode(next);
      saveAppliedCode(next);
    },
    [code, recheck],
  );
  const remove = useCallback(() => {
    setCode(null);
    saveAppliedCode(null);
  }, []);

  let problem: string | null = null;
  if (code && !loggedIn && !email) problem = 'Enter your email below to use this code, or log in.';
  else if (query.error) {
    problem =
      apiErrorStatus(query.error) === 429 || isNetworkError(query.error) || (apiErrorStatus(query.error) ?? 500) >= 500
        ? 'The code could not be checked just now. Please try again in a moment.'
        : (apiErrorMessage(query.error) ?? 'This code cannot be used.');
  }
  return {
    code,
    check: query.currentData ?? null,
    problem,
    checking: query.isFetching,
    apply,
    remove,
    recheck,
  };
}
