import { EventEmitter } from 'node:events';

/**
 * Where a change to the catalogue was made: here (the other instances must hear of it), elsewhere (another
 * instance said so), or unheard (changes may have been made while this instance was not listening).
 */
export type ChangeOrigin = 'here' | 'elsewhere' | 'unheard';

/**
 * What happened in the shop that other parts keep copies of: a change to what the catalogue shows
 * (a write through the API, stock moved at a checkout, a payment, an expiry, a refund) drops the
 * catalogue cache. A change made here is also told to the shop's other instances
 * (shop-events-broadcast.ts), whose own copies go as they hear of it.
 */
export class ShopEvents {
  private readonly emitter = new EventEmitter();

  /** Something this instance did changed what the catalogue shows. */
  catalogueChanged(): void {
    this.emitter.emit('catalogue-changed', 'here' satisfies ChangeOrigin);
  }

  /** Another instance changed the catalogue: this instance drops its copies and says nothing further. */
  catalogueChangedElsewhere(): void {
    this.emitter.emit('catalogue-changed', 'elsewhere' satisfies ChangeOrigin);
  }

  /**
   * Another instance may have changed it unheard (this one's listener lost its connection): its copies are
   * read again before they are sent, and kept only for while the database cannot be reached.
   */
  catalogueChangesUnheard(): void {
    this.emitter.emit('catalogue-changed', 'unheard' satisfies ChangeOrigin);
  }

  onCatalogueChanged(listener: (origin: ChangeOrigin) => void): void {
    this.emitter.on('catalogue-changed', listener);
  }
}
