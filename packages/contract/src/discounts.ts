import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { CATEGORIES, CATEGORY_LABELS, type Category } from './constants';
import { formatMoney, toDollars } from './money';
import { checkoutRequestSchema } from './orders';

/**
 * Discount codes: the owner makes them, a shopper types one in the cart panel, and the server
 * checks it and prices the discount in cents when the checkout session is created.
 */
export const DISCOUNT_KINDS = ['percentage', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_KIND_LABELS: Record<DiscountKind, string> = {
  percentage: 'Percentage off',
  fixed: 'Fixed amount off',
};

/** A code's category as the owner's form and list name it. */
export const DISCOUNT_CATEGORY_LABELS: Record<Category, string> = CATEGORY_LABELS;

/** Where a code stands now, as the admin's list shows it. */
export const DISCOUNT_STATUSES = ['active', 'scheduled', 'expired', 'paused', 'used_up'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];
export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  paused: 'Paused',
  used_up: 'Used up',
};

/** Codes are kept in capitals: a shopper may type them in any case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const DISCOUNT_CODE_MAX_LENGTH = 32;
/** The largest amount a fixed code takes off, and the largest minimum order ($100,000.00). */
export const DISCOUNT_MAX_CENTS = 10_000_000;
export const DISCOUNT_MAX_USES = 1_000_000;
export const DISCOUNT_LIST_DEFAULT_LIMIT = 20;

export const normaliseDiscountCode = (text: string) => text.trim().toUpperCase();

const codeFormat = 'A code is 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit';

/** The code as the admin names it: kept in capitals. */
export const discountCodeTextSchema = z
  .string({ message: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .transform((text) => text.toUpperCase())
  .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, codeFormat));

/**
 * A code as a shopper types it: any text up to a sane length. A text that cannot be a code is simply a
 * code the shop does not know, which the answer says.
 */
export const discountCodeEntrySchema = z
  .string({ message: 'The discount code must be text' })
  .trim()
  .max(64, 'That is not a discount code');

/** Why a code cannot be used on this cart; each has its own message. */
export const DISCOUNT_PROBLEMS = [
  'unknown',
  'not_started',
  'expired',
  'paused',
  'used_up',
  'customer_used_up',
  'customer_holding',
  'below_minimum',
  'not_applicable',
] as const;
export type DiscountProblem = (typeof DISCOUNT_PROBLEMS)[number];

const dateText = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const day = (iso: Date | string) => dateText.format(new Date(iso));
const categoryName = (category: Category) => (category === 'dress' ? 'dresses' : category);

/** What the cart panel says for each problem. */
export const DISCOUNT_MESSAGES = {
  unknown: (code: string) =>
    `${code ? `"${code}" is not` : 'That is not'} a discount code we know. Check the spelling.`,
  notStarted: (code: string, startsAt: Date | string) =>
    `The code ${code} is not active yet: it starts on ${day(startsAt)}.`,
  expired: (code: string, endsAt: Date | string) => `The code ${code} expired on ${day(endsAt)}.`,
  paused: (code: string) => `The code ${code} is paused at the moment. Please try again later.`,
  usedUp: (code: string) => `The code ${code} has been used up.`,
  customerUsedUp: (code: string, times: number) =>
    `You have already used the code ${code}${times === 1 ? '' : ` ${times} times`}, as often as it allows.`,
  customerHolding: (code: string) =>
    `A checkout you opened still holds the code ${code}. Pay it, or cancel it on the payment page, to use the code again; an abandoned checkout lets it go once it expires.`,
  belowMinimum: (code: string, minCents: number, subtotalCents: number) =>
    `The code ${code} needs ${formatMoney(toDollars(minCents))} of items; your cart comes to ${formatMoney(toDollars(subtotalCents))}.`,
  notApplicable: (code: string, category: Category) =>
    `The code ${code} applies only to ${categoryName(category)}, and your cart has none.`,
  created: 'Discount code created',
  updated: 'Discount code updated',
  nowPaused: 'Discount code paused',
  nowResumed: 'Discount code resumed',
  notFound: 'Discount code not found',
  taken: (code: string) => `There is already a code ${code}. Choose another.`,
  belowCounted: (counted: number) =>
    `${counted} ${counted === 1 ? 'use is' : 'uses are'} already counted or held by open checkouts: the total uses cannot be fewer.`,
} as const;

/** "20% off" or "$10.00 off", and what it applies to. */
export function describeDiscount(code: {
  kind: DiscountKind;
  percentOff: number | null;
  amountOffCents: number | null;
  category: Category | null;
}): string {
  const off =
    code.kind === 'percentage'
      ? `${code.percentOff ?? 0}% off`
      : `${formatMoney(toDollars(code.amountOffCents ?? 0))} off`;
  return code.category ? `${off} ${categoryName(code.category)}` : off;
}

/** A cart line as the discount sees it: what it costs and what it is. */
export interface DiscountableLine {
  unitPriceCents: number;
  quantity: number;
  category: Category;
}

/** The part of a cart a code applies to: every line, or those of its category. */
export function eligibleCents(lines: readonly DiscountableLine[], category: Category | null): number {
  return lines.reduce(
    (sum, line) => (category === null || line.category === category ? sum + line.unitPriceCents * line.quantity : sum),
    0,
  );
}

/**
 * What a code takes off a cart, in cents: a percentage of the lines it applies to, rounded once, half
 * up (as tax is); or a fixed amount, never more than those lines cost.
 */
