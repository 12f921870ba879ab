import { ORDER_CLOSED_STATUSES } from '@shop/contract/constants';
import { RETURN_MESSAGES } from '@shop/contract/returns';
import type { BoughtLine, ExchangeSize, ReturnableOrder } from './returns.queries';

// The rules of what may be returned and exchanged, apart from the database: when, how many, for what.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a return of the order may be asked: its window counts from its first shipment. */
export function returnableUntil(order: Pick<ReturnableOrder, 'fulfilledAt'>, windowDays: number): Date | null {
  return order.fulfilledAt ? new Date(order.fulfilledAt.getTime() + windowDays * DAY_MS) : null;
}

/** Why no return of the order may be asked now, or null when one may. */
export function whyNotReturnable(order: ReturnableOrder, windowDays: number, now: Date): string | null {
  if ((ORDER_CLOSED_STATUSES as readonly string[]).includes(order.status)) return RETURN_MESSAGES.closed;
  const until = returnableUntil(order, windowDays);
  // An order not yet shipped has nothing at the customer's to send back.
  if (!until) return RETURN_MESSAGES.orderNotReturnable;
  return now.getTime() > until.getTime() ? RETURN_MESSAGES.windowClosed : null;
}

/** What of a line may still be asked: bought, less what earlier returns (not rejected) asked. */
export const returnableOf = (line: Pick<BoughtLine, 'id' | 'quantity'>, asked: ReadonlyMap<string, number>) =>
  Math.max(0, line.quantity - (asked.get(line.id) ?? 0));

/** "Sand, size M": how a message names the size and colour of an exchange. */
export const choiceOf = (size: Pick<ExchangeSize, 'colourName' | 'size'>) => `${size.colourName}, size ${size.size}`;

/** Whether a size is the one bought: the same colour and the same size. */
const isBought = (line: BoughtLine, size: ExchangeSize) => size.colour === line.boughtColour && size.size === line.size;

/**
 * The sizes a line may be exchanged for now: the same product in another size or colour, in stock, at the
 * price paid (an exchange at another price is not offered yet: nothing is charged or refunded with it).
 */
export function exchangeChoicesOf(line: BoughtLine, sizes: readonly ExchangeSize[]) {
  return sizes
    .filter(
      (s) =>
        s.productId === line.productId && s.available > 0 && s.priceCents === line.unitPriceCents && !isBought(line, s),
    )
    .map((s) => ({ colour: s.colour, colourName: s.colourName, size: s.size, available: s.available }));
}

/**
 * The size an exchange asks for, or the 400 message of why it cannot be: the same size and colour as
 * bought, or one the product is not made in. The colour left out is the one bought.
 */
export function exchangeSizeOf(
  line: BoughtLine,
  wanted: { colour?: string | undefined; size: string },
  sizes: readonly ExchangeSize[],
): ExchangeSize | string {
  const colour = wanted.colour ?? line.boughtColour;
  if (!colour || !line.productId) return RETURN_MESSAGES.exchangeUnknown;
  if (colour === line.boughtColour && wanted.size === line.size) return RETURN_MESSAGES.exchangeSameChoice;
  const size = sizes.find((s) => s.productId === line.productId && s.colour === colour && s.size === wanted.size);
  return size ?? RETURN_MESSAGES.exchangeUnknown;
}
