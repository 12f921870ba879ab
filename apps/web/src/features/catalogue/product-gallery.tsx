import { PRODUCT_PAGE_IMAGE_SIZES } from '@shop/contract/constants';
import type { ProductPicture } from '@shop/contract/products';
import { useState } from 'react';
import { ProductImage } from '../../ui/product-image';
import { GalleryArrows } from './gallery-arrows';
import { GalleryZoom } from './gallery-zoom';
import { pictureOf, useGallery } from './use-gallery';

interface ProductGalleryProps {
  /** The product's name, which names the gallery. */
  name: string;
  /** The chosen colour's pictures, in the order the shop set. */
  pictures: readonly ProductPicture[];
}

/**
 * The product page's pictures: the main one, which opens the zoom, and beneath it a thumbnail for each
 * picture, with arrows, the arrow keys, Home and End, and a swipe to move through them. The first picture
 * is the page's largest (its LCP) and is fetched first; the rest load lazily. One picture is shown alone.
 */
export function ProductGallery({ name, pictures }: ProductGalleryProps) {
  const count = pictures.length;
  const gallery = useGallery(count);
  const [zoomed, setZoomed] = useState(false);
  const current = pictures[gallery.index] ?? pictures[0];
  const several = count > 1;
  return (
    // The arrow keys, Home and End move the gallery while focus is on any of its buttons.
    <section
      aria-roledescription="gallery"
      aria-label={`Pictures of ${name}`}
      onKeyDown={gallery.onKeyDown}
      className="min-w-0"
    >
      <div className="relative">
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={several ? `Enlarge picture ${gallery.index + 1}: ${current?.alt}` : `Enlarge: ${current?.alt}`}
          onClick={() => {
            if (!gallery.clickEndsSwipe()) setZoomed(true);
          }}
          {...gallery.swipe}
          className="block w-full cursor-zoom-in touch-pan-y rounded-3xl select-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-clay"
        >
          <ProductImage
            key={current?.url}
            src={current?.url}
            alt={current?.alt ?? name}
            width={800}
            height={1000}
            sizes={PRODUCT_PAGE_IMAGE_SIZES}
            priority={gallery.index === 0}
            className="pointer-events-none aspect-[4/5] w-full rounded-3xl"
          />
        </button>
        {several && <GalleryArrows onStep={gallery.step} />}
      </div>
      {several && (
        <>
          <p aria-live="polite" className="sr-only">
            {pictureOf(gallery.index, count)}
          </p>
          <GalleryThumbnails pictures={pictures} index={gallery.index} onShow={gallery.setIndex} />
        </>
      )}
      <GalleryZoom
        open={zoomed}
        onClose={() => setZoomed(false)}
        name={name}
        pictures={pictures}
        index={gallery.index}
        onStep={gallery.step}
      />
    </section>
  );
}

interface GalleryThumbnailsProps {
  pictures: readonly ProductPicture[];
  index: number;
  onShow: (index: number) => void;
}

/** One small button per picture; the one shown is marked as current, for the eye and for screen readers. */
export function GalleryThumbnails({ pictures, index, onShow }: GalleryThumbnailsProps) {
  return (
    <ul className="mt-4 flex gap-3 overflow-x-auto p-1">
      {pictures.map((picture, i) => (
        // A colour's pictures have no key of their own and come as one list, in the order the shop set.
        // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may stand twice in a gallery
        <li key={i} className="shrink-0">
          <button
            type="button"
            aria-current={i === index ? 'true' : undefined}
            aria-label={`Show picture ${i + 1} of ${pictures.length}: ${picture.alt}`}
            onClick={() => onShow(i)}
            className={`block w-16 overflow-hidden rounded-xl border-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay sm:w-20 ${
              i === index ? 'border-ink' : 'border-transparent opacity-75 hover:opacity-100'
            }`}
          >
            <ProductImage
              src={picture.url}
              alt=""
              width={160}
              height={200}
              sizes="80px"
              className="aspect-[4/5] w-full"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
