import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { KeptText } from '../../platform/kept-text';
import { JsonText } from './json-text';

/** A catalogue answer ready to send: the JSON text and its validator. */
export interface CachedAnswer {
  body: string;
  etag: string;
  /** Past its time and sent only because the database cannot be reached. */
  stale?: true;
  /** Read from the database for this request (or for one it waited on), not taken from memory. */
  read?: true;
  /** What the answer shows that a change can touch (catalogue-tags.ts): `drop` takes it by these. */
  tags?: ReadonlySet<string>;
}

/** How an answer is asked for. */
export interface GetOptions {
  /** Read from the database whatever is kept (see `get`). */
  fresh?: boolean;
  /**
   * The tags of an answer read, from its JSON or from the products its maker said it shows; the tags of the
   * answers its load asked for are added.
   */
  tagsOf?: (body: string, shows?: readonly string[]) => Iterable<string>;
}

/** How an answer is read, and how its tags are found in it. */
interface Load {
  value: () => Promise<unknown>;
  tagsOf: GetOptions['tagsOf'];
}

interface Entry extends CachedAnswer {
  /** Until then the answer is fresh; after it, it is still sent while one request reads it again. */
  freshUntil: number;
  /** After this the answer is sent only while the database cannot be reached. */
  expiresAt: number;
  /** The last failed read of this answer: for a moment after one, the stale answer goes out without trying again. */
  failedAt?: number;
  /** What the entry holds in memory, counted against `maxBytes`. */
  bytes: number;
}

export interface CatalogueCacheOptions {
  maxEntries: number;
  /**
   * The most memory the kept answers may take together. Entries alone do not bound it: a rendered page
   * is ten times a list's answer, and a cache full of pages would take the instance's memory.
   */
  maxBytes?: number;
  /**
   * How long an answer is served without asking the database again. Writes through this process
   * drop the cache at once; this time bounds what another instance's writes can leave stale.
   */
  ttlMs: number;
  /** How long past its time an answer may still be sent when reading it again fails with `servesStaleOn`. */
  staleIfErrorMs?: number;
  /** The failures that keep an old answer in service: the database not answering, not a bug. */
  servesStaleOn?: (err: unknown) => boolean;
  now?: () => number;
}

export const CATALOGUE_CACHE_DEFAULTS: CatalogueCacheOptions = {
  maxEntries: 2000,
  maxBytes: 32 * 1024 * 1024,
  ttlMs: 10_000,
};

/** What an entry takes beside its texts: the entry, its map slot and its times. */
const ENTRY_OVERHEAD_BYTES = 200;
/** What a tag takes beside its text: its slot in the entry's set. */
const TAG_OVERHEAD_BYTES = 40;

/**
 * The memory a string takes: one byte a character while every character is Latin-1 (how V8 keeps
 * such strings), two otherwise.
 */
export function textBytes(text: string): number {
  return /[\u0100-\uffff]/.test(text) ? 2 * text.length : text.length;
}

/** After a failed read, the stale answer is sent for this long before the database is asked again. */
const RETRY_AFTER_FAILURE_MS = 1000;

/** An answer already written as JSON (by the database), kept and sent as it is. */
export const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

const overlaps = (tags: ReadonlySet<string> | undefined, dropped: ReadonlySet<string>) => {
  if (!tags) return false;
  for (const tag of dropped) if (tags.has(tag)) return true;
  return false;
};

