import { OutlineIcon } from '../../ui/icons';

const CHEVRON = { previous: 'M12.5 4.5L7 10l5.5 5.5', next: 'M7.5 4.5L13 10l-5.5 5.5' } as const;

interface GalleryArrowsProps {
  onStep: (by: -1 | 1) => void;
  /** `dark` on the zoom's dark backdrop, `light` over the page's picture. */
  tone?: 'light' | 'dark';
}

/** The previous and next buttons at a picture's sides; they go round from the last picture to the first. */
export function GalleryArrows({ onStep, tone = 'light' }: GalleryArrowsProps) {
  const look =
    tone === 'light' ? 'bg-ivory/90 text-ink shadow-sm hover:bg-ivory' : 'bg-ivory/15 text-ivory hover:bg-ivory/30';
  const button = `absolute top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full backdrop-blur transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay ${look}`;
  return (
    <>
      <button type="button" aria-label="Previous picture" onClick={() => onStep(-1)} className={`${button} left-3`}>
        <OutlineIcon d={CHEVRON.previous} viewBox="0 0 20 20" className="size-5" strokeWidth="1.8" />
      </button>
      <button type="button" aria-label="Next picture" onClick={() => onStep(1)} className={`${button} right-3`}>
        <OutlineIcon d={CHEVRON.next} viewBox="0 0 20 20" className="size-5" strokeWidth="1.8" />
      </button>
    </>
  );
}
