import { describe, expect, it } from 'vitest';
import { testProduct } from '../../test/product';
import {
  checkProductForm,
  EMPTY_PRODUCT,
  formSizeScale,
  type ProductFormValues,
  productToValues,
} from './product-form-values';

const filled: ProductFormValues = {
  name: '  Linen Wrap Dress ',
  category: 'dress',
  color: 'green',
  price: '89.5',
  oldPrice: '',
  image: '/uploads/abc.webp',
  description: ' Cut on the bias. ',
  sizeScale: '',
  stock: {},
  colours: [],
};

describe('the product form check, before anything is sent', () => {
  it('turns a complete form into the product input, trimmed, prices as numbers, no old price as null', () => {
    expect(checkProductForm(filled)).toEqual({
      ok: true,
      input: {
        name: 'Linen Wrap Dress',
        category: 'dress',
        color: 'green',
        price: 89.5,
        oldPrice: null,
        image: '/uploads/abc.webp',
        description: 'Cut on the bias.',
      },
    });
  });

  it('an empty form is missing fields', () => {
    expect(checkProductForm(EMPTY_PRODUCT)).toEqual({ ok: false, problem: 'missing' });
  });

  it.each(['name', 'category', 'color', 'price', 'image', 'description'] as const)(
    'a missing %s is a missing field, blanks included',
    (field) => {
      expect(checkProductForm({ ...filled, [field]: '   ' })).toEqual({ ok: false, problem: 'missing' });
    },
  );

  it('a category or colour outside the shop lists is a missing choice', () => {
    expect(checkProductForm({ ...filled, category: 'shoes' })).toEqual({ ok: false, problem: 'missing' });
    expect(checkProductForm({ ...filled, color: 'purple' })).toEqual({ ok: false, problem: 'missing' });
  });

  it.each(['0', '-5', 'abc', '12.345', 'Infinity'])('refuses the price %s', (price) => {
    expect(checkProductForm({ ...filled, price })).toEqual({ ok: false, problem: 'price' });
  });

  it('keeps an old price when given, and refuses a bad one', () => {
    const withOld = checkProductForm({ ...filled, oldPrice: '120' });
    expect(withOld.ok && withOld.input.oldPrice).toBe(120);
    expect(checkProductForm({ ...filled, oldPrice: '0' })).toEqual({ ok: false, problem: 'price' });
  });

  it('prefills the update form from a product and gives it back unchanged', () => {
    // What the form edits, as the product has it and as the form gives it back.
    const fields = {
      name: 'Gold Hoops',
      category: 'jewellery',
      color: 'gold',
      price: 45,
      oldPrice: 60,
      image: '/uploads/hoops.webp',
      description: 'Light hoops.',
    } as const;
    const product = testProduct({
      ...fields,
      _id: '6c0d7e4e-2f4a-4c8e-9a53-0c4b1f0f9a11',
      rating: 4.5,
      reviewCount: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      variants: [{ size: 'One size', colour: 'gold', sku: 'LB-6C0D7E4E2F4A4C8E-OS', available: 12 }],
    });
    const values = productToValues(product);
    expect(values).toMatchObject({ price: '45', oldPrice: '60', category: 'jewellery' });
    expect(checkProductForm(values)).toEqual({ ok: true, input: fields });
  });

  it("gives a new product the sizes with a count, in its category's usual scale", () => {
    const check = checkProductForm({ ...filled, stock: { S: '4', M: ' 0 ', L: '' } }, true);
    expect(check).toMatchObject({
      ok: true,
      input: {
        sizeScale: 'clothing',
        variants: [
          { size: 'S', onHand: 4 },
          { size: 'M', onHand: 0 },
        ],
      },
    });
  });

  it('takes a scale the category allows and ignores counts typed for another scale', () => {
    const ring = { ...filled, category: 'jewellery', color: 'gold', sizeScale: 'ring', stock: { M: '3', '7': '2' } };
    expect(checkProductForm(ring, true)).toMatchObject({
      ok: true,
      input: { sizeScale: 'ring', variants: [{ size: '7', onHand: 2 }] },
    });
    expect(formSizeScale({ category: 'cosmetics', sizeScale: 'ring' })).toBe('one');
  });

  it('sends no sizes when none has a count: the server makes it one size with its opening stock', () => {
    const check = checkProductForm({ ...filled, stock: { M: ' ' } }, true);
    expect(check.ok && 'variants' in check.input).toBe(false);
  });

  it.each([{ M: '-1' }, { M: '2.5' }, { M: 'ten' }, { M: '100001' }])(
    'refuses a new product whose stock is %o',
    (stock) => {
      expect(checkProductForm({ ...filled, stock }, true)).toEqual({ ok: false, problem: 'stock' });
    },
  );
});

describe('a new product in several colours', () => {
  const black = {
    color: 'black',
    name: 'Ink',
    swatch: '#111111',
    price: '',
    pictures: [
      { url: '/uploads/ink-front.webp', alt: 'Ink front' },
      { url: '/uploads/ink-back.webp', alt: 'Ink back' },
    ],
  };
  const red = { ...black, color: 'red', name: 'Poppy', price: '99', pictures: [{ url: '/uploads/red.webp', alt: '' }] };

  it("sends the colours, the product's color and image being the first colour's, whatever the old fields say", () => {
    const check = checkProductForm({ ...filled, color: '', image: '', colours: [black, red], stock: { M: '2' } }, true);
    expect(check).toMatchObject({
      ok: true,
      input: {
        color: 'black',
        image: '/uploads/ink-front.webp',
        variants: [{ size: 'M', onHand: 2 }],
        colours: [
          { color: 'black', name: 'Ink', price: null, pictures: black.pictures },
          { color: 'red', name: 'Poppy', price: 99, pictures: [{ url: '/uploads/red.webp', alt: '' }] },
        ],
      },
    });
  });

  it('puts a colour without pictures, or a colour given twice, at the field it is about', () => {
    const check = checkProductForm({ ...filled, colours: [black, { ...red, pictures: [] }] });
    expect(check).toEqual({
      ok: false,
      problem: 'colours',
      problems: [{ path: 'colours.1.pictures', message: 'A colour needs at least one picture' }],
    });
    const twice = checkProductForm({ ...filled, colours: [black, { ...black }] });
    expect(twice).toMatchObject({ ok: false, problem: 'colours', problems: [{ path: 'colours' }] });
  });

  it('still asks for the fields every product needs', () => {
    expect(checkProductForm({ ...filled, name: ' ', colours: [black] })).toEqual({ ok: false, problem: 'missing' });
  });
});
