/** @jsxRuntime automatic @jsxImportSource react */
import { CATEGORIES, COLORS } from '@shop/contract/constants';
import { ALL_SIZES } from '@shop/contract/inventory';
import type { ProductFacetsResponse } from '@shop/contract/products';
import { defaultShopParams, PRICE_BAND_KEYS, type ShopParams } from '@shop/contract/shop-params';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShopFilters } from './shop-filters';

const ignore = () => {};
const counted = <T extends string>(values: readonly T[], count: (value: T) => number) =>
  values.map((value) => ({ value, count: count(value) }));

const facets: ProductFacetsResponse = {
  category: counted(CATEGORIES, (c) => (c === 'dress' ? 7 : 0)),
  color: counted(COLORS, (c) => ({ black: 12, red: 1 })[c as string] ?? 0),
  size: counted(ALL_SIZES, () => 3),
  price: counted(PRICE_BAND_KEYS, (key) => (key === '200-up' ? 0 : 4)),
};

/** Each checkbox as a shopper's screen reader finds it: its name, and whether it is ticked or greyed. */
function checkboxes(params: ShopParams, answer: ProductFacetsResponse | undefined) {
  const html = renderToStaticMarkup(<ShopFilters params={params} facets={answer} onChange={ignore} onClear={ignore} />);
  return [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)]
    .map(([input]) => input)
    .filter((input) => !input.includes('role="switch"'))
    .map((input) => ({
      name: /aria-label="([^"]*)"/.exec(input)?.[1],
      checked: input.includes('checked=""'),
      disabled: input.includes('disabled=""'),
    }));
}
const named = (list: ReturnType<typeof checkboxes>, name: string) => list.find((box) => box.name?.startsWith(name));

describe('the shop filters', () => {
  it('are one fieldset with a legend per facet, every value a checkbox', () => {
    const html = renderToStaticMarkup(
      <ShopFilters params={defaultShopParams} facets={facets} onChange={ignore} onClear={ignore} />,
    );
    const legends = [...html.matchAll(/<fieldset[^>]*><legend[^>]*>([^<]*)<\/legend>/g)].map((m) => m[1]);
    expect(legends).toEqual(['Category', 'Color', 'Size', 'Price Range']);
    expect(checkboxes(defaultShopParams, facets)).toHaveLength(
      CATEGORIES.length + COLORS.length + ALL_SIZES.length + PRICE_BAND_KEYS.length,
    );
  });

  it("read each value's count with its name", () => {
    const list = checkboxes(defaultShopParams, facets);
    expect(named(list, 'Black')?.name).toBe('Black, 12 products');
    expect(named(list, 'Red')?.name).toBe('Red, 1 product');
    expect(named(list, 'Dress')?.name).toBe('Dress, 7 products');
    expect(named(list, 'Ring 7')?.name).toBe('Ring 7, 3 products');
    expect(named(list, '$50-$100')?.name).toBe('$50-$100, 4 products');
  });

  it('grey a value no product would match, unless it is ticked', () => {
    const params: ShopParams = { ...defaultShopParams, color: ['gold', 'black'], price: ['200-up'] };
    const list = checkboxes(params, facets);
    expect(named(list, 'Blue')).toEqual({ name: 'Blue, 0 products', checked: false, disabled: true });
    expect(named(list, 'Gold')).toEqual({ name: 'Gold, 0 products', checked: true, disabled: false });
    expect(named(list, 'Black')).toEqual({ name: 'Black, 12 products', checked: true, disabled: false });
    expect(named(list, '$200 and Above')).toMatchObject({ checked: true, disabled: false });
    expect(named(list, 'Accessories')).toMatchObject({ checked: false, disabled: true });
  });

  it('before the counts arrive, name the values alone and let every one be ticked', () => {
    const list = checkboxes({ ...defaultShopParams, size: ['M'] }, undefined);
    expect(named(list, 'Black')).toEqual({ name: 'Black', checked: false, disabled: false });
    expect(named(list, 'M')).toEqual({ name: 'M', checked: true, disabled: false });
    expect(list.every((box) => !box.disabled)).toBe(true);
  });

  it('let a row whose every value is greyed take the focus itself, so a keyboard can scroll it', () => {
    const nothing: ProductFacetsResponse = {
      ...facets,
      color: counted(COLORS, () => 0),
    };
    const html = renderToStaticMarkup(
      <ShopFilters params={defaultShopParams} facets={nothing} onChange={ignore} onClear={ignore} />,
    );
    const rows = [...html.matchAll(/<legend[^>]*>([^<]*)<\/legend><div([^>]*)>/g)].map((m) => [
      m[1],
      m[2]?.includes('tabindex="0"'),
    ]);
    expect(rows).toEqual([
      ['Category', false],
      ['Color', true],
      ['Size', false],
      ['Price Range', false],
    ]);
  });
});
