import { imageSrcSet } from '@shop/contract/uploads';
import { useState } from 'react';
import { useFirstScreenDone } from './when-idle';

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

/**
 * A product picture: intrinsic size against layout shift, responsive variants, a fallback when missing.
 * An upload is offered as AVIF, with its WebP for browsers without AVIF; a picture from elsewhere and
 * the fallback are one file each. On the app's first screen only the priority pictures download at
 * once; the others wait until that screen is painted, so a grid's dozen pictures do not share a slow
 * line with the page's own code.
 */
export function ProductImage({ src, alt, width, height, sizes, priority = false, className = '' }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const firstScreenDone = useFirstScreenDone();
  const url = src && src !== failedSrc ? src : FALLBACK_IMAGE;
  const webpSet = url === FALLBACK_IMAGE ? undefined : imageSrcSet(url, 'webp');
  const avifSet = webpSet && imageSrcSet(url, 'avif');
  // A waiting picture has no source at all: a <source> with a srcset would start its download.
  const waiting = !priority && !firstScreenDone;
  const image = (
    <img
      src={waiting ? undefined : url}
      srcSet={waiting ? undefined : webpSet}
      sizes={webpSet ? sizes : undefined}
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
  if (!avifSet) return image;
  // The <img> keeps its place in the layout as if it stood alone: the <picture> takes no box and the
  // <source> none either, or a grid would give it a cell of its own. Neither changes which file is picked.
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={waiting ? undefined : avifSet} sizes={sizes} className="hidden" />
      {image}
    </picture>
  );
}
