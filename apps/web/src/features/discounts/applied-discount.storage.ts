import { keepForTab, loadForTab } from '../../lib/tab-storage';

/**
 * The code the shopper applied in the cart panel, kept for the tab so it survives a reload and the trip
 * to the hosted checkout and back; forgotten once an order is confirmed.
 */
const APPLIED_DISCOUNT_KEY = 'discount-code';

export const loadAppliedCode = (): string | null => loadForTab(APPLIED_DISCOUNT_KEY, 64);

export const saveAppliedCode = (code: string | null): void =>
  keepForTab(APPLIED_DISCOUNT_KEY, code, 'the discount code');

/** After a confirmed order the code has done its work. */
export const forgetAppliedCode = () => saveAppliedCode(null);
