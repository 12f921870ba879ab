import { RATING_MAX } from '@shop/contract/constants';
import { useId } from 'react';

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
export function StarRatingInput({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="field-label">Rating</legend>
      <div className="flex gap-1">
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-clay"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            <span className="sr-only">{`${star} star${star > 1 ? 's' : ''}`}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={`size-8 ${star <= value ? 'text-clay' : 'text-taupe'}`}
            >
              <path
                d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z"
                fill={star <= value ? 'currentColor' : 'none'}
                stroke="currentColor"
                strokeWidth="1.2"
                strokeLinejoin="round"
              />
            </svg>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
