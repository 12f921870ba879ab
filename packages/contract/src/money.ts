import { TAX_PERCENT } from './constants';

/** Dollars (as the API and the screens show them) to integer cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents to dollars with at most two decimals. */
export function toDollars(cents: number): number {
  return cents / 100;
}

/** Money as the shop shows it everywhere: a $ sign and two decimals. */
export function formatMoney(dollars: number): string {
  const sign = dollars < 0 ? '-' : '';
  return `${sign}$${Math.abs(dollars).toFixed(2)}`;
}

/** Tax on a subtotal in cents, rounded once, half up. */
export function taxCents(subtotalCents: number): number {
  return Math.floor((subtotalCents * TAX_PERCENT + 50) / 100);
}

export interface PricedLine {
  price: number;
  quantity: number;
}

export interface CartTotals {
  selectedItems: number;
  totalPrice: number;
  tax: number;
  grandTotal: number;
}

export interface CartTotalsInCents {
  selectedItems: number;
  subtotalCents: number;
  /** What a discount code takes off the items (0 without one). */
  discountCents: number;
  taxCents: number;
  grandTotalCents: number;
}

/**
 * The one computation of a cart's totals. The cart panel shows it and the server charges it,
 * so the amount charged always equals the Grand Total the shopper saw. A discount comes off the items
 * before tax: tax is 5% of what the items cost after it.
 */
export function cartTotalsInCents(
  lines: readonly { unitPriceCents: number; quantity: number }[],
  discountCents = 0,
): CartTotalsInCents {
  let selectedItems = 0;
  let subtotalCents = 0;
  for (const line of lines) {
    selectedItems += line.quantity;
    subtotalCents += line.unitPriceCents * line.quantity;
  }
  const discount = Math.min(Math.max(0, discountCents), subtotalCents);
  const itemsCents = subtotalCents - discount;
  const tax = taxCents(itemsCents);
  return { selectedItems, subtotalCents, discountCents: discount, taxCents: tax, grandTotalCents: itemsCents + tax };
}

export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  const cents = cartTotalsInCents(lines.map((l) => ({ unitPriceCents: toCents(l.price), quantity: l.quantity })));
  return {
    selectedItems: cents.selectedItems,
    totalPrice: toDollars(cents.subtotalCents),
    tax: toDollars(cents.taxCents),
    grandTotal: toDollars(cents.grandTotalCents),
  };
}
