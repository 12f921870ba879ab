import { formatMoney, toDollars } from '@shop/contract/money';

/** Cents as every mail shows money: a $ sign and two decimals. */
export const money = (cents: number) => formatMoney(toDollars(cents));
