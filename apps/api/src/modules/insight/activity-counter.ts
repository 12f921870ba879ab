import type { ActivityKind } from '@shop/contract/insight';
import { isoDayOf } from '@shop/contract/insight';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client';
import { addActivityCounts, addSearchMisses, type DayCount } from './insight.queries';
import { normaliseSearchTerm } from './search-terms';

/** Distinct failed-search terms kept between two flushes; past it new terms wait for the next batch's room. */
export const MAX_TERMS_PER_BATCH = 500;

export interface ActivityCounterOptions {
  db: Queryable;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Called after counts reached the database (the insight's kept answers are read again). */
  onFlushed?: () => void;
  now?: () => Date;
}

/**
 * The shop's own requests counted in this process's memory, per UTC day, and added to the database in
 * batches: a write per request would cost the product page and the purchase their latency. A flush adds
 * (never sets) each count, so any number of instances flushing into the same rows all count; counts a
 * failed flush could not write stay for the next one. At most one flush interval of counts is lost if the
 * process dies without closing.
 */
export class ActivityCounter {
  private counts = new Map<string, number>();
  private misses = new Map<string, number>();
  private droppedTerms = 0;
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => Date;

  constructor(private readonly options: ActivityCounterOptions) {
    this.now = options.now ?? (() => new Date());
  }

  count(kind: ActivityKind, times = 1): void {
    const key = `${isoDayOf(this.now())}|${kind}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + times);
  }

  /** A search that found nothing, under its normalised term (personal-looking terms are not counted). */
  searchMissed(rawTerm: string): void {
    const term = normaliseSearchTerm(rawTerm);
    if (!term) return;
    const key = `${isoDayOf(this.now())}|${term}`;
    const counted = this.misses.get(key);
    if (counted === undefined && this.misses.size >= MAX_TERMS_PER_BATCH) {
      this.droppedTerms++;
      return;
    }
    this.misses.set(key, (counted ?? 0) + 1);
  }

  /** Counts not yet in the database (tests, and a look before shutting down). */
  get pending(): number {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    for (const v of this.misses.values()) n += v;
    return n;
  }

  /** Adds what was counted since the last flush to the database; one flush at a time. */
  async flush(): Promise<void> {
    // A flush under way that fails has put its counts back: this one writes them rather than give up with it.
    while (this.flushing) await this.flushing.catch(() => {});
    if (this.counts.size === 0 && this.misses.size === 0) return;
    this.flushing = this.write().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private async write(): Promise<void> {
    const counts = this.counts;
    const misses = this.misses;
    const dropped = this.droppedTerms;
    this.counts = new Map();
    this.misses = new Map();
    this.droppedTerms = 0;
    try {
      await addActivityCounts(this.options.db, rows<ActivityKind>(counts));
      // Written apart from the activity: what went in stays in, whatever happens to the terms.
      counts.clear();
      await addSearchMisses(this.options.db, rows(misses));
      misses.clear();
    } catch (err) {
      // Kept for the next flush, added to what was counted meanwhile.
      for (const [key, n] of counts) this.counts.set(key, (this.counts.get(key) ?? 0) + n);
      for (const [key, n] of misses) {
        if (this.misses.has(key) || this.misses.size < MAX_TERMS_PER_BATCH) {
          this.misses.set(key, (this.misses.get(key) ?? 0) + n);
        }
      }
      this.options.log.warn({ err }, 'activity counts not written; kept for the next flush');
      throw err;
    } finally {
      if (dropped > 0) {
        this.options.log.warn({ dropped }, `more than ${MAX_TERMS_PER_BATCH} failed searches in one batch`);
      }
    }
    this.options.onFlushed?.();
  }

  /** Flushes every `intervalMs`; the timer does not keep the process alive. */
  start(intervalMs: number): void {
    this.stopTimer();
    this.timer = setInterval(() => {
      this.flush().catch(() => {
        // Logged by write(); the counts wait for the next tick.
      });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (the app's close, before the database goes). */
  async stop(): Promise<void> {
    this.stopTimer();
    await this.flush();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

function rows<Key extends string>(counted: Map<string, number>): DayCount<Key>[] {
  return [...counted].map(([key, count]) => {
    const at = key.indexOf('|');
    return { day: key.slice(0, at), key: key.slice(at + 1) as Key, count };
  });
}
