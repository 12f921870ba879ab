import { DEFAULT_OPENING_STOCK } from '@shop/contract/inventory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

const UNKNOWN_ID = '6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b';
const validInput = {
  name: 'Linen Shirt Dress',
  category: 'dress',
  color: 'beige',
  price: 79.9,
  oldPrice: 99.5,
  description: 'Breezy linen for summer days.',
  image: '/uploads/linen.webp',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  customer = await createUser(t.db);
  await createUser(t.db);
});
afterAll(() => t.close());

const countProducts = async () => (await t.db.select({ id: products.id }).from(products)).length;
const productRow = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];

function send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(user ? { headers: user.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('POST /api/products/create-product', () => {
  it('creates a product as the admin, ignoring rating, author, _id and other extras', async () => {
    const res = await send('POST', '/api/products/create-product', admin, {
      ...validInput,
      rating: 5,
      reviewCount: 99,
      author: customer.id,
      _id: UNKNOWN_ID,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'Product added successfully',
      product: {
        _id: expect.any(String),
        name: 'Linen Shirt Dress',
        category: 'dress',
        description: 'Breezy linen for summer days.',
        price: 79.9,
        oldPrice: 99.5,
        image: '/uploads/linen.webp',
        color: 'beige',
        rating: 0,
        reviewCount: 0,
        author: admin.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        // Without sizes in the body (the original form has none): one size, the default stock.
        sizeScale: 'one',
        // Without colours: one, its colour, with its picture.
        colours: [
          {
            color: 'beige',
            name: 'Beige',
            swatch: '#e3d3b8',
            price: null,
            pictures: [{ url: '/uploads/linen.webp', alt: 'Linen Shirt Dress' }],
          },
        ],
        variants: [
          {
            size: 'One size',
            colour: 'beige',
            sku: expect.stringMatching(/^LB-[0-9A-F]{16}-OS$/),
            available: DEFAULT_OPENING_STOCK,
          },
        ],
        inStock: true,
      },
    });
    expect(body.product._id).not.toBe(UNKNOWN_ID);
    expect(new Date(body.product.createdAt).getFullYear()).toBeGreaterThan(2000);
    expect(await productRow(body.product._id)).toMatchObject({ priceCents: 7990, oldPriceCents: 9950, rating: 0 });
  });

  it('trims text and accepts a missing or null old price', async () => {
    const { oldPrice: _old, ...withoutOld } = validInput;
    const res = await send('POST', '/api/products/create-product', admin, { ...withoutOld, name: '  Trimmed  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ name: 'Trimmed', oldPrice: null });
    const withNull = await send('POST', '/api/products/create-product', admin, { ...validInput, oldPrice: null });
    expect([withNull.statusCode, withNull.json().product.oldPrice]).toEqual([201, null]);
  });

  it.each([
    ['price 0', { price: 0 }, 'Invalid price: Price must be greater than 0'],
    ['a negative price', { price: -5 }, 'Invalid price: Price must be greater than 0'],
    ['a text price', { price: 'abc' }, 'Invalid price: Price must be a number'],
    ['an empty price', { price: '' }, 'Invalid price: Price must be a number'],
    ['an exponent price', { price: '1e400' }, 'Invalid price: Price must be a number'],
    ['a negative text price', { price: '-5' }, 'Invalid price: Price must be greater than 0'],
    ['a zero text price', { price: '0' }, 'Invalid price: Price must be greater than 0'],
    ['a text price with three decimals', { price: '10.005' }, 'Invalid price: Price can have at most two decimals'],
    ['a text old price', { oldPrice: 'abc' }, 'Invalid oldPrice: Price must be a number'],
    ['three decimals', { price: 10.005 }, 'Invalid price: Price can have at most two decimals'],
    ['a huge price', { price: 1e12 }, 'Invalid price: Price is too large'],
    ['a negative old price', { oldPrice: -1 }, 'Invalid oldPrice: Price must be greater than 0'],
    ['no name', { name: undefined }, 'Invalid name: Name is required'],
    ['a blank name', { name: '   ' }, 'Invalid name: Name is required'],
    ['a numeric name', { name: 42 }, 'Invalid name: Name is required'],
    ['a long name', { name: 'n'.repeat(121) }, 'Invalid name: Name must be at most 120 characters'],
    ['an unknown category', { category: 'shoes' }, expect.stringMatching(/^Invalid category: Category must be/)],
    ['an unknown colour', { color: 'purple' }, expect.stringMatching(/^Invalid color: Color must be/)],
    ['no description', { description: undefined }, 'Invalid description: Description is required'],
    ['a script image', { image: 'javascript:alert(1)' }, 'Invalid image: Image must be an uploaded image URL'],
    ['no image', { image: undefined }, 'Invalid image: Image is required'],
  ])('refuses %s with 400 and writes nothing', async (_label, change, message) => {
    const before = await countProducts();
    const res = await send('POST', '/api/products/create-product', admin, { ...validInput, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await countProducts()).toBe(before);
  });

  it('takes prices written as decimal text, as a number input sends them, rounded to cents', async () => {
    const res = await send('POST', '/api/products/create-product', admin, {
      ...validInput,
      price: '49.5',
      oldPrice: ' 59.90 ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ price: 49.5, oldPrice: 59.9 });
    expect(await productRow(res.json().product._id)).toMatchObject({ priceCents: 4950, oldPriceCents: 5990 });
  });

  it('refuses a body that is not a JSON object', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/products/create-product',
        headers: { ...admin.headers, 'content-type': contentType },
        payload,
      });
    const before = await countProducts();
    for (const payload of ['[]', '42', 'null', '"text"', '{"name":']) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    const form = await post('name=Dress', 'application/x-www-form-urlencoded');
    expect([form.statusCode, form.json()]).toEqual([
      415,
      { message: 'Send the request body as JSON, with Content-Type: application/json' },
    ]);
    expect(await countProducts()).toBe(before);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await send('POST', '/api/products/create-product', admin, {
      ...validInput,
      description: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large' });
  });
});

describe('PATCH /api/products/update-product/:id', () => {
  it('takes a price written as text', async () => {
    const product = await createProduct(t.db, { priceCents: 4999 });
    const res = await send('PATCH', `/api/products/update-product/${product.id}`, admin, { price: '55' });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.price).toBe(55);
    expect(await productRow(product.id)).toMatchObject({ priceCents: 5500 });
  });

  it('changes only the fields given, keeps rating and author, and clears the old price with null', async () => {
    const product = await createProduct(t.db, { name: 'Old Name', oldPriceCents: 9999, rating: 4.2 });
    const res = await send('PATCH', `/api/products/update-product/${product.id}`, admin, {
      name: 'New Name',
      price: 12.5,
      oldPrice: null,
      rating: 1,
      author: customer.id,
      reviewCount: 7,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Product Updated Successfully!',
      product: expect.objectContaining({
        _id: product.id,
        name: 'New Name',
        price: 12.5,
        oldPrice: null,
        category: product.category,
        color: product.color,
        description: product.description,
        rating: 4.2,
        reviewCount: 0,
        author: null,
      }),
    });
    const row = await productRow(product.id);
    expect(row).toMatchObject({ name: 'New Name', priceCents: 1250, oldPriceCents: null, rating: 4.2 });
    expect(row?.updatedAt.getTime()).toBeGreaterThan(product.updatedAt.getTime());
  });

  it.each([
    ['an empty body', {}, 'Nothing to update'],
    ['only server fields', { rating: 5, author: UNKNOWN_ID }, 'Nothing to update'],
    ['price 0', { price: 0 }, 'Invalid price: Price must be greater than 0'],
    ['a text price', { price: 'abc' }, 'Invalid price: Price must be a number'],
    ['an empty price', { price: '' }, 'Invalid price: Price must be a number'],
    ['an exponent price', { price: '1e400' }, 'Invalid price: Price must be a number'],
    ['a negative text price', { price: '-1' }, 'Invalid price: Price must be greater than 0'],
    ['three decimals', { price: 1.999 }, 'Invalid price: Price can have at most two decimals'],
    ['a blank name', { name: '' }, 'Invalid name: Name is required'],
    ['an unknown category', { category: 'hats' }, expect.stringMatching(/^Invalid category:/)],
  ])('refuses %s with 400 and changes nothing', async (_label, payload, message) => {
    const product = await createProduct(t.db);
    const res = await send('PATCH', `/api/products/update-product/${product.id}`, admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await productRow(product.id)).toEqual(product);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await send('PATCH', `/api/products/update-product/${UNKNOWN_ID}`, admin, { name: 'X' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Product not found' }]);
    const malformed = await send('PATCH', '/api/products/update-product/42', admin, { name: 'X' });
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'Invalid params id: Invalid id' }]);
  });
});
