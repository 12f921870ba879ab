import { discountCodeInputSchema } from '@shop/contract/discounts';
import { describe, expect, it } from 'vitest';
import {
  codeToValues,
  type DiscountCodeFormValues,
  discountCodeFormSchema,
  EMPTY_DISCOUNT_CODE,
  localInputValue,
} from './discount-code-form-values';

const filled: DiscountCodeFormValues = {
  ...EMPTY_DISCOUNT_CODE,
  code: ' spring-20 ',
  kind: 'fixed',
  percentOff: '15',
  amountOffCents: '12.5',
  minOrderCents: '$60',
  category: 'dress',
  startsAt: '2030-03-01T09:00',
  endsAt: '2030-03-31T23:59',
  maxUses: '100',
  maxUsesPerCustomer: '1',
};

const issuesOf = (values: DiscountCodeFormValues) => {
  const parsed = discountCodeFormSchema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the discount code form', () => {
  it('turns the inputs into what the API takes, the amount of the other kind left out', () => {
    const parsed = discountCodeFormSchema.parse(filled);
    expect(parsed).toEqual({
      code: 'SPRING-20',
      kind: 'fixed',
      percentOff: null,
      amountOffCents: 1250,
      minOrderCents: 6000,
      category: 'dress',
      startsAt: new Date('2030-03-01T09:00').toISOString(),
      endsAt: new Date('2030-03-31T23:59').toISOString(),
      maxUses: 100,
      maxUsesPerCustomer: 1,
      paused: false,
    });
    // What the form sends is what the API accepts, unchanged.
    expect(discountCodeInputSchema.parse(parsed)).toEqual(parsed);
  });

  it('takes blanks as none: no minimum, no dates, no limits, every category', () => {
    expect(discountCodeFormSchema.parse({ ...EMPTY_DISCOUNT_CODE, code: 'ALL10', percentOff: '10' })).toEqual({
      code: 'ALL10',
      kind: 'percentage',
      percentOff: 10,
      amountOffCents: null,
      minOrderCents: 0,
      category: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: null,
      paused: false,
    });
  });

  it('puts each problem under its own field, in the contract words', () => {
    expect(issuesOf({ ...EMPTY_DISCOUNT_CODE })).toMatchObject({ code: 'Code is required' });
    expect(issuesOf({ ...filled, kind: 'percentage', percentOff: '' })).toEqual({
      percentOff: 'Enter the percentage off, from 1 to 100',
    });
    expect(issuesOf({ ...filled, kind: 'percentage', percentOff: '150' })).toEqual({
      percentOff: 'Percentage off must be at most 100',
    });
    expect(issuesOf({ ...filled, amountOffCents: '12.345' })).toEqual({
      amountOffCents: 'Amount off must be an amount in dollars, like 12.50',
    });
    expect(issuesOf({ ...filled, maxUses: '2.5' })).toEqual({ maxUses: 'Total uses must be a whole number' });
    expect(issuesOf({ ...filled, endsAt: '2030-02-01T00:00' })).toEqual({
      endsAt: 'The end must come after the start',
    });
    expect(issuesOf({ ...filled, maxUses: '1', maxUsesPerCustomer: '2' })).toEqual({
      maxUsesPerCustomer: 'Uses per customer cannot be more than the total uses',
    });
  });

  it('starts the edit form from a saved code, in the admin’s own time zone', () => {
    const start = new Date('2030-03-01T09:30').toISOString();
    const values = codeToValues({
      _id: '00000000-0000-4000-8000-000000000000',
      code: 'SPRING20',
      kind: 'percentage',
      percentOff: 20,
      amountOff: null,
      minOrder: 50,
      category: null,
      startsAt: start,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: 2,
      paused: true,
      uses: 0,
      held: 0,
      status: 'paused',
      description: '20% off',
      createdAt: start,
      updatedAt: start,
    });
    expect(values).toEqual({
      code: 'SPRING20',
      kind: 'percentage',
      percentOff: '20',
      amountOffCents: '',
      minOrderCents: '50.00',
      category: '',
      startsAt: '2030-03-01T09:30',
      endsAt: '',
      maxUses: '',
      maxUsesPerCustomer: '2',
      paused: true,
    });
    expect(localInputValue(null)).toBe('');
    expect(discountCodeFormSchema.parse(values).startsAt).toBe(start);
  });
});
