import { imageSrcSet } from '@shop/contract/uploads';
import { useState } from 'react';

export const FALLBACK_IMAGE = '/images/fallback.svg';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** The rendered width at each breakpoint, so the browser picks the right upload variant. */
  sizes?: string;
  /** The page's largest image (LCP): fetched first and never lazily. */
  priority?: boolean;
  className?: string;
}

/** A product picture: intrinsic size against layout shift, responsive variants, a fallback when missing. */
export function ProductImage({ src, alt, width, height, sizes, priority = false, className = '' }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = src && src !== failedSrc ? src : FALLBACK_IMAGE;
  const srcSet = url === FALLBACK_IMAGE ? undefined : imageSrcSet(url);
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      onError={() => {
        if (src) setFailedSrc(src);
      }}
      className={`bg-linen object-cover ${className}`}
    />
  );
}
