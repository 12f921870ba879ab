/**
 * The shop's icons, drawn in the text's colour. Each is decorative (`aria-hidden`): the button or link
 * around it carries the name a screen reader reads.
 */

interface IconProps {
  className?: string;
  strokeWidth?: string;
}

interface OutlineIconProps extends IconProps {
  /** The drawing, as one path of round-ended strokes. */
  d: string;
  viewBox?: string;
}

/** A line drawing given its path, of round-ended strokes; the icons below are its named uses. */
export function OutlineIcon({ d, className, strokeWidth = '1.5', viewBox = '0 0 24 24' }: OutlineIconProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox={viewBox}
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
    >
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Two crossed strokes, on buttons that close a dialog, a panel or a search. */
export function CloseIcon({ className = 'size-5', strokeWidth = '1.6' }: IconProps) {
  return <OutlineIcon d="M5 5l10 10M15 5L5 15" viewBox="0 0 20 20" className={className} strokeWidth={strokeWidth} />;
}

/** A plus, on buttons that add (to the cart, a review). */
export function PlusIcon({ className = 'size-5', strokeWidth = '1.6' }: IconProps) {
  return <OutlineIcon d="M10 4v12M4 10h12" viewBox="0 0 20 20" className={className} strokeWidth={strokeWidth} />;
}

/** A tick, for a step that is done. */
export function CheckIcon({ className = 'size-4', strokeWidth = '2.2' }: IconProps) {
  return <OutlineIcon d="M5 10.5l3.2 3.2L15 7" viewBox="0 0 20 20" className={className} strokeWidth={strokeWidth} />;
}

/** A framed landscape, where an image goes. */
export function ImageIcon({ className = 'size-7', strokeWidth = '1.4' }: IconProps) {
  return (
    <OutlineIcon
      d="M4 16l4.5-4.5 3 3L15 11l5 5M4 5h16v14H4V5zm5 4.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3z"
      className={className}
      strokeWidth={strokeWidth}
    />
  );
}

/** Three lines when a menu is closed, a cross when it is open. */
export function MenuToggleIcon({ open, className = 'size-4' }: { open: boolean; className?: string }) {
  return (
    <OutlineIcon
      d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
      className={className}
      strokeWidth="1.6"
    />
  );
}

/** One star's outline, 20 units wide; the rating stars repeat it. */
export const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

/** One star, filled or an outline. */
export function StarIcon({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className}>
      <path
        d={STAR_PATH}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
