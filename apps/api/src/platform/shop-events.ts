import { EventEmitter } from 'node:events';

/**
 * Where a change to the catalogue was made: here (the other instances must hear of it), elsewhere (another
 * instance said so), or unheard (changes may have been made while this instance was not listening).
 */
export type ChangeOrigin = 'here' | 'elsewhere' | 'unheard';

/**
 * What changed: anything the catalogue shows (an admin's edit, a review), or only the stock of these
 * products' sizes (a hold, a sale, a release, a restock), which drops only what shows them.
 */
export type CatalogueChange = { kind: 'any' } | { kind: 'stock'; productIds: readonly string[] };

export const ANY_CHANGE: CatalogueChange = { kind: 'any' };

/**
 * What happened in the shop that other parts keep copies of: a change to what the catalogue shows
 * (a write through the API, stock moved at a checkout, a payment, an expiry, a refund) drops the
 * catalogue cache's copies of what it touched. A change made here is also told to the shop's other
 * instances (shop-events-broadcast.ts), whose own copies go as they hear of it.
 */
export class ShopEvents {
  private readonly emitter = new EventEmitter();

  /** Something this instance did changed what the catalogue shows. */
  catalogueChanged(change: CatalogueChange = ANY_CHANGE): void {
    this.emitter.emit('catalogue-changed', 'here' satisfies ChangeOrigin, change);
  }

  /** This instance moved the stock of these products (nothing else about them changed). */
  stockMoved(productIds: Iterable<string | null | undefined>): void {
    const ids = [...new Set([...productIds].filter((id): id is string => Boolean(id)))];
    if (ids.length > 0) this.catalogueChanged({ kind: 'stock', productIds: ids });
  }

  /** Another instance changed the catalogue: this instance drops its copies and says nothing further. */
  catalogueChangedElsewhere(change: CatalogueChange = ANY_CHANGE): void {
    this.emitter.emit('catalogue-changed', 'elsewhere' satisfies ChangeOrigin, change);
  }

  /**
   * Another instance may have changed it unheard (this one's listener lost its connection): its copies are
   * read again before they are sent, and kept only for while the database cannot be reached.
   */
  catalogueChangesUnheard(): void {
    this.emitter.emit('catalogue-changed', 'unheard' satisfies ChangeOrigin, ANY_CHANGE);
  }

  onCatalogueChanged(listener: (origin: ChangeOrigin, change: CatalogueChange) => void): void {
    this.emitter.on('catalogue-changed', listener);
  }
}
