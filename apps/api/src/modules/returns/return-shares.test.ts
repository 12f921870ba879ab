import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChargedLine, type ChargedOrder, returnRefundCents, splitOverUnits } from './return-shares';

/** The split of an order's charge over its units, and what returns of those units give back. */

const linesArb = fc
  .array(
    fc.record({ unitPriceCents: fc.integer({ min: 1, max: 500_000 }), quantity: fc.integer({ min: 1, max: 9 }) }),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .map((lines): ChargedLine[] => lines.map((line, i) => ({ itemId: `item-${i}`, ...line })));

/** An order as checkout makes one: subtotal less a discount, plus tax, plus shipping. */
const orderArb = linesArb.chain((lines) => {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return fc
    .record({
      discount: fc.integer({ min: 0, max: subtotal }),
      tax: fc.integer({ min: 0, max: 200_000 }),
      shipping: fc.integer({ min: 0, max: 5_000 }),
    })
    .map(
      ({ discount, tax, shipping }): ChargedOrder => ({
        amountCents: subtotal - discount + tax + shipping,
        shippingCents: shipping,
        lines,
      }),
    );
});

const all = (order: ChargedOrder) => order.amountCents;
const total = (charges: Map<string, number[]>) => [...charges.values()].flat().reduce((a, b) => a + b, 0);

/** Returns of every unit of the order, line by line in `chunks` of the given sizes, as separate returns. */
function refundInChunks(order: ChargedOrder, chunk: number, withShipping: boolean): number {
  let left = order.amountCents;
  let given = 0;
  for (const line of order.lines) {
    for (let before = 0; before < line.quantity; before += chunk) {
      const quantity = Math.min(chunk, line.quantity - before);
      const cents = returnRefundCents(
        order,
        { itemId: line.itemId, quantity, refundedBefore: before, withShipping },
        left,
      );
      left -= cents;
      given += cents;
    }
  }
  return given;
}

describe('splitting what was charged over the units', () => {
  it('the units charges add up to the total exactly, and follow the unit prices', () => {
    fc.assert(
      fc.property(linesArb, fc.integer({ min: 0, max: 10_000_000 }), (lines, totalCents) => {
        const charges = splitOverUnits(totalCents, lines);
        expect(total(charges)).toBe(totalCents);
        const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
        for (const line of lines) {
          const units = charges.get(line.itemId) ?? [];
          expect(units).toHaveLength(line.quantity);
          // Each unit is within a cent of its exact share.
          for (const cents of units) {
            expect(Math.abs(cents - (totalCents * line.unitPriceCents) / subtotal)).toBeLessThan(1);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('returning every unit gives back exactly the items charge, or the whole amount when faulty', () => {
    fc.assert(
      fc.property(orderArb, fc.integer({ min: 1, max: 4 }), (order, chunk) => {
        expect(refundInChunks(order, chunk, false)).toBe(order.amountCents - order.shippingCents);
        expect(refundInChunks(order, chunk, true)).toBe(all(order));
      }),
      { numRuns: 500 },
    );
  });

  it('any partial returns never give back more than was charged for their units', () => {
    fc.assert(
      fc.property(orderArb, fc.integer({ min: 0, max: 5 }), fc.boolean(), (order, pick, withShipping) => {
        const line = order.lines[pick % order.lines.length];
        if (!line) return;
        const units = splitOverUnits(order.amountCents - order.shippingCents, order.lines).get(line.itemId) ?? [];
        const ship = splitOverUnits(order.shippingCents, order.lines).get(line.itemId) ?? [];
        let left = order.amountCents;
        let given = 0;
        for (let before = 0; before < line.quantity; before += 1) {
          const cents = returnRefundCents(
            order,
            { itemId: line.itemId, quantity: 1, refundedBefore: before, withShipping },
            left,
          );
          expect(cents).toBe((units[before] ?? 0) + (withShipping ? (ship[before] ?? 0) : 0));
          left -= cents;
          given += cents;
        }
        expect(given).toBeLessThanOrEqual(order.amountCents);
        expect(left).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('edge cases', () => {
  it('a 1-cent charge goes to one unit, the first of the dearest', () => {
    const lines = [
      { itemId: 'a', unitPriceCents: 1000, quantity: 2 },
      { itemId: 'b', unitPriceCents: 3000, quantity: 1 },
    ];
    expect(splitOverUnits(1, lines)).toEqual(
      new Map([
        ['a', [0, 0]],
        ['b', [1]],
      ]),
    );
  });

  it('three equal units share 100 cents as 34, 33, 33', () => {
    expect(splitOverUnits(100, [{ itemId: 'a', unitPriceCents: 500, quantity: 3 }])).toEqual(
      new Map([['a', [34, 33, 33]]]),
    );
  });

  it('a discounted order: 20% off 2 x $20 and $10, 10% tax, $5 shipping', () => {
    const order: ChargedOrder = {
      // Items 5000, less 1000, plus tax 400, plus shipping 500.
      amountCents: 4900,
      shippingCents: 500,
      lines: [
        { itemId: 'a', unitPriceCents: 2000, quantity: 2 },
        { itemId: 'b', unitPriceCents: 1000, quantity: 1 },
      ],
    };
    const first = returnRefundCents(order, { itemId: 'a', quantity: 1, refundedBefore: 0, withShipping: false }, 4900);
    expect(first).toBe(1760);
    expect(returnRefundCents(order, { itemId: 'b', quantity: 1, refundedBefore: 0, withShipping: true }, 4900)).toBe(
      880 + 100,
    );
  });

  it('never more than is left of the charge, and nothing when nothing is', () => {
    const order: ChargedOrder = {
      amountCents: 1000,
      shippingCents: 0,
      lines: [{ itemId: 'a', unitPriceCents: 1000, quantity: 1 }],
    };
    const returned = { itemId: 'a', quantity: 1, refundedBefore: 0, withShipping: false };
    expect(returnRefundCents(order, returned, 300)).toBe(300);
    expect(returnRefundCents(order, returned, 0)).toBe(0);
    expect(returnRefundCents(order, { ...returned, refundedBefore: 1 }, 1000)).toBe(0);
  });

  it('a line not in the order refunds nothing', () => {
    const order: ChargedOrder = {
      amountCents: 1000,
      shippingCents: 0,
      lines: [{ itemId: 'a', unitPriceCents: 1000, quantity: 1 }],
    };
    expect(returnRefundCents(order, { itemId: 'z', quantity: 1, refundedBefore: 0, withShipping: true }, 1000)).toBe(0);
  });
});
