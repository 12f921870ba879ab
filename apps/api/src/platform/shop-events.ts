import { EventEmitter } from 'node:events';

/**
 * What happened in the shop that other parts keep copies of: a change to what the catalogue shows
 * (stock moved at a checkout, a payment, an expiry) drops the catalogue cache. Writes through the
 * products routes drop it by themselves (catalogue-invalidation.ts).
 */
export class ShopEvents {
  private readonly emitter = new EventEmitter();

  catalogueChanged(): void {
    this.emitter.emit('catalogue-changed');
  }

  onCatalogueChanged(listener: () => void): void {
    this.emitter.on('catalogue-changed', listener);
  }
}
