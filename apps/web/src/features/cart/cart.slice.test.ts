import { MAX_CART_LINE_QUANTITY, MAX_CART_LINES, TAX_RATE } from '@shop/contract/constants';
import { cartTotals } from '@shop/contract/money';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  addToCartOutcome,
  type CartProduct,
  type CartState,
  cartLineKey,
  cartReducer,
  clearCart,
  decreaseQuantity,
  emptyCart,
  increaseQuantity,
  limitToAvailable,
  removeFromCart,
} from './cart.slice';

const product = (id: string, price: number, extra: Partial<CartProduct> = {}): CartProduct => ({
  _id: id,
  name: `Product ${id}`,
  price,
  image: `/uploads/${id}.webp`,
  ...extra,
});
const scarf = product('scarf', 10.1);
const dress = product('dress', 24.99, { category: 'dress', color: 'black', oldPrice: 39.99 });

const run = (...actions: Parameters<typeof cartReducer>[1][]) => actions.reduce(cartReducer, emptyCart);

/** Every total must equal the contract's one computation of them (the server charges the same). */
function expectTotalsConsistent(state: CartState) {
  expect({
    selectedItems: state.selectedItems,
    totalPrice: state.totalPrice,
    tax: state.tax,
    grandTotal: state.grandTotal,
  }).toEqual(cartTotals(state.products));
  expect(state.taxRate).toBe(TAX_RATE);
}

describe("cart slice: the cart's lines, their quantities and the totals", () => {
  it('starts empty with zero totals and the tax rate', () => {
    expect(emptyCart).toEqual({ products: [], selectedItems: 0, totalPrice: 0, tax: 0, taxRate: 0.05, grandTotal: 0 });
  });

  it('adds a new product with quantity 1, copying its other fields', () => {
    const state = run(addToCart(dress));
    expect(state.products).toEqual([{ ...dress, quantity: 1 }]);
    expect(state).toMatchObject({ selectedItems: 1, totalPrice: 24.99, tax: 1.25, grandTotal: 26.24 });
    expectTotalsConsistent(state);
  });

  it('changes nothing when the product is already in the cart', () => {
    const once = run(addToCart(dress), increaseQuantity('dress'));
    const twice = cartReducer(once, addToCart({ ...dress, price: 1 }));
    expect(twice).toBe(once);
    expect(twice.products).toHaveLength(1);
    expect(twice.products[0]?.quantity).toBe(2);
    expect(addToCartOutcome(once, 'dress')).toBe('already-in-cart');
    expect(addToCartOutcome(once, 'scarf')).toBe('added');
  });

  it('raises a quantity by one and recomputes every total', () => {
    const state = run(addToCart(scarf), addToCart(dress), increaseQuantity('scarf'));
    expect(state.products.map((p) => p.quantity)).toEqual([2, 1]);
    // 2 x 10.10 + 24.99 = 45.19; 5% = 2.2595, rounded to 2.26.
    expect(state).toMatchObject({ selectedItems: 3, totalPrice: 45.19, tax: 2.26, grandTotal: 47.45 });
    expectTotalsConsistent(state);
  });

  it('lowers a quantity by one but never below 1', () => {
    const two = run(addToCart(scarf), increaseQuantity('scarf'));
    const one = cartReducer(two, decreaseQuantity('scarf'));
    expect(one.products[0]?.quantity).toBe(1);
    const still = cartReducer(one, decreaseQuantity('scarf'));
    expect(still).toBe(one);
    expect(still).toMatchObject({ selectedItems: 1, totalPrice: 10.1, tax: 0.51, grandTotal: 10.61 });
  });

  it('stops raising a quantity at the most one order line may hold', () => {
    let state = run(addToCart(scarf));
    for (let i = 0; i < MAX_CART_LINE_QUANTITY + 5; i++) state = cartReducer(state, increaseQuantity('scarf'));
    expect(state.products[0]?.quantity).toBe(MAX_CART_LINE_QUANTITY);
    expectTotalsConsistent(state);
  });

  it('ignores quantity changes and removals of products not in the cart', () => {
    const state = run(addToCart(scarf));
    expect(cartReducer(state, increaseQuantity('nope'))).toBe(state);
    expect(cartReducer(state, decreaseQuantity('nope'))).toBe(state);
    expect(cartReducer(state, removeFromCart('nope')).products).toEqual(state.products);
  });

  it('removes an item and recomputes the totals', () => {
    const state = run(addToCart(scarf), addToCart(dress), removeFromCart('dress'));
    expect(state.products.map((p) => p._id)).toEqual(['scarf']);
    // 10.10 alone: 5% is 0.505, rounded half up to 0.51.
    expect(state).toMatchObject({ selectedItems: 1, totalPrice: 10.1, tax: 0.51, grandTotal: 10.61 });
    expectTotalsConsistent(state);
  });

  it('clears the cart', () => {
    const state = run(addToCart(scarf), addToCart(dress), increaseQuantity('dress'), clearCart());
    expect(state).toEqual(emptyCart);
  });

  it('keeps the order in which products were added', () => {
    const state = run(addToCart(dress), addToCart(scarf), addToCart(product('ring', 5)));
    expect(state.products.map((p) => p._id)).toEqual(['dress', 'scarf', 'ring']);
  });

  it('refuses a new product once the cart holds the most lines an order may have', () => {
    let state = emptyCart;
    for (let i = 0; i < MAX_CART_LINES; i++) state = cartReducer(state, addToCart(product(`p${i}`, 1)));
    expect(addToCartOutcome(state, 'one-more')).toBe('cart-full');
    expect(cartReducer(state, addToCart(product('one-more', 1)))).toBe(state);
  });

  it.each([
    // [prices with quantities, subtotal, tax, grand total], worked out by hand in cents.
    [[[19.99, 3]], 59.97, 3.0, 62.97],
    [
      [
        [0.1, 1],
        [0.2, 1],
      ],
      0.3,
      0.02,
      0.32,
    ],
    [[[0.01, 1]], 0.01, 0, 0.01],
    [[[0.1, 1]], 0.1, 0.01, 0.11],
    [
      [
        [33.33, 3],
        [66.67, 1],
      ],
      166.66,
      8.33,
      174.99,
    ],
    [[[1000, 99]], 99000, 4950, 103950],
  ] as const)('totals %j to the cent', (lines, totalPrice, tax, grandTotal) => {
    let state = emptyCart;
    lines.forEach(([price, quantity], i) => {
      state = cartReducer(state, addToCart(product(`line${i}`, price)));
      for (let q = 1; q < quantity; q++) state = cartReducer(state, increaseQuantity(`line${i}`));
    });
    expect(state).toMatchObject({ totalPrice, tax, grandTotal });
    expectTotalsConsistent(state);
  });
});

