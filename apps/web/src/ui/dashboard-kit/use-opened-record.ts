import { useCallback, useState } from 'react';

/**
 * The record a dashboard modal works on. It outlives the modal's closing, so the modal's form does not
 * empty while it fades out; each opening gets a fresh modal (`key`) starting from the record as it is.
 */
export function useOpenedRecord<T>() {
  const [state, setState] = useState<{ record: T | null; open: boolean; n: number }>({
    record: null,
    open: false,
    n: 0,
  });
  const openWith = useCallback((record: T) => setState((s) => ({ record, open: true, n: s.n + 1 })), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { record: state.record, open: state.open, key: state.n, openWith, close };
}