/**
 * The shop's catalogue reads (lists, product pages, related products) kept in memory as serialised
 * JSON, least recently used first out. Concurrent misses on one key share one database read. An answer
 * read while a write was dropping the cache is handed to the requests that were already waiting for it
 * but never stored, so no stale answer outlives the write. After half its time the next request reads
 * an answer again in the background while the old one goes on being sent: answers loaded together
 * would otherwise all expire together, and every request of that moment would wait for the database.
 * Each answer carries tags (the products it shows, and what else a change can touch), its own and
 * those of every answer its load asked for (a page keeps the tags of the answers it was made from), so
 * a change drops only the answers that show what it touched.
 * Past `maxEntries` or `maxBytes`, the least recently used answers go first.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  private keptBytes = 0;
  private readonly loading = new Map<string, { generation: number; answer: Promise<CachedAnswer> }>();
  /** The tags dropped while each read in progress was under way: its answer is not kept if it shows one. */
  private readonly reading = new Set<Set<string>>();
  /** The tags of the answers a load asks for, gathered for the answer it makes. */
  private readonly gathering = new AsyncLocalStorage<Set<string>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: CatalogueCacheOptions = CATALOGUE_CACHE_DEFAULTS) {
    this.now = options.now ?? Date.now;
  }

  /** Drops every answer; called after any write that can change what the catalogue shows. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.keptBytes = 0;
  }

  /**
   * Drops every answer that carries one of `tags`, as `invalidate` drops all: a read under way keeps no
   * answer that shows one, and a request from now on joins no read begun before.
   */
  drop(tags: Iterable<string>): void {
    const dropped = new Set(tags);
    if (dropped.size === 0) return;
    for (const [key, entry] of this.entries) if (overlaps(entry.tags, dropped)) this.remove(key);
    for (const reading of this.reading) for (const tag of dropped) reading.add(tag);
    this.loading.clear();
  }

  /**
   * Has every answer read again before it is sent, and keeps it only as the answer of last resort while
   * the database cannot be reached (`servesStaleOn`): for when changes may have been made unheard, most
   * often because the database itself went away, which is when those answers are needed.
   */
  expire(): void {
    this.generation++;
    const now = this.now();
    for (const entry of this.entries.values()) {
      entry.freshUntil = Math.min(entry.freshUntil, now);
      entry.expiresAt = Math.min(entry.expiresAt, now);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The memory the kept answers take, as counted against `maxBytes`. */
  get bytes(): number {
    return this.keptBytes;
  }

  /**
   * The answer of `key`, kept or read. `fresh` reads it from the database whatever is kept, joining no
   * read begun before: for a client that has just written through another instance (read your writes)
   * before that instance's word of the change arrived here. The answer read is kept for the others.
   */
  async get(key: string, load: () => Promise<unknown>, options: GetOptions = {}): Promise<CachedAnswer> {
    const answer = await this.answer(key, load, options);
    // Within another answer's load: that answer shows what this one shows.
    const gathered = this.gathering.getStore();
    if (gathered && answer.tags) for (const tag of answer.tags) gathered.add(tag);
    return answer;
  }

  private async answer(
    key: string,
    loadValue: () => Promise<unknown>,
    { fresh = false, tagsOf }: GetOptions,
  ): Promise<CachedAnswer> {
    const load = { value: loadValue, tagsOf };
    const entry = this.entries.get(key);
    const now = this.now();
    if (fresh) return this.read(key, entry, now, () => this.readNow(key, load));
    if (entry && entry.expiresAt > now) {
      // Map order is insertion order: moving the entry to the end keeps the least recently used first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (entry.freshUntil <= now) {
        this.refresh(key, load).catch((err: unknown) => {
          // An outage keeps the answer (it is served stale later); anything else drops it.
          if (this.servesStale(key, entry, err, now)) entry.failedAt = this.now();
          else if (this.entries.get(key) === entry) this.remove(key);
        });
      }
      return entry;
    }
    if (
      entry?.failedAt !== undefined &&
      now - entry.failedAt < RETRY_AFTER_FAILURE_MS &&
      this.servesStale(key, entry, null, now)
    ) {
      return this.staleAnswer(entry);
    }
    return this.read(key, entry, now, () => this.refresh(key, load));
  }

  /** A read from the database, or while it cannot be reached the kept answer, marked stale, if it may be sent. */
  private async read(
    key: string,
    entry: Entry | undefined,
    now: number,
    reading: () => Promise<CachedAnswer>,
  ): Promise<CachedAnswer> {
    try {
      return { ...(await reading()), read: true };
    } catch (err) {
      if (!entry || !this.servesStale(key, entry, err, now)) throw err;
      entry.failedAt = this.now();
      return this.staleAnswer(entry);
    }
  }

  /** Whether `entry` may still be sent after a failed read (`err` null: the last read failed so). */
  private servesStale(key: string, entry: Entry, err: unknown, now: number): boolean {
    const { staleIfErrorMs = 0, servesStaleOn } = this.options;
    // A write since (invalidate) or a newer answer replaced it: the old one must not come back.
    if (now > entry.expiresAt + staleIfErrorMs || this.entries.get(key) !== entry) return false;
    return err === null || (servesStaleOn?.(err) ?? false);
  }

  private staleAnswer(entry: Entry): CachedAnswer {
    return { body: entry.body, etag: entry.etag, stale: true, ...(entry.tags ? { tags: entry.tags } : {}) };
  }

  /** One database read per key at a time; a read begun before the last write joins nobody after it. */
  private refresh(key: string, load: Load): Promise<CachedAnswer> {
    const pending = this.loading.get(key);
    if (pending && pending.generation === this.generation) return pending.answer;

    const generation = this.generation;
    const answer = this.readNow(key, load);
    this.loading.set(key, { generation, answer });
    const forget = () => {
      if (this.loading.get(key)?.answer === answer) this.loading.delete(key);
    };
    answer.then(forget, forget);
    return answer;
  }

  /** Reads the answer and keeps it, unless a write dropped the cache, or what it shows, meanwhile. */
  private async readNow(key: string, load: Load): Promise<CachedAnswer> {
    const generation = this.generation;
    const dropped = new Set<string>();
    this.reading.add(dropped);
    try {
      const tags = new Set<string>();
      const loaded = await this.gathering.run(tags, load.value);
      const body = loaded instanceof KeptText ? loaded.text : JSON.stringify(loaded);
      const shows = loaded instanceof JsonText ? loaded.shows : undefined;
      for (const tag of load.tagsOf?.(body, shows) ?? []) tags.add(tag);
      const answer: CachedAnswer = { body, etag: etagOf(body), ...(tags.size > 0 ? { tags } : {}) };
      if (generation === this.generation && !overlaps(tags, dropped)) this.store(key, answer);
      return answer;
    } finally {
      this.reading.delete(dropped);
    }
  }

  private store(key: string, answer: CachedAnswer): void {
    this.remove(key);
    const now = this.now();
    const { ttlMs, maxEntries, maxBytes = Number.POSITIVE_INFINITY } = this.options;
    let bytes = ENTRY_OVERHEAD_BYTES + textBytes(key) + textBytes(answer.body) + textBytes(answer.etag);
    for (const tag of answer.tags ?? []) bytes += TAG_OVERHEAD_BYTES + textBytes(tag);
    // An answer larger than the whole budget would push every other out and still not fit.
    if (bytes > maxBytes) return;
    this.entries.set(key, { ...answer, freshUntil: now + ttlMs / 2, expiresAt: now + ttlMs, bytes });
    this.keptBytes += bytes;
    while (this.entries.size > maxEntries || this.keptBytes > maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.keptBytes -= entry.bytes;
  }
}
