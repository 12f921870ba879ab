import { describeChoice } from '@shop/contract/sizes';

/** A saved item as the shopper is told of it: "Wrap dress", or "Wrap dress (Red, size M)". */
export function savedItemName(name: string, colourName: string | null | undefined, size: string | null | undefined) {
  const choice = describeChoice(colourName, size);
  return choice ? `${name} (${choice})` : name;
}
