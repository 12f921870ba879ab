import { createHash } from 'node:crypto';

/** A catalogue answer ready to send: the JSON text and its validator. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

interface Entry extends CachedAnswer {
  /** Until then the answer is fresh; after it, it is still sent while one request reads it again. */
  freshUntil: number;
  /** After this the answer is never sent: a request waits for the database. */
  expiresAt: number;
}

export interface CatalogueCacheOptions {
  maxEntries: number;
  /**
   * How long an answer is served without asking the database again. Writes through this process
   * drop the cache at once; this time bounds what another instance's writes can leave stale.
   */
  ttlMs: number;
  now?: () => number;
}

export const CATALOGUE_CACHE_DEFAULTS: CatalogueCacheOptions = { maxEntries: 2000, ttlMs: 10_000 };

export const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * The shop's catalogue reads (lists, product pages, related products) kept in memory as serialised
 * JSON, least recently used first out. Concurrent misses on one key share one database read. An answer
 * read while a write was dropping the cache is handed to the requests that were already waiting for it
 * but never stored, so no stale answer outlives the write. After half its time the next request reads
 * an answer again in the background while the old one goes on being sent: answers loaded together
 * would otherwise all expire together, and every request of that moment would wait for the database.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { generation: number; answer: Promise<CachedAnswer> }>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: CatalogueCacheOptions = CATALOGUE_CACHE_DEFAULTS) {
    this.now = options.now ?? Date.now;
  }

  /** Drops every answer; called after any write that can change what the catalogue shows. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  async get(key: string, load: () => Promise<unknown>): Promise<CachedAnswer> {
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && entry.expiresAt > now) {
      // Map order is insertion order: moving the entry to the end keeps the least recently used first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (entry.freshUntil <= now) {
        this.refresh(key, load).catch(() => {
          if (this.entries.get(key) === entry) this.entries.delete(key);
        });
      }
      return entry;
    }
    return this.refresh(key, load);
  }

  /** One database read per key at a time; a read begun before the last write joins nobody after it. */
  private refresh(key: string, load: () => Promise<unknown>): Promise<CachedAnswer> {
    const pending = this.loading.get(key);
    if (pending && pending.generation === this.generation) return pending.answer;

    const generation = this.generation;
    const answer = load().then((value) => {
      const body = JSON.stringify(value);
      const loaded = { body, etag: etagOf(body) };
      if (generation === this.generation) this.store(key, loaded);
      return loaded;
    });
    this.loading.set(key, { generation, answer });
    const forget = () => {
      if (this.loading.get(key)?.answer === answer) this.loading.delete(key);
    };
    answer.then(forget, forget);
    return answer;
  }

  private store(key: string, answer: CachedAnswer): void {
    this.entries.delete(key);
    const now = this.now();
    const { ttlMs } = this.options;
    this.entries.set(key, { ...answer, freshUntil: now + ttlMs / 2, expiresAt: now + ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
