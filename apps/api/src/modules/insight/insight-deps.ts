import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client';
import type { AppConfig } from '../../platform/config';
import { CatalogueCache } from '../products/catalogue-cache';
import { ActivityCounter } from './activity-counter';

/** A range's figures are kept this many at most (presets and the custom ranges an admin tries). */
const KEPT_RANGES = 100;

/** The insight's counter of requests and its answers kept per range. */
export interface Insight {
  activity: ActivityCounter;
  answers: CatalogueCache;
}

/**
 * The insight's parts of one instance: its counter, flushing on a timer, and the answers it keeps per range
 * for as long as counts take to reach the database; a flush drops them, so figures are read again with
 * the counts just written.
 */
export function createInsight(db: Queryable, log: FastifyBaseLogger, config: AppConfig): Insight {
  const answers = new CatalogueCache({ maxEntries: KEPT_RANGES, ttlMs: config.insight.flushIntervalMs });
  const activity = new ActivityCounter({ db, log, onFlushed: () => answers.invalidate() });
  activity.start(config.insight.flushIntervalMs);
  return { activity, answers };
}
