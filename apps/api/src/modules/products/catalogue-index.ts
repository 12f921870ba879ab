import type { Queryable } from '../../db/client';
import type { CatalogueChange, ChangeOrigin } from '../../platform/shop-events';
import { catalogueWrites, type IndexRow, readIndexRows, readStockRows } from './catalogue-index.queries';
import { IndexedCatalogue } from './indexed-catalogue';

export interface CatalogueIndexOptions {
  /**
   * How long after it was read the index is read again. Every change the shop hears of is followed at once;
   * this bounds (with the time of the read) what a change it never heard of, such as a hand-made edit in the
   * database, leaves unseen. With 0 there is no index: lists are read from the database.
   */
  ttlMs: number;
  /** After a failed read the index is not read again for this long; the list is read from the database. */
  retryAfterMs: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

export const CATALOGUE_INDEX_DEFAULTS: CatalogueIndexOptions = { ttlMs: 60_000, retryAfterMs: 5_000 };

/**
 * The catalogue's facets and sorts in memory, so that a page of the list and its count need no query of
 * the matching products: only the page's own rows are read. It is used only while it shows the
 * catalogue as it is: after a change to anything it is read again whole, and after stock moves the
 * moved products' sizes are read again; until then `current` gives nothing and the list is read from the
 * database, as it would be without an index. Changes are heard after they are committed, so a read
 * started after hearing of one sees it.
 */
export class CatalogueIndex {
  private catalogue: IndexedCatalogue | undefined;
  /** Changes to anything heard so far, and how many of them the index was read after. */
  private changesHeard = 0;
  private readAfterChanges = -1;
  private readAt = 0;
  /** The database's count of writes to the catalogue when the index was read (catalogueWrites). */
  private writesAtRead: number | undefined;
  /** Stock moves heard so far, and the last move that named each product not read again since. */
  private movesHeard = 0;
  private readonly moved = new Map<string, number>();
  private reading: Promise<void> | undefined;
  private readingStock: Promise<void> | undefined;
  private failedAt = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;

  constructor(
    private readonly db: Queryable,
    private readonly options: CatalogueIndexOptions = CATALOGUE_INDEX_DEFAULTS,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** A change the shop heard of: of anything (or unheard ones) makes the index read again, of stock only the products'. */
  heard(origin: ChangeOrigin, change: CatalogueChange): void {
    if (origin === 'unheard' || change.kind === 'any') {
      this.changesHeard++;
      return;
    }
    for (const id of change.productIds) this.moved.set(id, ++this.movesHeard);
    void this.readMovedStock();
  }

  /** The index when it shows the catalogue as it is; otherwise nothing, and it is brought up to date meanwhile. */
  current(): IndexedCatalogue | undefined {
    if (this.options.ttlMs === 0) return undefined;
    const catalogue = this.catalogue;
    if (!catalogue || this.readAfterChanges !== this.changesHeard) {
      void this.read();
      return undefined;
    }
    // Its time only bounds what changes nobody told it of: it goes on answering while it is read again.
    if (this.now() - this.readAt > this.options.ttlMs) void this.read();
    if (this.moved.size > 0) {
      void this.readMovedStock();
      return undefined;
    }
    return catalogue;
  }

  /**
   * Read before the shop takes requests, so that its first lists are answered from the index. A failure
   * is only reported: lists are read from the database until a later read succeeds.
   */
  async start(): Promise<void> {
    if (this.options.ttlMs === 0) return;
    await this.ready().catch((err: unknown) => this.options.onError?.(err));
  }

  /** Until the index is up to date (for tests and the shop's start): reads it now if it is not. */
  async ready(): Promise<IndexedCatalogue> {
    for (let tries = 0; tries < 10; tries++) {
      const catalogue = this.current();
      if (catalogue) return catalogue;
      this.failedAt = Number.NEGATIVE_INFINITY;
      await (this.reading ?? this.readingStock ?? this.read());
    }
    throw new Error('The catalogue index could not be brought up to date');
  }

  private mayTry(): boolean {
    return this.now() - this.failedAt >= this.options.retryAfterMs;
  }

  private failed(err: unknown): void {
    this.failedAt = this.now();
    this.options.onError?.(err);
  }

  /** Moves heard up to `upTo` are in what was read: those products are up to date unless named again since. */
  private forgetMoves(upTo: number, ids: Iterable<string> = [...this.moved.keys()]): void {
    for (const id of ids) if ((this.moved.get(id) ?? Number.POSITIVE_INFINITY) <= upTo) this.moved.delete(id);
  }

  private read(): Promise<void> {
    if (this.reading || !this.mayTry()) return this.reading ?? Promise.resolve();
    const changes = this.changesHeard;
    const moves = this.movesHeard;
    const at = this.now();
    const onlyPastItsTime = this.catalogue !== undefined && this.readAfterChanges === changes && this.moved.size === 0;
    this.reading = this.readUnlessUnwritten(onlyPastItsTime)
      .then((read) => {
        this.readAt = at;
        if (!read) return;
        this.catalogue = new IndexedCatalogue(read.rows);
        this.writesAtRead = read.writes;
        this.readAfterChanges = changes;
        this.forgetMoves(moves);
      })
      .catch(this.failed.bind(this))
      .finally(() => {
        this.reading = undefined;
        if (this.moved.size > 0) void this.readMovedStock();
      });
    return this.reading;
  }

  /**
   * The whole catalogue, unless the index is only past its time and the database has counted no write to
   * the catalogue since it was read: a whole read takes seconds of the database at 100,000 products, and
   * the shop's requests wait behind it.
   */
  private async readUnlessUnwritten(
    onlyPastItsTime: boolean,
  ): Promise<{ rows: IndexRow[]; writes?: number } | undefined> {
    const writes = await catalogueWrites(this.db).catch(() => undefined);
    if (onlyPastItsTime && writes !== undefined && writes === this.writesAtRead) return undefined;
    return { rows: await readIndexRows(this.db), ...(writes === undefined ? {} : { writes }) };
  }

  private readMovedStock(): Promise<void> {
    const catalogue = this.catalogue;
    if (this.readingStock || !catalogue || this.moved.size === 0 || !this.mayTry()) {
      return this.readingStock ?? Promise.resolve();
    }
    const moves = this.movesHeard;
    const ids = [...this.moved.keys()];
    this.readingStock = readStockRows(this.db, ids)
      .then((rows) => {
        // An index read whole meanwhile has these moves already, or is read again for them.
        if (this.catalogue !== catalogue) return;
        catalogue.moveStock(rows);
        // A whole read under way may have started before these moves: they are read again after it.
        if (!this.reading) this.forgetMoves(moves, ids);
      })
      .catch(this.failed.bind(this))
      .finally(() => {
        this.readingStock = undefined;
        if (this.moved.size > 0 && !this.reading) void this.readMovedStock();
      });
    return this.readingStock;
  }
}