export function discountCentsFor(
  code: { kind: DiscountKind; percentOff: number | null; amountOffCents: number | null; category: Category | null },
  lines: readonly DiscountableLine[],
): number {
  const eligible = eligibleCents(lines, code.category);
  if (code.kind === 'percentage') return Math.floor((eligible * (code.percentOff ?? 0) + 50) / 100);
  return Math.min(code.amountOffCents ?? 0, eligible);
}

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ message: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max.toLocaleString('en-US')}`);

const cents = (what: string, min: number) =>
  z
    .number({ message: `${what} must be a number of cents` })
    .int(`${what} must be a whole number of cents`)
    .min(min, min === 0 ? `${what} cannot be negative` : `${what} must be greater than 0`)
    .max(DISCOUNT_MAX_CENTS, `${what} must be at most ${formatMoney(toDollars(DISCOUNT_MAX_CENTS))}`);

const moment = (what: string) => z.iso.datetime({ offset: true, message: `${what} must be a date and time` });

/** Each field's own rule, shared by the API's body and the admin's form (which reaches it from text). */
export const discountFieldSchemas = {
  code: discountCodeTextSchema,
  kind: z.enum(DISCOUNT_KINDS, { message: 'Choose a percentage or a fixed amount' }),
  percentOff: wholeNumber('Percentage off', 1, 100).nullable(),
  amountOffCents: cents('Amount off', 1).nullable(),
  minOrderCents: cents('Minimum order', 0),
  category: z.enum(CATEGORIES, { message: `Category must be one of ${CATEGORIES.join(', ')}` }).nullable(),
  startsAt: moment('Start').nullable(),
  endsAt: moment('End').nullable(),
  maxUses: wholeNumber('Total uses', 1, DISCOUNT_MAX_USES).nullable(),
  maxUsesPerCustomer: wholeNumber('Uses per customer', 1, DISCOUNT_MAX_USES).nullable(),
  paused: z.boolean({ message: 'Paused must be true or false' }),
};

type DiscountRuleValues = {
  kind: DiscountKind;
  percentOff: number | null;
  amountOffCents: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
};

/** The rules across fields, reported on the field to correct. */
export function checkDiscountRules(values: DiscountRuleValues, ctx: z.RefinementCtx): void {
  if (values.kind === 'percentage' && values.percentOff === null) {
    ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Enter the percentage off, from 1 to 100' });
  }
  if (values.kind === 'fixed' && values.amountOffCents === null) {
    ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: 'Enter the amount off' });
  }
  if (values.startsAt && values.endsAt && Date.parse(values.endsAt) <= Date.parse(values.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start' });
  }
  if (values.maxUses !== null && values.maxUsesPerCustomer !== null && values.maxUsesPerCustomer > values.maxUses) {
    ctx.addIssue({
      code: 'custom',
      path: ['maxUsesPerCustomer'],
      message: 'Uses per customer cannot be more than the total uses',
    });
  }
}

/**
 * A code as the admin creates or edits it. Money in cents; a percentage code has no amount and a fixed
 * one no percentage (the other is ignored); no dates, limits or category means none.
 */
export const discountCodeInputSchema = z
  .object({
    code: discountFieldSchemas.code,
    kind: discountFieldSchemas.kind,
    percentOff: discountFieldSchemas.percentOff.default(null),
    amountOffCents: discountFieldSchemas.amountOffCents.default(null),
    minOrderCents: discountFieldSchemas.minOrderCents.default(0),
    category: discountFieldSchemas.category.default(null),
    startsAt: discountFieldSchemas.startsAt.default(null),
    endsAt: discountFieldSchemas.endsAt.default(null),
    maxUses: discountFieldSchemas.maxUses.default(null),
    maxUsesPerCustomer: discountFieldSchemas.maxUsesPerCustomer.default(null),
    paused: discountFieldSchemas.paused.default(false),
  })
  .superRefine(checkDiscountRules);
export type DiscountCodeInput = z.input<typeof discountCodeInputSchema>;
export type DiscountCodeValues = z.output<typeof discountCodeInputSchema>;

export const discountPauseRequestSchema = z.object({ paused: discountFieldSchemas.paused });

export const discountCodeSchema = z.object({
  _id: idSchema,
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percentOff: z.number().int().nullable(),
  /** Dollars, as every amount the API answers. */
  amountOff: z.number().nullable(),
  minOrder: z.number(),
  category: z.enum(CATEGORIES).nullable(),
  startsAt: timestampSchema.nullable(),
  endsAt: timestampSchema.nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  paused: z.boolean(),
  /** Orders made with the code. */
  uses: z.number().int(),
  /** Open checkouts holding a use until they are paid, cancelled or expire. */
  held: z.number().int(),
  status: z.enum(DISCOUNT_STATUSES),
  /** "20% off dresses". */
  description: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const discountCodeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(DISCOUNT_LIST_DEFAULT_LIMIT),
});
export const discountCodeListResponseSchema = z.object({ codes: z.array(discountCodeSchema), total: z.number().int() });
export type DiscountCodeList = z.infer<typeof discountCodeListResponseSchema>;
export const discountCodeResponseSchema = z.object({ message: z.string(), code: discountCodeSchema });
export type DiscountCodeResponse = z.infer<typeof discountCodeResponseSchema>;

/** The cart panel asks what a code would take off its cart before the shopper goes to pay. */
export const discountCheckRequestSchema = z.object({
  code: discountCodeEntrySchema,
  product: checkoutRequestSchema.shape.product,
  /** A guest's e-mail, whose uses of the code are counted as a customer's (see the checkout request). */
  email: checkoutRequestSchema.shape.email,
});
export type DiscountCheckRequest = z.infer<typeof discountCheckRequestSchema>;

/** The cart's totals with the code, as the checkout will charge them (before shipping). Dollars. */
export const discountCheckResponseSchema = z.object({
  code: z.string(),
  description: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  grandTotal: z.number(),
});
export type DiscountCheck = z.infer<typeof discountCheckResponseSchema>;
