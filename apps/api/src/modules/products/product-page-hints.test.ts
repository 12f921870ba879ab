import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { shopPageHints } from './product-page-hints';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hintsAt = (address: string) => {
  const url = new URL(address, 'http://shop.test');
  return shopPageHints(t.db, t.app.deps.catalogueCache)(url);
};

describe("the shop page's hints", () => {
  it('start the list and its facets at the addresses the app asks for them, commas and all', async () => {
    const data = (await hintsAt('/shop?size=M&color=red,black&page=2&ref=ad')).filter((h) => h.kind === 'data');
    expect(data.map((h) => h.href)).toEqual([
      '/api/products/?color=black,red&size=M&page=2&limit=12',
      '/api/products/facets?color=black,red&size=M',
    ]);
    for (const { href } of data) expect((await t.app.inject({ method: 'GET', url: href })).statusCode, href).toBe(200);
  });

  it('ask for every count of an unfiltered shop', async () => {
    const data = (await hintsAt('/shop')).filter((h) => h.kind === 'data');
    expect(data.map((h) => h.href)).toEqual(['/api/products/?page=1&limit=12', '/api/products/facets']);
  });
});
