/** Where a shopper's request to hear about a sold-out size stands. */
export const BACK_IN_STOCK_STATUSES = ['unconfirmed', 'waiting', 'notified', 'unsubscribed'] as const;
export type BackInStockStatus = (typeof BACK_IN_STOCK_STATUSES)[number];
