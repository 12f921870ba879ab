import type { Color } from '@shop/contract/constants';
import { type ComponentType, createContext, useContext } from 'react';

/** What a heart keeps for later: a product, in a colour and a size when the shopper chose them. */
export interface SaveForLaterProps {
  productId: string;
  name: string;
  colour?: { key: Color; name: string } | null;
  size?: string | null;
  /**
   * On a card the heart is the product's: it shows whether any of it is saved, and takes it all off.
   * On the product page it is the choice's: this colour and size.
   */
  scope: 'product' | 'choice';
  className?: string;
}

const SaveForLaterContext = createContext<ComponentType<SaveForLaterProps> | null>(null);

/** The app says what fills the slot (the wishlist's heart); the cards and the product page only place it. */
export const SaveForLaterProvider = SaveForLaterContext.Provider;

/** Where a product's heart goes; nothing without a provider. */
export function SaveForLater(props: SaveForLaterProps) {
  const Heart = useContext(SaveForLaterContext);
  return Heart ? <Heart {...props} /> : null;
}
