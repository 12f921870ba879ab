import { UPLOAD_VARIANT_WIDTHS } from '@shop/contract/constants';
import type { ProductPicture } from '@shop/contract/products';
import { useEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../ui/icons';
import { ProductImage } from '../../ui/product-image';
import { type DialogProps, useDialog } from '../../ui/use-dialog';
import { GalleryArrows } from './gallery-arrows';
import { pictureOf } from './use-gallery';

const ZOOM_MS = 200;
/** The zoom asks for the largest stored variant of a picture, whatever the screen's width. */
const LARGEST = Math.max(...UPLOAD_VARIANT_WIDTHS);

interface GalleryZoomProps extends DialogProps {
  name: string;
  pictures: readonly ProductPicture[];
  index: number;
  onStep: (by: -1 | 1) => void;
}

const roundButton =
  'grid size-11 place-items-center rounded-full bg-ivory/15 text-ivory transition-colors hover:bg-ivory/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay';

/**
 * The picture shown large over the whole screen. Escape or the close button close it, and the browser
 * gives focus back to the picture that opened it. The picture may be pinched on a phone, or shown at its
 * full size to be scrolled about; the arrows (and the arrow keys, through the gallery) move as on the page.
 */
export function GalleryZoom({ open, onClose, name, pictures, index, onStep }: GalleryZoomProps) {
  const { ref, visible } = useDialog(open, onClose, ZOOM_MS);
  const [fullSize, setFullSize] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  // A picture shown at full size opens on its middle, where the product is, not its top corner.
  useEffect(() => {
    const box = scroller.current;
    if (!fullSize || !box) return;
    box.scrollTo((box.scrollWidth - box.clientWidth) / 2, (box.scrollHeight - box.clientHeight) / 2);
  }, [fullSize]);
  const picture = pictures[index] ?? pictures[0];
  const several = pictures.length > 1;
  const step = (by: -1 | 1) => {
    setFullSize(false);
    onStep(by);
  };
  return (
    <dialog
      ref={ref}
      aria-label={`${name}, enlarged`}
      className={`m-0 h-dvh max-h-none w-full max-w-none bg-ink p-0 text-ivory transition-opacity duration-200 backdrop:bg-ink/60 ${visible ? 'opacity-100' : 'opacity-0'}`}
    >
      {picture && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
            <p aria-live="polite" className="text-sm tabular-nums">
              {several ? pictureOf(index, pictures.length) : name}
            </p>
            <div className="flex items-center gap-2">
              <button
                type="button"
                aria-pressed={fullSize}
                onClick={() => setFullSize((on) => !on)}
                className="rounded-full bg-ivory/15 px-4 py-2.5 text-sm transition-colors hover:bg-ivory/30 aria-pressed:bg-ivory aria-pressed:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay"
              >
                Full size
              </button>
              <button type="button" aria-label="Close" onClick={onClose} className={roundButton}>
                <CloseIcon />
              </button>
            </div>
          </div>
          <div className="relative min-h-0 flex-1">
            {/* The picture, not the page behind, takes the pinch and the scrolling of a full-size picture. */}
            <div
              ref={scroller}
              className="flex h-full touch-manipulation overflow-auto overscroll-contain p-4 pt-0 sm:px-20"
            >
              <ProductImage
                key={picture.url}
                src={picture.url}
                alt={picture.alt}
                width={LARGEST}
                height={(LARGEST * 5) / 4}
                sizes={`${LARGEST}px`}
                className={`m-auto rounded-xl ${fullSize ? 'h-auto w-[1200px] max-w-none' : 'h-auto max-h-[calc(100dvh-6rem)] w-auto max-w-full'}`}
              />
            </div>
            {several && <GalleryArrows onStep={step} tone="dark" />}
          </div>
        </div>
      )}
    </dialog>
  );
}