describe('sizes in the cart', () => {
  const inS = { ...dress, size: 'S' as const, sku: 'LB-DRESS-S', available: 2 };
  const inM = { ...dress, size: 'M' as const, sku: 'LB-DRESS-M', available: 5 };

  it('keeps two sizes of one dress as two lines, and one size once', () => {
    const state = run(addToCart(inS), addToCart(inM), addToCart(inS));
    expect(state.products.map((p) => [cartLineKey(p), p.quantity])).toEqual([
      ['dress|S', 1],
      ['dress|M', 1],
    ]);
    expect(addToCartOutcome(state, cartLineKey(inM))).toBe('already-in-cart');
    expect(addToCartOutcome(state, cartLineKey({ _id: 'dress', size: 'L' }))).toBe('added');
    expectTotalsConsistent(state);
  });

  it('raises a line no further than what was available, and moves only that line', () => {
    let state = run(addToCart(inS), addToCart(inM));
    for (let i = 0; i < 5; i++) state = cartReducer(state, increaseQuantity('dress|S'));
    expect(state.products.map((p) => p.quantity)).toEqual([2, 1]);
    state = run(addToCart(inS), addToCart(inM), removeFromCart('dress|S'));
    expect(state.products.map((p) => p.size)).toEqual(['M']);
  });

  it('takes what the server says is left after a refused checkout: fewer, or the line goes', () => {
    let state = run(addToCart(inS), addToCart(inM), addToCart(scarf));
    for (let i = 0; i < 3; i++) state = cartReducer(state, increaseQuantity('dress|M'));
    state = cartReducer(
      state,
      limitToAvailable([
        { productId: 'dress', size: 'M', available: 2 },
        { productId: 'dress', size: 'S', available: 0 },
      ]),
    );
    expect(state.products.map((p) => [cartLineKey(p), p.quantity, p.available])).toEqual([
      ['dress|M', 2, 2],
      ['scarf', 1, undefined],
    ]);
    expectTotalsConsistent(state);
  });

  it('cuts back only the colour the server names when two colours of a product share a size', () => {
    const red = { ...inM, colour: 'red' as const, colourName: 'Red', sku: 'LB-DRESS-RED-M' };
    const black = { ...inM, colour: 'black' as const, colourName: 'Black' };
    let state = run(addToCart(red), addToCart(black));
    state = cartReducer(state, increaseQuantity(cartLineKey(black)));
    state = cartReducer(state, limitToAvailable([{ productId: 'dress', size: 'M', colour: 'red', available: 0 }]));
    expect(state.products.map((p) => [p.colour, p.quantity])).toEqual([['black', 2]]);
    expectTotalsConsistent(state);
  });
});
