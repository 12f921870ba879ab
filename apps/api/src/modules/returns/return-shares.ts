// What a returned line gives back: its units' share of what the order charged, to the cent.

/** An order line as the split sees it: its id, the price of one unit and how many were bought. */
export interface ChargedLine {
  itemId: string;
  unitPriceCents: number;
  quantity: number;
}

/**
 * Splits `totalCents` over every unit of the lines in proportion to its unit price, by largest remainder:
 * each unit gets the floor of its exact share and the cents left over go one each to the units with the
 * largest remainders (the earlier unit first on a tie), so the units' charges add up to the total exactly.
 * Answers each line's units' charges in order.
 */
export function splitOverUnits(totalCents: number, lines: readonly ChargedLine[]): Map<string, number[]> {
  const units = lines.flatMap((line) =>
    Array.from({ length: Math.max(0, line.quantity) }, () => ({ itemId: line.itemId, price: line.unitPriceCents })),
  );
  const charges = new Map(lines.map((line) => [line.itemId, [] as number[]]));
  const priced = units.reduce((sum, unit) => sum + BigInt(unit.price), 0n);
  if (units.length === 0 || priced === 0n || totalCents <= 0) {
    for (const unit of units) charges.get(unit.itemId)?.push(0);
    return charges;
  }
  // BigInt so that a large order's total times a price stays exact.
  const total = BigInt(totalCents);
  const shares = units.map((unit, index) => {
    const exact = total * BigInt(unit.price);
    return { index, cents: exact / priced, remainder: exact % priced };
  });
  let left = totalCents - shares.reduce((sum, share) => sum + Number(share.cents), 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const extra = new Set<number>();
  for (const share of byRemainder) {
    if (left <= 0) break;
    extra.add(share.index);
    left -= 1;
  }
  shares.forEach((share, index) => {
    const unit = units[index];
    if (unit) charges.get(unit.itemId)?.push(Number(share.cents) + (extra.has(index) ? 1 : 0));
  });
  return charges;
}

/** The order as a return's refund reads it: what it charged, its shipping, its lines in order. */
export interface ChargedOrder {
  amountCents: number;
  shippingCents: number;
  lines: readonly ChargedLine[];
}

/** The returned units of one order line: how many, and how many of that line earlier returns refunded. */
export interface ReturnedUnits {
  itemId: string;
  quantity: number;
  refundedBefore: number;
  /** A faulty piece gives back its share of the shipping too. */
  withShipping: boolean;
}

const sumOf = (charges: readonly number[], from: number, count: number) =>
  charges.slice(from, from + count).reduce((sum, cents) => sum + cents, 0);

/**
 * What a returned line refunds: the charges of its units (the items less their discount plus their tax,
 * which is the amount less the shipping), taken after the units of the same line earlier returns
 * refunded, and for a faulty piece their share of the shipping, split the same way. Never more than
 * `leftCents`, what is left of the order's charge.
 */
export function returnRefundCents(order: ChargedOrder, returned: ReturnedUnits, leftCents: number): number {
  const itemsCharged = order.amountCents - order.shippingCents;
  const charges = splitOverUnits(itemsCharged, order.lines).get(returned.itemId) ?? [];
  let cents = sumOf(charges, returned.refundedBefore, returned.quantity);
  if (returned.withShipping) {
    const shipping = splitOverUnits(order.shippingCents, order.lines).get(returned.itemId) ?? [];
    cents += sumOf(shipping, returned.refundedBefore, returned.quantity);
  }
  return Math.max(0, Math.min(cents, leftCents));
}
