import { RATING_MAX } from '@shop/contract/constants';
import { useId } from 'react';
import { StarIcon } from '../../ui/icons';

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
            <StarIcon filled={star <= value} className={`size-8 ${star <= value ? 'text-clay' : 'text-taupe'}`} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
