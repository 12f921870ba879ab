import { CATEGORIES, COLORS } from '@shop/contract/constants';
import { ALL_SIZES } from '@shop/contract/inventory';
import type { IndexRow, StockRow } from './catalogue-index.queries';
import { KeptProductJson } from './kept-product-json';
import { ProductSet } from './product-set';

// The catalogue as the list reads it, in memory: each facet value's products as a set, and each sort's order.

const SIZES_OF_COLOURS = COLORS.length * ALL_SIZES.length;

const sets = (count: number, size: number) => Array.from({ length: count }, () => new ProductSet(size));

/** Products by the sizes they come in: of each size of each colour, and the unions the list asks for most. */
class SizeSets {
  /** By sizeOfColourSlot. */
  readonly ofColour: ProductSet[];
  /** Any colour in this size, by the size's place in ALL_SIZES. */
  readonly bySize: ProductSet[];
  /** Any size of this colour, by the colour's place in COLORS. */
  readonly byColour: ProductSet[];
  /** Any size at all. */
  readonly any: ProductSet;

  constructor(size: number) {
    this.ofColour = sets(SIZES_OF_COLOURS, size);
    this.bySize = sets(ALL_SIZES.length, size);
    this.byColour = sets(COLORS.length, size);
    this.any = new ProductSet(size);
  }

  /** The product at `slot` comes in exactly these sizes of colours. */
  place(slot: number, sizesOfColours: readonly number[]): void {
    for (const set of [...this.ofColour, ...this.bySize, ...this.byColour, this.any]) set.unset(slot);
    for (const at of sizesOfColours) {
      this.ofColour[at]?.set(slot);
      this.bySize[at % ALL_SIZES.length]?.set(slot);
      this.byColour[Math.floor(at / ALL_SIZES.length)]?.set(slot);
      this.any.set(slot);
    }
  }
}

/** How many price ranges a catalogue keeps the products of: the shop's bands and a few a client asked for. */
const KEPT_PRICE_RANGES = 32;

export class IndexedCatalogue {
  readonly size: number;
  readonly ids: string[];
  private readonly slots = new Map<string, number>();
  /** Slots in each sort's order: newest first, cheapest first (read backwards for dearest first), best rated first. */
  readonly newest: Int32Array;
  readonly cheapest: Int32Array;
  readonly bestRated: Int32Array;
  /** Prices in the cheapest-first order, for finding a price range's products. */
  private readonly pricesAscending: Int32Array;
  readonly categories: ProductSet[];
  readonly colours: ProductSet[];
  /** Sizes the product comes in, whatever their stock. */
  readonly sizes: SizeSets;
  /** Sizes that can still be bought. */
  readonly inStock: SizeSets;
  private readonly priceRanges = new Map<string, ProductSet>();
  /** The products lists showed lately, as the list writes them. */
  readonly productJson = new KeptProductJson();

  constructor(rows: readonly IndexRow[]) {
    const size = rows.length;
    this.size = size;
    this.ids = rows.map((row) => row.id);
    this.newest = new Int32Array(size);
    this.cheapest = new Int32Array(size);
    this.bestRated = new Int32Array(size);
    this.pricesAscending = new Int32Array(size);
    this.categories = sets(CATEGORIES.length, size);
    this.colours = sets(COLORS.length, size);
    this.sizes = new SizeSets(size);
    this.inStock = new SizeSets(size);
    rows.forEach((row, slot) => {
      this.slots.set(row.id, slot);
      this.newest[row.newest - 1] = slot;
      this.cheapest[row.cheapest - 1] = slot;
      this.pricesAscending[row.cheapest - 1] = row.priceCents;
      this.bestRated[row.bestRated - 1] = slot;
      this.categories[row.category]?.set(slot);
      for (const colour of row.colours ?? []) this.colours[colour]?.set(slot);
      this.placeSizes(slot, row);
    });
  }

  private placeSizes(slot: number, row: StockRow): void {
    this.sizes.place(slot, row.sizes ?? []);
    this.inStock.place(slot, row.inStock ?? []);
  }

  /** Stock of these products moved: their sizes that can be bought are read again, their JSON dropped. */
  moveStock(rows: readonly StockRow[]): void {
    this.productJson.drop(rows.map((row) => row.id));
    for (const row of rows) {
      const slot = this.slots.get(row.id);
      if (slot !== undefined) this.placeSizes(slot, row);
    }
  }

  /** Products priced from `minCents` and below `belowCents` (no upper bound when undefined). */
  pricedWithin(minCents: number, belowCents: number | undefined): ProductSet {
    const key = `${minCents}:${belowCents ?? ''}`;
    let range = this.priceRanges.get(key);
    if (!range) {
      range = new ProductSet(this.size);
      const end = belowCents === undefined ? this.size : this.firstPricedFrom(belowCents);
      for (let at = this.firstPricedFrom(minCents); at < end; at++) range.set(this.cheapest[at] as number);
      if (this.priceRanges.size >= KEPT_PRICE_RANGES) this.priceRanges.clear();
      this.priceRanges.set(key, range);
    }
    return range;
  }

  /** The first place in the cheapest-first order priced at `cents` or more. */
  private firstPricedFrom(cents: number): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.pricesAscending[middle] as number) < cents) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
