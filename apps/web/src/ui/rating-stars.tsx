import { RATING_MAX } from '@shop/contract/constants';
import { useId } from 'react';
import { STAR_PATH } from './icons';

interface RatingStarsProps {
  value: number;
  className?: string;
  /** Stars are decorative when the rating is also written in text next to them. */
  size?: 'sm' | 'md';
}

/** Star and gap in the drawing's units: a star is 20 wide, as its path is drawn. */
const STAR_STEP = 22.5;
const WIDTH = STAR_STEP * (RATING_MAX - 1) + 20;

/**
 * A 0-5 rating as five stars, filled to the nearest half. One drawing for the five: a grid of fifty
 * products showed two hundred and fifty of them otherwise, which a phone lays out and paints one by one.
 */
export function RatingStars({ value, className = '', size = 'sm' }: RatingStarsProps) {
  const id = useId();
  const rounded = Math.round(Math.min(Math.max(value, 0), RATING_MAX) * 2) / 2;
  const gradientId = `${id}-half`;
  // 14 and 20 pixels high, as wide as five stars with their gaps.
  const box = size === 'sm' ? 'h-3.5 w-[78.75px]' : 'h-5 w-[112.5px]';
  return (
    <span
      role="img"
      aria-label={`Rated ${rounded} out of ${RATING_MAX}`}
      className={`inline-flex text-clay ${className}`}
    >
      <svg viewBox={`0 0 ${WIDTH} 20`} aria-hidden="true" className={box}>
        {rounded % 1 !== 0 && (
          <defs>
            <linearGradient id={gradientId}>
              <stop offset="50%" stopColor="currentColor" />
              <stop offset="50%" stopColor="transparent" />
            </linearGradient>
          </defs>
        )}
        {Array.from({ length: RATING_MAX }, (_, i) => {
          const fill = rounded >= i + 1 ? 'currentColor' : rounded >= i + 0.5 ? `url(#${gradientId})` : 'none';
          return (
            <path
              // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never reorder
              key={i}
              d={STAR_PATH}
              transform={`translate(${i * STAR_STEP} 0)`}
              fill={fill}
              stroke="currentColor"
              strokeWidth="1.2"
              strokeLinejoin="round"
            />
          );
        })}
      </svg>
    </span>
  );
}
