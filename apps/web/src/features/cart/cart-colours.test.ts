import { describe, expect, it } from 'vitest';
import { testProduct } from '../../test/product';
import { addToCart, cartLineKey, cartReducer, emptyCart } from './cart.slice';
import { loadCart } from './cart.storage';
import { cartLineName, cartLineOf } from './use-add-to-cart';

const dress = testProduct({
  sizeScale: 'clothing',
  colours: [
    {
      color: 'beige',
      name: 'Sand',
      swatch: '#e3d3b8',
      price: null,
      pictures: [{ url: '/uploads/sand.webp', alt: 'Sand' }],
    },
    {
      color: 'red',
      name: 'Poppy',
      swatch: '#c0392b',
      price: 34,
      pictures: [{ url: '/uploads/poppy.webp', alt: 'Poppy' }],
    },
  ],
  variants: [
    { size: 'M', colour: 'beige', sku: 'WD-BE-M', available: 5 },
    { size: 'M', colour: 'red', sku: 'WD-RE-M', available: 2 },
  ],
});
const [sandM, poppyM] = dress.variants;

describe('colours in the cart', () => {
  it("makes a line of the colour and size chosen, with the colour's picture and price", () => {
    const line = cartLineOf(dress, poppyM);
    expect(line).toMatchObject({
      colour: 'red',
      colourName: 'Poppy',
      size: 'M',
      sku: 'WD-RE-M',
      image: '/uploads/poppy.webp',
      price: 34,
      available: 2,
    });
    expect(cartLineName(line)).toBe('Linen Wrap Dress (Poppy, size M)');
    expect(cartLineOf(dress, sandM)).toMatchObject({ colour: 'beige', price: 28, image: '/uploads/sand.webp' });
  });

  it('keeps one size in two colours as two lines', () => {
    const cart = [cartLineOf(dress, sandM), cartLineOf(dress, poppyM), cartLineOf(dress, poppyM)].reduce(
      (state, line) => cartReducer(state, addToCart(line)),
      emptyCart,
    );
    expect(cart.products.map(cartLineKey)).toEqual([`${dress._id}|beige|M`, `${dress._id}|red|M`]);
  });

  it('names no colour for a product of one colour, so its line is the one it was before colours', () => {
    const line = cartLineOf(testProduct());
    expect(line.colour).toBeUndefined();
    expect(cartLineKey(line)).toBe(testProduct()._id);
    expect(cartLineName(line)).toBe('Linen Wrap Dress');
  });

  it('restores a stored line with its colour and drops one naming a colour the shop does not have', () => {
    const stored = [
      { ...cartLineOf(dress, poppyM), quantity: 1 },
      { ...cartLineOf(dress, sandM), colour: 'purple', quantity: 1 },
    ];
    const cart = loadCart({ getItem: () => JSON.stringify(stored) });
    expect(cart.products.map((p) => [p.colour, p.colourName])).toEqual([['red', 'Poppy']]);
  });
});
