import { describe, expect, it } from 'vitest';
import { ProductSet } from './product-set';

/** A set of a catalogue of `size` holding `slots`. */
function setOf(size: number, slots: readonly number[]): ProductSet {
  const set = new ProductSet(size);
  for (const slot of slots) set.set(slot);
  return set;
}

const slotsOf = (set: ProductSet) => Array.from({ length: set.size }, (_, slot) => slot).filter((s) => set.has(s));

describe('a set of products', () => {
  // 70 products: the last word is partly used, so a set of every product must not count past the end.
  const size = 70;
  const red = setOf(size, [0, 5, 33, 69]);
  const black = setOf(size, [1, 5, 40]);
  const small = setOf(size, [5, 33, 40, 68]);
  const cheap = setOf(size, [0, 1, 5, 33, 40, 41]);

  it('keeps what is in one set of every group: values of a facet ORed, facets ANDed', () => {
    const chosen = ProductSet.inEveryGroup(size, [[red, black], [small], [cheap]]);
    expect(slotsOf(chosen)).toEqual([5, 33, 40]);
    expect(chosen.count()).toBe(3);
    expect(chosen.countWith(red)).toBe(2);
  });

  it('is every product without groups, and none when a group is empty', () => {
    expect(ProductSet.inEveryGroup(size, []).count()).toBe(size);
    expect(slotsOf(ProductSet.inEveryGroup(size, []))).toHaveLength(size);
    expect(ProductSet.inEveryGroup(size, [[red], []]).count()).toBe(0);
  });

  it('answers each choice on its own, one after another', () => {
    const first = ProductSet.inEveryGroup(size, [[red, black]]);
    const second = ProductSet.inEveryGroup(size, [[small, cheap], [black]]);
    expect(slotsOf(first)).toEqual([0, 1, 5, 33, 40, 69]);
    expect(slotsOf(second)).toEqual([1, 5, 40]);
  });
});
