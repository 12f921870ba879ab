import type { ReactNode } from 'react';
import { ProductImage } from './product-image';

/** The thumbnail's two sizes: an order's lines, and the cart's larger ones. */
const THUMBNAILS = {
  order: { width: 64, height: 80, sizes: '64px', className: 'h-20 w-16 rounded-lg' },
  cart: { width: 80, height: 100, sizes: '80px', className: 'h-[6.25rem] w-20 shrink-0 rounded-xl' },
} as const;

interface ProductLineProps {
  image: string | null | undefined;
  thumbnail: keyof typeof THUMBNAILS;
  className: string;
  /** Before the thumbnail (the cart's line number). */
  lead?: ReactNode;
  /** The name, size, quantity and price beside it. */
  children: ReactNode;
}

/** One product of a cart or an order, as a list item: its thumbnail, then what is said about it. */
export function ProductLine({ image, thumbnail, className, lead, children }: ProductLineProps) {
  return (
    <li className={className}>
      {lead}
      {/* The name beside it says what the picture is. */}
      <ProductImage src={image} alt="" {...THUMBNAILS[thumbnail]} />
      {children}
    </li>
  );
}
