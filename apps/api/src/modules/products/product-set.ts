// A set of the catalogue's products as one bit per product, by the product's slot in the catalogue index:
// a facet's value is such a set, and a shopper's choice is their unions and intersections.

const WORD_BITS = 32;

/** How many bits are set in a 32-bit word. */
function bitsIn(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
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

  /** The union of `sets`, an empty set when there are none. */
  static union(size: number, sets: readonly ProductSet[]): ProductSet {
    const union = new ProductSet(size);
    for (const set of sets) union.add(set);
    return union;
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

  /** Adds every product of `other`. */
  add(other: ProductSet): this {
    const words = this.words;
    const others = other.words;
    for (let i = 0; i < words.length; i++) words[i] = (words[i] as number) | (others[i] as number);
    return this;
  }

  /** Keeps only the products also in `other`. */
  keep(other: ProductSet): this {
    const words = this.words;
    const others = other.words;
    for (let i = 0; i < words.length; i++) words[i] = (words[i] as number) & (others[i] as number);
    return this;
  }

  copy(): ProductSet {
    const copy = new ProductSet(this.size);
    copy.words.set(this.words);
    return copy;
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
