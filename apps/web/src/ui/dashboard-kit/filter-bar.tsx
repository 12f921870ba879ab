import { useSearchParams } from 'react-router';
import { Button } from '../button';

/** The end of a list's filter form: Apply sends it, Clear empties it and shows everything again. */
export function FilterActions({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
      <Button type="submit" className="flex-1 lg:flex-none">
        Apply
      </Button>
      <Button variant="ghost" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}

/**
 * A list's filters kept in the address, so a filtered list can be reloaded, shared and gone back to:
 * applying writes the given keys that have a value, and nothing else.
 */
export function useFilterParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const apply = (next: Partial<Record<K, string | number | undefined>>) =>
    setParams(() => {
      const copy = new URLSearchParams();
      for (const key of keys) if (next[key]) copy.set(key, String(next[key]));
      return copy;
    });
  return { params, apply };
}
