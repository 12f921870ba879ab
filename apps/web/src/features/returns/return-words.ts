import { formatMoney } from '@shop/contract/money';
import type { ReturnLine } from '@shop/contract/returns';
import { ONE_SIZE } from '@shop/contract/sizes';
import { formatLongDay } from '../../ui/format-date';

/** "7 January 2027", as the return window and the authorisation say a day, in the shopper's time zone. */
export function formatReturnDay(iso: string): string {
  return formatLongDay(new Date(iso));
}

/** A piece's colour and size, "Red · M"; a product of one size says its colour alone, or nothing. */
export function optionsText(colour: string | null, size: string | null): string {
  const shownSize = size && size !== ONE_SIZE ? `Size ${size}` : null;
  return [colour, shownSize].filter(Boolean).join(' · ');
}

/** What the customer asked for a line: "Refund", or "Exchange for size S" (and its colour when it changes). */
export function askedText(line: Pick<ReturnLine, 'outcome' | 'exchangeSize' | 'exchangeColour' | 'colour'>): string {
  if (line.outcome === 'refund') return 'Refund';
  // A line bought before colours has none to compare with: its exchange names the size alone.
  const colour =
    line.colour && line.exchangeColour && line.exchangeColour !== line.colour ? ` in ${line.exchangeColour}` : '';
  return `Exchange${line.exchangeSize ? ` for size ${line.exchangeSize}` : ''}${colour}`;
}

/** What was done once decided: the money refunded (an exchange's price difference), when there is some. */
export function refundedText(line: Pick<ReturnLine, 'refunded'>): string | null {
  return line.refunded !== null && line.refunded > 0 ? `${formatMoney(line.refunded)} refunded` : null;
}
