import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiPaths } from '@shop/contract/api-paths';
import type { ProductFacetsResponse } from '@shop/contract/products';
import { ok } from './api';
import { escapeRegExp } from './storefront';
import { expect } from './test';

/** The shop's and the search page's filters. */
export const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
export const facetGroup = (page: Page, legend: string) => filters(page).getByRole('group', { name: legend });
/** A facet's value, whatever its count: its checkbox is named "Black, 12 products". */
export const facetValue = (page: Page, legend: string, name: string) =>
  facetGroup(page, legend).getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(name)}(, \\d+ products?)?$`) });
export const available = (page: Page) => page.getByText(/^Available Products: \d+$/);

/** The count a value's checkbox is read with. */
export async function countOf(box: Locator): Promise<number> {
  const name = (await box.getAttribute('aria-label')) ?? '';
  const count = /, (\d+) products?$/.exec(name)?.[1];
  if (count === undefined) throw new Error(`no count in the checkbox named "${name}"`);
  return Number(count);
}

/**
 * Ticks or unticks a value as a shopper does, by its label (a size chip's box is hidden on wide screens);
 * the box follows the URL, so it shows the new state once the URL has changed.
 */
export async function tick(box: Locator, checked = true): Promise<void> {
  await box.locator('xpath=ancestor::label').click();
  await expect(box).toBeChecked({ checked });
}

export async function facetCounts(request: APIRequestContext, query: string): Promise<ProductFacetsResponse> {
  return ok(await request.get(`${apiPaths.productFacets}?${query}`), `facets for ${query}`);
}

export const countIn = (facets: ProductFacetsResponse, facet: keyof ProductFacetsResponse, value: string) =>
  facets[facet].find((entry) => entry.value === value)?.count ?? 0;
