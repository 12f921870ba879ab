import { DECIMAL_TEXT } from '@shop/contract/common';
import {
  checkDiscountRules,
  DISCOUNT_KINDS,
  type DiscountCode,
  type DiscountCodeInput,
  discountFieldSchemas,
} from '@shop/contract/discounts';
import { toCents } from '@shop/contract/money';
import { z } from 'zod';

/**
 * The discount code form: every field as its input holds it (text, a checkbox), checked by the
 * contract's own rule for each field once turned into what the API takes (dollars into cents, a local
 * date and time into an instant, empty into none), then by the contract's rules across fields. The
 * fields are named as the API names them, so each message lands under its own input.
 */
const blankIsNull = (text: string) => (text.trim() === '' ? null : text.trim());

const wholeText = (what: string) =>
  z.string().transform((text, ctx) => {
    const value = blankIsNull(text);
    if (value === null) return null;
    if (!/^\d+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: `${what} must be a whole number` });
      return z.NEVER;
    }
    return Number(value);
  });

const dollarsText = (what: string, blank: number | null) =>
  z.string().transform((text, ctx) => {
    const value = blankIsNull(text)?.replace(/^\$/, '') ?? null;
    if (value === null) return blank;
    if (!DECIMAL_TEXT.test(value) || !/^\d*(\.\d{0,2})?$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: `${what} must be an amount in dollars, like 12.50` });
      return z.NEVER;
    }
    return toCents(Number(value));
  });

/** `YYYY-MM-DDTHH:mm` of a datetime-local input, in the admin's own time zone, as an instant. */
const localMomentText = (what: string) =>
  z.string().transform((text, ctx) => {
    const value = blankIsNull(text);
    if (value === null) return null;
    const when = new Date(value);
    if (Number.isNaN(when.getTime())) {
      ctx.addIssue({ code: 'custom', message: `${what} must be a date and time` });
      return z.NEVER;
    }
    return when.toISOString();
  });

export const discountCodeFormSchema = z
  .object({
    code: z.string(),
    kind: discountFieldSchemas.kind,
    percentOff: z.string(),
    amountOffCents: z.string(),
    minOrderCents: z.string(),
    category: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    maxUses: z.string(),
    maxUsesPerCustomer: z.string(),
    paused: z.boolean(),
  })
  // The amount of the kind not chosen is whatever was typed before switching: not the code's.
  .transform((values) => ({
    ...values,
    percentOff: values.kind === 'percentage' ? values.percentOff : '',
    amountOffCents: values.kind === 'fixed' ? values.amountOffCents : '',
  }))
  .pipe(
    z
      .object({
        code: discountFieldSchemas.code,
        kind: z.enum(DISCOUNT_KINDS),
        percentOff: wholeText('Percentage off').pipe(discountFieldSchemas.percentOff),
        amountOffCents: dollarsText('Amount off', null).pipe(discountFieldSchemas.amountOffCents),
        minOrderCents: dollarsText('Minimum order', 0).pipe(discountFieldSchemas.minOrderCents),
        category: z.string().transform(blankIsNull).pipe(discountFieldSchemas.category),
        startsAt: localMomentText('Start').pipe(discountFieldSchemas.startsAt),
        endsAt: localMomentText('End').pipe(discountFieldSchemas.endsAt),
        maxUses: wholeText('Total uses').pipe(discountFieldSchemas.maxUses),
        maxUsesPerCustomer: wholeText('Uses per customer').pipe(discountFieldSchemas.maxUsesPerCustomer),
        paused: z.boolean(),
      })
      .superRefine(checkDiscountRules)
      .transform((v): DiscountCodeInput => v),
  );

export type DiscountCodeFormValues = z.input<typeof discountCodeFormSchema>;

export const EMPTY_DISCOUNT_CODE: DiscountCodeFormValues = {
  code: '',
  kind: 'percentage',
  percentOff: '',
  amountOffCents: '',
  minOrderCents: '',
  category: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  paused: false,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it, in the admin's own time zone. */
export function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const dollars = (amount: number | null) => (amount === null || amount === 0 ? '' : amount.toFixed(2));
const whole = (n: number | null) => (n === null ? '' : String(n));

/** A saved code as the edit form starts. */
export function codeToValues(code: DiscountCode): DiscountCodeFormValues {
  return {
    code: code.code,
    kind: code.kind,
    percentOff: whole(code.percentOff),
    amountOffCents: dollars(code.amountOff),
    minOrderCents: dollars(code.minOrder),
    category: code.category ?? '',
    startsAt: localInputValue(code.startsAt),
    endsAt: localInputValue(code.endsAt),
    maxUses: whole(code.maxUses),
    maxUsesPerCustomer: whole(code.maxUsesPerCustomer),
    paused: code.paused,
  };
}
