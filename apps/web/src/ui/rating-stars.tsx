import { RATING_MAX } from '@shop/contract/constants';
import { useId } from 'react';

interface RatingStarsProps {
  value: number;
  className?: string;
  /** Stars are decorative when the rating is also written in text next to them. */
  size?: 'sm' | 'md';
}

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

/** A 0-5 rating as five stars, filled to the nearest half. */
export function RatingStars({ value, className = '', size = 'sm' }: RatingStarsProps) {
  const id = useId();
  const rounded = Math.round(Math.min(Math.max(value, 0), RATING_MAX) * 2) / 2;
  const px = size === 'sm' ? 'size-3.5' : 'size-5';
  return (
    <span
      role="img"
      aria-label={`Rated ${rounded} out of ${RATING_MAX}`}
      className={`inline-flex items-center gap-0.5 text-clay ${className}`}
    >
      {Array.from({ length: RATING_MAX }, (_, i) => {
        const fill = rounded >= i + 1 ? 1 : rounded >= i + 0.5 ? 0.5 : 0;
        const gradientId = `${id}-half`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never reorder
          <svg key={i} viewBox="0 0 20 20" aria-hidden="true" className={px}>
            {fill === 0.5 && (
              <defs>
                <linearGradient id={gradientId}>
                  <stop offset="50%" stopColor="currentColor" />
                  <stop offset="50%" stopColor="transparent" />
                </linearGradient>
              </defs>
            )}
            <path
              d={STAR_PATH}
              fill={fill === 1 ? 'currentColor' : fill === 0.5 ? `url(#${gradientId})` : 'none'}
              stroke="currentColor"
              strokeWidth="1.2"
              strokeLinejoin="round"
            />
          </svg>
        );
      })}
    </span>
  );
}
