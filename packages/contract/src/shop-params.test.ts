import { describe, expect, it } from 'vitest';
import {
  applyShopChange,
  clearShopFilters,
  defaultShopParams,
  parseShopParams,
  type ShopParams,
  shopParamsToSearch,
  toProductListParams,
} from './shop-params';

const parse = (query: string) => parseShopParams(new URLSearchParams(query));

describe('shop URL parameters', () => {
  it('an empty URL is the unfiltered first page of 12', () => {
    expect(parse('')).toEqual({
      category: 'all',
      color: 'all',
      size: null,
      inStock: false,
      price: null,
      page: 1,
      limit: 12,
    });
  });

  it('reads every filter, the page and the page size', () => {
    expect(parse('category=dress&color=black&size=XS&inStock=true&price=50-100&page=3&limit=24')).toEqual({
      category: 'dress',
      color: 'black',
      size: 'XS',
      inStock: true,
      price: '50-100',
      page: 3,
      limit: 24,
    });
    expect(parse('price=200-up').price).toBe('200-up');
  });

  it.each([
    'category=shoes',
    'color=purple',
    'size=XXL',
    'inStock=yes',
    'price=5-10',
    'price=',
    'page=0',
    'page=-2',
    'page=2.5',
    'page=abc',
    'page=99999999',
    'limit=13',
    'limit=1000',
  ])('falls back to the default for %s', (query) => {
    expect(parse(query)).toEqual(defaultShopParams);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(shopParamsToSearch(defaultShopParams).toString()).toBe('');
    const params: ShopParams = {
      category: 'jewellery',
      color: 'gold',
      size: '7',
      inStock: true,
      price: '200-up',
      page: 2,
      limit: 36,
    };
    const search = shopParamsToSearch(params);
    expect(search.toString()).toBe('category=jewellery&color=gold&size=7&inStock=true&price=200-up&limit=36&page=2');
    expect(parseShopParams(search)).toEqual(params);
  });

  it('goes back to page 1 whenever a filter or the page size changes', () => {
    const onPage3: ShopParams = { ...defaultShopParams, category: 'dress', page: 3 };
    expect(applyShopChange(onPage3, { color: 'red' })).toMatchObject({ category: 'dress', color: 'red', page: 1 });
    expect(applyShopChange(onPage3, { category: 'all' }).page).toBe(1);
    expect(applyShopChange(onPage3, { price: '0-50' }).page).toBe(1);
    expect(applyShopChange(onPage3, { limit: 24 }).page).toBe(1);
  });

  it('keeps the filters when only the page changes', () => {
    const filtered: ShopParams = { ...defaultShopParams, category: 'dress', color: 'red', price: '0-50', limit: 24 };
    expect(applyShopChange(filtered, { page: 4 })).toEqual({ ...filtered, page: 4 });
  });

  it('clearing the filters keeps the page size and returns to page 1', () => {
    const filtered: ShopParams = {
      category: 'dress',
      color: 'red',
      size: 'M',
      inStock: true,
      price: '0-50',
      page: 5,
      limit: 36,
    };
    expect(clearShopFilters(filtered)).toEqual({ ...defaultShopParams, limit: 36 });
  });

  it('turns a price range into the API query, open-ended at the top', () => {
    expect(toProductListParams(parse('price=100-200&category=dress&size=S&inStock=true'))).toEqual({
      category: 'dress',
      color: 'all',
      size: 'S',
      inStock: true,
      minPrice: 100,
      maxPrice: 200,
      page: 1,
      limit: 12,
    });
    expect(toProductListParams(parse('price=200-up'))).toMatchObject({ minPrice: 200, maxPrice: undefined });
    expect(toProductListParams(parse(''))).toMatchObject({ minPrice: undefined, maxPrice: undefined });
  });
});
