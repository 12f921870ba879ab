// A set of the catalogue's products as one bit per product, by the product's slot in the catalogue index:
// a facet's value is such a set, and a shopper's choice is their unions and intersections.

const WORD_BITS = 32;

/** How many bits are set in a 32-bit word. */
function bitsIn(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** One union's words at a time, written again for each: a list's answer is made without waiting, so none overlap. */
let scratch = new Uint32Array(0);

function unionOf(sets: readonly ProductSet[], length: number): Uint32Array {
  if (scratch.length !== length) scratch = new Uint32Array(length);
  const union = scratch;
  union.fill(0);
  for (const set of sets) {
    const words = set.words;
    for (let i = 0; i < length; i++) union[i] = (union[i] as number) | (words[i] as number);
  }
  return union;
}

export class ProductSet {
  readonly words: Uint32Array;

  constructor(readonly size: number) {
    this.words = new Uint32Array(Math.ceil(size / WORD_BITS));
  }

  /** Every product of a catalogue of `size`. */
  static all(size: number): ProductSet {
    const set = new ProductSet(size);
    set.words.fill(0xffffffff);
    const tail = size % WORD_BITS;
    if (tail !== 0) set.words[set.words.length - 1] = (1 << tail) - 1;
    return set;
  }

  /**
   * The products in at least one set of every group: the intersection of the groups' unions, without a
   * set made for each union. No groups is every product; an empty group, none.
   */
  static inEveryGroup(size: number, groups: readonly (readonly ProductSet[])[]): ProductSet {
    const result = ProductSet.all(size);
    const words = result.words;
    for (const group of groups) {
      const only = group.length === 1 ? (group[0] as ProductSet).words : unionOf(group, words.length);
      for (let i = 0; i < words.length; i++) words[i] = (words[i] as number) & (only[i] as number);
    }
    return result;
  }

  has(slot: number): boolean {
    return ((this.words[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;
  }

  set(slot: number): void {
    this.words[slot >>> 5] = (this.words[slot >>> 5] ?? 0) | (1 << (slot & 31));
  }

  unset(slot: number): void {
    this.words[slot >>> 5] = (this.words[slot >>> 5] ?? 0) & ~(1 << (slot & 31));
  }

  count(): number {
    let total = 0;
    for (const word of this.words) total += bitsIn(word);
    return total;
  }

  /** How many products are in both this set and `other`, without making their intersection. */
  countWith(other: ProductSet): number {
    let total = 0;
    const others = other.words;
    for (let i = 0; i < this.words.length; i++) total += bitsIn((this.words[i] as number) & (others[i] as number));
    return total;
  }
}
