import { MAX_CART_LINE_QUANTITY } from '@shop/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyCart } from './cart.slice';
import { CART_STORAGE_KEY, loadCart, saveCart } from './cart.storage';

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === CART_STORAGE_KEY ? value : null) });
const item = (id: string, price: number, quantity: number) => ({ _id: id, name: id, image: '', price, quantity });

afterEach(() => vi.restoreAllMocks());

describe('cart persistence', () => {
  it('starts empty when nothing is stored', () => {
    expect(loadCart(storageWith(null))).toEqual(emptyCart);
    expect(loadCart(undefined)).toEqual(emptyCart);
  });

  it('restores the items and recomputes the totals from them', () => {
    const cart = loadCart(storageWith(JSON.stringify([item('a', 10.1, 2), item('b', 24.99, 1)])));
    expect(cart.products.map((p) => [p._id, p.quantity])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(cart).toMatchObject({ selectedItems: 3, totalPrice: 45.19, tax: 2.26, grandTotal: 47.45, taxRate: 0.05 });
  });

  it('drops malformed and repeated items and brings quantities back into range', () => {
    const stored = [
      item('a', 5, 0),
      item('a', 7, 3),
      { _id: 'no-price', name: 'x', image: '', quantity: 1 },
      item('neg', -1, 1),
      item('big', 1, 1000),
      'junk',
    ];
    const cart = loadCart(storageWith(JSON.stringify(stored)));
    expect(cart.products.map((p) => [p._id, p.quantity])).toEqual([
      ['a', 1],
      ['big', MAX_CART_LINE_QUANTITY],
    ]);
  });

  it('treats an unreadable entry as an empty cart and logs why', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(loadCart(storageWith('{not json'))).toEqual(emptyCart);
    expect(error).toHaveBeenCalledOnce();
  });

  it('stores only the items', () => {
    const setItem = vi.fn();
    const cart = loadCart(storageWith(JSON.stringify([item('a', 1, 2)])));
    saveCart({ setItem }, cart);
    expect(setItem).toHaveBeenCalledWith(CART_STORAGE_KEY, JSON.stringify(cart.products));
  });

  it('survives a storage that refuses writes', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(() => saveCart({ setItem }, emptyCart)).not.toThrow();
    expect(error).toHaveBeenCalledOnce();
  });
});
