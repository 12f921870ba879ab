import { RETURN_MESSAGES } from '@shop/contract/returns';
import { describe, expect, it } from 'vitest';
import {
  type ReturnableLine,
  type ReturnLineValues,
  returnFormDefaults,
  returnFormSchema,
} from './return-request-values';

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const DRESS_ID = '22222222-2222-4222-8222-222222222222';
const SCARF_ID = '33333333-3333-4333-8333-333333333333';

const lines: ReturnableLine[] = [
  {
    itemId: DRESS_ID,
    name: 'Wrap Dress',
    size: 'M',
    colour: 'Blue',
    bought: 2,
    returnable: 2,
    exchangeChoices: [{ colour: 'blue', colourName: 'Blue', size: 'S', available: 3 }],
  },
  { itemId: SCARF_ID, name: 'Silk Scarf', size: null, colour: null, bought: 1, returnable: 0, exchangeChoices: [] },
];

const schema = returnFormSchema(ORDER_ID, lines);
const [dressDefaults] = returnFormDefaults(lines).lines;
const dress = (values: Partial<ReturnLineValues>) => ({ lines: [{ ...dressDefaults!, selected: true, ...values }] });

/** The form's errors by the field they sit on. */
const issuesOf = (values: { lines: ReturnLineValues[] }) => {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the return form', () => {
  it('offers only the lines with something left to return, none ticked', () => {
    expect(returnFormDefaults(lines).lines).toEqual([
      { selected: false, itemId: DRESS_ID, quantity: '1', reason: '', note: '', outcome: 'refund', exchange: '' },
    ]);
  });

  it('asks for at least one line', () => {
    expect(issuesOf(returnFormDefaults(lines))).toEqual({ selection: 'Choose at least one item to return' });
  });

  it("places the contract's errors on the ticked line's fields", () => {
    expect(issuesOf(dress({}))).toEqual({ 'lines.0.reason': 'Choose a reason' });
    expect(issuesOf(dress({ reason: 'other', note: '  ' }))).toEqual({ 'lines.0.note': RETURN_MESSAGES.noteNeeded });
    expect(issuesOf(dress({ reason: 'too_large', outcome: 'exchange' }))).toEqual({
      'lines.0.exchange': 'Choose the size you want instead',
    });
  });

  it('sends the request the API checks: the quantity as a number, the exchange as its colour and size', () => {
    const parsed = schema.parse(dress({ quantity: '2', reason: 'too_large', outcome: 'exchange', exchange: 'blue|S' }));
    expect(parsed).toEqual({
      orderId: ORDER_ID,
      lines: [
        {
          itemId: DRESS_ID,
          quantity: 2,
          reason: 'too_large',
          note: '',
          outcome: 'exchange',
          exchange: { colour: 'blue', size: 'S' },
        },
      ],
    });
  });

  it('leaves a chosen size out of a refund', () => {
    const parsed = schema.parse(dress({ reason: 'faulty', outcome: 'refund', exchange: 'blue|S' }));
    // As sent: JSON leaves out a key without a value.
    expect(JSON.parse(JSON.stringify(parsed)).lines[0]).not.toHaveProperty('exchange');
  });
});
