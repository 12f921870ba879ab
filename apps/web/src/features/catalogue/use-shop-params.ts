import {
  applyShopChange,
  clearShopFilters,
  parseShopParams,
  type ShopParams,
  shopParamsToSearch,
} from '@shop/contract/shop-params';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The shop's filters and page, read from and written to the URL. */
export function useShopParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseShopParams(searchParams), [searchParams]);

  const navigate = useCallback(
    (next: (current: ShopParams) => ShopParams) =>
      setSearchParams((prev) => shopParamsToSearch(next(parseShopParams(prev)))),
    [setSearchParams],
  );

  const update = useCallback((change: Partial<ShopParams>) => navigate((c) => applyShopChange(c, change)), [navigate]);
  const clearFilters = useCallback(() => navigate(clearShopFilters), [navigate]);

  return { params, update, clearFilters };
}
