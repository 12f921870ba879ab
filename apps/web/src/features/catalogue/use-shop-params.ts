import {
  applyShopChange,
  clearShopFilters,
  parseShopParams,
  type ShopParams,
  shopQuery,
} from '@shop/contract/shop-params';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The query string a page writes for a choice of filters, given the one it has now. */
export type ShopQueryOf = (params: ShopParams, current: URLSearchParams) => string;

const shopPageQuery: ShopQueryOf = (params) => shopQuery(params);

/**
 * The shop's filters and page, read from and written to the URL; each change is a new history entry, so
 * the back button undoes it. The address keeps its lists' commas readable (`color=black,red`).
 */
export function useShopParams(queryOf: ShopQueryOf = shopPageQuery) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const params = useMemo(() => parseShopParams(searchParams), [searchParams]);

  const go = useCallback(
    (next: (current: ShopParams) => ShopParams) => {
      const query = queryOf(next(parseShopParams(searchParams)), searchParams);
      navigate({ search: query ? `?${query}` : '' });
    },
    [navigate, queryOf, searchParams],
  );

  const update = useCallback((change: Partial<ShopParams>) => go((c) => applyShopChange(c, change)), [go]);
  const clearFilters = useCallback(() => go(clearShopFilters), [go]);

  return { params, update, clearFilters };
}
