import { EmptyState } from '../../ui/status-message';

/** A list its filters left empty: the way back is to clear them. */
export function FiltersEmptyState({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState title="Nothing matches these filters">
      <p>Try another colour, size or price range, or start again.</p>
      <button type="button" onClick={onClear} className="btn btn-outline btn-sm mt-5">
        Clear Filters
      </button>
    </EmptyState>
  );
}
