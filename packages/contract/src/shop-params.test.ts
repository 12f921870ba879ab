import { describe, expect, it } from 'vitest';
import {
  applyShopChange,
  clearShopFilters,
  defaultShopParams,
  hasShopFilters,
  parseShopParams,
  productListSearch,
  type ShopParams,
  searchPageQuery,
  shopParamsToSearch,
  shopQuery,
  toggleShopValue,
  toProductListParams,
} from './shop-params';

const parse = (query: string) => parseShopParams(new URLSearchParams(query));

describe('shop URL parameters', () => {
  it('an empty URL is the unfiltered first page of 12', () => {
    expect(parse('')).toEqual({
      category: [],
      color: [],
      size: [],
      inStock: false,
      price: [],
      page: 1,
      limit: 12,
    });
  });

  it("reads an older link's single values, the page and the page size", () => {
    expect(parse('category=dress&color=black&size=XS&inStock=true&price=50-100&page=3&limit=24')).toEqual({
      category: ['dress'],
      color: ['black'],
      size: ['XS'],
      inStock: true,
      price: ['50-100'],
      page: 3,
      limit: 24,
    });
    expect(parse('price=200-up').price).toEqual(['200-up']);
    expect(parse('size=One%20size').size).toEqual(['One size']);
  });

  it("reads several values of a facet, comma separated or repeated, in the shop's order", () => {
    expect(parse('color=red,black&size=M,XS&price=200-up,0-50&category=jewellery,dress')).toMatchObject({
      category: ['dress', 'jewellery'],
      color: ['black', 'red'],
      size: ['XS', 'M'],
      price: ['0-50', '200-up'],
    });
    expect(parse('color=red&color=black').color).toEqual(['black', 'red']);
    expect(parse('color=black,%20red,black').color).toEqual(['black', 'red']);
  });

  it('leaves out the values it does not know and keeps the others', () => {
    expect(parse('color=black,purple&size=XXL,M&category=all,dress&price=5-10,50-100')).toMatchObject({
      category: ['dress'],
      color: ['black'],
      size: ['M'],
      price: ['50-100'],
    });
  });

  it.each([
    'category=shoes',
    'category=all',
    'color=purple',
    'color=',
    'color=,',
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

  it('writes only what differs from the defaults, with readable commas, and reads back what it wrote', () => {
    expect(shopParamsToSearch(defaultShopParams).toString()).toBe('');
    const params: ShopParams = {
      category: ['jewellery'],
      color: ['black', 'gold'],
      size: ['7', 'One size'],
      inStock: true,
      price: ['100-200', '200-up'],
      page: 2,
      limit: 36,
    };
    expect(shopQuery(params)).toBe(
      'category=jewellery&color=black,gold&size=7,One+size&inStock=true&price=100-200,200-up&limit=36&page=2',
    );
    expect(parse(shopQuery(params))).toEqual(params);
    expect(parseShopParams(shopParamsToSearch(params))).toEqual(params);
  });

  it('goes back to page 1 whenever a filter or the page size changes', () => {
    const onPage3: ShopParams = { ...defaultShopParams, category: ['dress'], page: 3 };
    expect(applyShopChange(onPage3, { color: ['red'] })).toMatchObject({
      category: ['dress'],
      color: ['red'],
      page: 1,
    });
    expect(applyShopChange(onPage3, { category: [] }).page).toBe(1);
    expect(applyShopChange(onPage3, { price: ['0-50'] }).page).toBe(1);
    expect(applyShopChange(onPage3, { limit: 24 }).page).toBe(1);
  });

  it('keeps the filters when only the page changes', () => {
    const filtered: ShopParams = {
      ...defaultShopParams,
      category: ['dress'],
      color: ['red'],
      price: ['0-50'],
      limit: 24,
    };
    expect(applyShopChange(filtered, { page: 4 })).toEqual({ ...filtered, page: 4 });
  });

  it("ticks and unticks one value of a facet, keeping the shop's order", () => {
    const red: ShopParams = { ...defaultShopParams, color: ['red'] };
    expect(toggleShopValue(red, 'color', 'black', true)).toEqual({ color: ['black', 'red'] });
    expect(toggleShopValue(red, 'color', 'red', true)).toEqual({ color: ['red'] });
    expect(toggleShopValue(red, 'color', 'red', false)).toEqual({ color: [] });
    expect(toggleShopValue(red, 'price', '200-up', true)).toEqual({ price: ['200-up'] });
  });

  it('clearing the filters keeps the page size and returns to page 1', () => {
    const filtered: ShopParams = {
      category: ['dress'],
      color: ['red', 'blue'],
      size: ['M'],
      inStock: true,
      price: ['0-50'],
      page: 5,
      limit: 36,
    };
    expect(hasShopFilters(filtered)).toBe(true);
    expect(clearShopFilters(filtered)).toEqual({ ...defaultShopParams, limit: 36 });
    expect(hasShopFilters(clearShopFilters(filtered))).toBe(false);
    expect(hasShopFilters({ ...defaultShopParams, inStock: true })).toBe(true);
  });

  it('turns the choice into the API query: lists comma separated, price bands as bands', () => {
    const params = parse('price=100-200,200-up&category=dress&size=S,M&inStock=true&color=red');
    expect(toProductListParams(params)).toEqual({
      category: ['dress'],
      color: ['red'],
      size: ['S', 'M'],
      inStock: true,
      price: ['100-200', '200-up'],
      page: 1,
      limit: 12,
    });
    expect(productListSearch(toProductListParams(params))).toBe(
      'category=dress&color=red&size=S,M&inStock=true&price=100-200,200-up&page=1&limit=12',
    );
    expect(productListSearch(toProductListParams(parse('')))).toBe('page=1&limit=12');
  });

  it("still writes a category page's single category and the search page's text", () => {
    expect(productListSearch({ category: 'dress', limit: 48 })).toBe('category=dress&limit=48');
    expect(productListSearch({ category: 'all', q: 'red, silk', limit: 24 })).toBe('q=red,+silk&limit=24');
  });

  it("the search page's address is its text and the shop's filters, never a page or page size", () => {
    const params = parse('color=black,red&inStock=true&page=3&limit=24');
    expect(searchPageQuery('silk dress', params)).toBe('q=silk+dress&color=black,red&inStock=true');
    expect(searchPageQuery(null, params)).toBe('color=black,red&inStock=true');
    expect(searchPageQuery(null, defaultShopParams)).toBe('');
  });
});
