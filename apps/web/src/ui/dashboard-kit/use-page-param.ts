import { MAX_PAGE } from '@shop/contract/constants';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The table's page in the address (?page=2), so a reload or a shared link keeps it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 && raw <= MAX_PAGE ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next <= 1) copy.delete('page');
          else copy.set('page', String(next));
          return copy;
        },
        { replace: false },
      ),
    [setParams],
  );
  return [page, setPage];
}
