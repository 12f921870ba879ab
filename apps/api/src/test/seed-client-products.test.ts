import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { createProduct } from './factories';
import { admin, dress, listShape, startSeedClientShop, stopSeedClientShop, t, visitor } from './seed-client-test-kit';

/** The seed screens' catalogue, product form and image upload calls (see seed-client-test-kit.ts). */
beforeAll(startSeedClientShop);
afterAll(stopSeedClientShop);

describe("the seed screens' products calls", () => {
  it.each([
    // The shop, home and manage-products screens with every filter unset.
    ['/api/products/?category=&color=&minPrice=0&maxPrice=&limit=12&page=1', null],
    ['/api/products/?category=&color=&minPrice=0&maxPrice=&limit=50&page=1', null],
    ['/api/products/?category=&color=&minPrice=0&maxPrice=&limit=6&page=1', null],
    // A category page, and the shop with one filter chosen.
    ['/api/products/?category=dress&color=&minPrice=0&maxPrice=&limit=12&page=1', 'dress'],
    ['/api/products/?category=dress&color=&minPrice=0&maxPrice=&limit=50&page=1', 'dress'],
    // "$200 and Above" is open-ended.
    ['/api/products/?category=all&color=all&minPrice=200&maxPrice=Infinity&limit=12&page=1', 'ring'],
  ])('GET %s', async (url, expected) => {
    const res = await visitor.send('GET', url);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(listShape);
    const names = body.products.map((p: { name: string }) => p.name);
    if (expected === null) expect(names).toEqual(expect.arrayContaining(['Wrap Dress', 'Band Ring']));
    if (expected === 'dress') expect(names).toEqual(['Wrap Dress']);
    if (expected === 'ring') expect(names).toEqual(['Band Ring']);
  });

  it('GET /api/products/?...&maxPrice=abc is refused with a message', async () => {
    const res = await visitor.send('GET', '/api/products/?category=&color=&minPrice=0&maxPrice=abc&limit=12&page=1');
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'Invalid querystring maxPrice: maxPrice must be a number of dollars' },
    ]);
  });

  it('GET /api/products/{id} gives the product and its reviews', async () => {
    const res = await visitor.send('GET', `/api/products/${dress.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ product: { _id: dress.id, name: 'Wrap Dress', price: 49.99 }, reviews: [] });
  });

  it('GET /api/products/related/{id}', async () => {
    const res = await visitor.send('GET', `/api/products/related/${dress.id}`);
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('POST /api/products/create-product with the form price as text and the author', async () => {
    const res = await admin.send('POST', '/api/products/create-product', {
      name: 'Seed Form Blouse',
      category: 'accessories',
      color: 'beige',
      price: '49.5',
      description: 'Typed in the add product form.',
      image: '/uploads/blouse.webp',
      author: admin.user._id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ name: 'Seed Form Blouse', price: 49.5, author: admin.user._id });
  });

  it('PATCH /api/products/update-product/{id} with {"price": "55"} and with the whole form', async () => {
    const product = await createProduct(t.db, { priceCents: 1000 });
    const res = await admin.send('PATCH', `/api/products/update-product/${product.id}`, { price: '55' });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.price).toBe(55);

    const whole = await admin.send('PATCH', `/api/products/update-product/${product.id}`, {
      name: 'Renamed in the form',
      category: 'dress',
      color: 'black',
      price: 55,
      description: 'Edited.',
      image: '/uploads/test.webp',
      author: admin.user._id,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.json().product).toMatchObject({ name: 'Renamed in the form', price: 55 });
  });

  it('DELETE /api/products/{id}', async () => {
    const product = await createProduct(t.db);
    expect((await admin.send('DELETE', `/api/products/${product.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
  });

  it('a price that is not a number is still refused', async () => {
    for (const price of ['abc', '', '1e400', '-5', '0']) {
      const res = await admin.send('POST', '/api/products/create-product', {
        name: 'Bad price',
        category: 'dress',
        color: 'red',
        price,
        description: 'x',
        image: '/uploads/x.webp',
        author: admin.user._id,
      });
      expect(res.statusCode, price).toBe(400);
      expect(res.json().message, price).toMatch(/^Invalid price: Price must be (a number|greater than 0)$/);
    }
  });
});

describe("the seed screens' image upload call", () => {
  it.each(['/uploadImage', '/api/uploadImage'])('POST %s with {image: data URL} answers the URL', async (url) => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    const res = await admin.send('POST', url, { image: `data:image/png;base64,${png.toString('base64')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
  });
});
