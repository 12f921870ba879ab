import { buttonClass } from '../button';

export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button type="button" onClick={onRetry} className={buttonClass('outline', 'sm', 'mt-4')}>
      Try again
    </button>
  );
}
