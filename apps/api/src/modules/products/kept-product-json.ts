import { textBytes } from './catalogue-cache';

/** How much of the products' JSON one catalogue index keeps: the products lists show most, first. */
export const KEPT_PRODUCT_JSON_BYTES = 8 * 1024 * 1024;

/** The most products read in one query for pages asked for together. */
const MAX_BATCH_IDS = 240;

type ProductJsonRead = (ids: string[]) => Promise<Map<string, string>>;

interface Batch {
  ids: Set<string>;
  read: Promise<Map<string, string>>;
}

/**
 * Products as the list writes them, kept by the catalogue index they belong to (and dropped with it), so a
 * page of a list asked for the first time reads from the database only the products no other page showed
 * lately. Least recently shown first out, bounded in bytes. A product whose stock moved is dropped, and a
 * read that was under way when stock moved is not kept: it may hold the stock from before.
 */
export class KeptProductJson {
  private readonly kept = new Map<string, string>();
  private bytes = 0;
  /** Counts the stock moves, so a read can tell whether one happened while it was under way. */
  private moves = 0;
  /** The products pages asked for in this turn of the event loop, read together at its end. */
  private batch: Batch | undefined;

  constructor(private readonly maxBytes = KEPT_PRODUCT_JSON_BYTES) {}

  /** The JSON of the products of `ids`, in that order: the kept ones as kept, the others read with `read`. */
  async inOrder(ids: readonly string[], read: ProductJsonRead): Promise<string> {
    const shown = new Map<string, string>();
    for (const id of ids) {
      const json = this.shown(id);
      if (json !== undefined) shown.set(id, json);
    }
    const missing = ids.filter((id) => !shown.has(id));
    const fromDatabase = missing.length > 0 ? await this.readSoon(missing, read) : new Map<string, string>();
    const parts: string[] = [];
    for (const id of ids) {
      const json = shown.get(id) ?? fromDatabase.get(id);
      if (json !== undefined) parts.push(json);
    }
    return `[${parts.join(',')}]`;
  }

  /**
   * Reads `ids` with the other pages' missing products asked for in the same turn of the event loop: one
   * query for the pages that many shoppers asked for at once, not one each. `read` reads the same database
   * for every caller, so the first one's reads the batch.
   */
  private readSoon(ids: readonly string[], read: ProductJsonRead): Promise<Map<string, string>> {
    if (!this.batch || this.batch.ids.size + ids.length > MAX_BATCH_IDS) {
      const batch: Batch = { ids: new Set(), read: Promise.resolve(new Map()) };
      const movesBefore = this.moves;
      batch.read = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        if (this.batch === batch) this.batch = undefined;
        const fromDatabase = await read([...batch.ids]);
        // Stock that moved during the read may or may not be in it: it is sent, as any read under way is, but not kept.
        if (this.moves === movesBefore) for (const [id, json] of fromDatabase) this.keep(id, json);
        return fromDatabase;
      });
      this.batch = batch;
    }
    for (const id of ids) this.batch.ids.add(id);
    return this.batch.read;
  }

  /** The stock of these products moved: their kept JSON says what it was. */
  drop(ids: Iterable<string>): void {
    this.moves++;
    for (const id of ids) this.forget(id);
  }

  private shown(id: string): string | undefined {
    const json = this.kept.get(id);
    if (json !== undefined) {
      // Shown again: last out.
      this.kept.delete(id);
      this.kept.set(id, json);
    }
    return json;
  }

  private keep(id: string, json: string): void {
    this.forget(id);
    this.kept.set(id, json);
    this.bytes += textBytes(json);
    for (const [oldest] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  private forget(id: string): void {
    const json = this.kept.get(id);
    if (json === undefined) return;
    this.kept.delete(id);
    this.bytes -= textBytes(json);
  }
}
