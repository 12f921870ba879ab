/**
 * Where the hosted checkout's Cancel goes: the shop gives the checkout's stock back and returns the
 * shopper to the shop. The hold id is random and only in this link, so only the shopper cancels.
 */
export const CHECKOUT_CANCEL_PATH = '/checkout/cancel';
export const checkoutCancelPath = (holdId: string) => `${CHECKOUT_CANCEL_PATH}/${holdId}`;
