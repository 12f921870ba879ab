/**
 * The code the shopper applied in the cart panel, kept for the tab (sessionStorage) so it survives a
 * reload and the trip to the hosted checkout and back; forgotten once an order is confirmed.
 */
const APPLIED_DISCOUNT_KEY = 'discount-code';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadAppliedCode(): string | null {
  try {
    const code = storage()?.getItem(APPLIED_DISCOUNT_KEY);
    return code ? code.slice(0, 64) : null;
  } catch {
    return null;
  }
}

export function saveAppliedCode(code: string | null): void {
  try {
    if (code) storage()?.setItem(APPLIED_DISCOUNT_KEY, code);
    else storage()?.removeItem(APPLIED_DISCOUNT_KEY);
  } catch (error) {
    console.warn('Could not keep the discount code for this tab', error);
  }
}

/** After a confirmed order the code has done its work. */
export const forgetAppliedCode = () => saveAppliedCode(null);
