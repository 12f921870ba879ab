import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productColours } from '../../db/schema';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { productPageHints, shopPageHints } from './product-page-hints';

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

describe("a product page's hints", () => {
  it("preload the first picture of the colour the address names, else the product's own", async () => {
    const dress = await createProduct(t.db, { category: 'dress', color: 'black', colours: ['black', 'red'] });
    await t.db
      .update(productColours)
      .set({ pictures: [{ url: '/uploads/red-front.webp', alt: 'Red, front' }] })
      .where(and(eq(productColours.productId, dress.id), eq(productColours.color, 'red')));
    const imageOf = async (address: string) => {
      const hints = await productPageHints(t.db, t.app.deps.catalogueCache)(new URL(address, 'http://shop.test'));
      return hints.find((h) => h.kind === 'image')?.href;
    };
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${dress.id}` });
    expect(page.json().product.colours[1].pictures[0].url).toBe('/uploads/red-front.webp');
    expect(await imageOf(`/shop/${dress.id}?colour=red`)).toBe('/uploads/red-front-1200.avif');
    expect(await imageOf(`/shop/${dress.id}`)).toBe(await imageOf(`/shop/${dress.id}?colour=blue`));
    expect(await imageOf(`/shop/${dress.id}`)).not.toBe('/uploads/red-front-1200.avif');
  });
});
