import { TEST_CARDS } from '@shop/contract/orders';
import { z } from 'zod';

/** The builtin checkout's form; a missing field reads as empty, so the shopper gets a message, not a 400. */
export const cardFormSchema = z.object({
  cardNumber: z.string().max(100).catch(''),
  expiry: z.string().max(20).catch(''),
  cvc: z.string().max(20).catch(''),
  cardName: z.string().max(200).catch(''),
});
export type CardForm = z.infer<typeof cardFormSchema>;

export type CardOutcome = { result: 'paid' } | { result: 'refused'; message: string };

export const CARD_MESSAGES = {
  invalidNumber: 'Your card number is invalid.',
  declined: 'Your card was declined.',
  invalidExpiry: "Your card's expiry date is incomplete or invalid.",
  expired: "Your card's expiry date is in the past.",
  invalidCvc: "Your card's security code is invalid.",
  missingName: 'Enter the name on the card.',
} as const;

const digits = (s: string) => s.replace(/[\s-]/g, '');

/** MM/YY or MM/YYYY, valid through the last day of that month. */
function expiryProblem(expiry: string, now: Date): string | undefined {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return CARD_MESSAGES.invalidExpiry;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return CARD_MESSAGES.invalidExpiry;
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  return endOfMonth.getTime() <= now.getTime() ? CARD_MESSAGES.expired : undefined;
}

/**
 * Test-mode cards as Stripe's behave: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined,
 * any other number is invalid. Expiry, CVC and name are checked as a real form would check them.
 */
export function checkCard(form: CardForm, now: Date): CardOutcome {
  const number = digits(form.cardNumber);
  if (number !== digits(TEST_CARDS.pays) && number !== digits(TEST_CARDS.declined)) {
    return { result: 'refused', message: CARD_MESSAGES.invalidNumber };
  }
  const expiry = expiryProblem(form.expiry, now);
  if (expiry) return { result: 'refused', message: expiry };
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return { result: 'refused', message: CARD_MESSAGES.invalidCvc };
  if (!form.cardName.trim()) return { result: 'refused', message: CARD_MESSAGES.missingName };
  if (number === digits(TEST_CARDS.declined)) return { result: 'refused', message: CARD_MESSAGES.declined };
  return { result: 'paid' };
}
