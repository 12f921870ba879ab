// What a rate limit's counts are kept in (memory, Redis) and the rule it counts for: both stores and the
// limiter use these, so they stand apart from either.

/** At most `limit` hits per fixed window of `windowSeconds`, counted from the first hit. */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
  /**
   * A limit against nuisance, not guessing (checkouts, add-to-cart signals): when Redis is slow each
   * instance may decide alone at once. Every other limit waits for Redis, because a flood of guesses is
   * what makes Redis slow, and N instances deciding alone would then allow N times the limit.
   */
  mayCountAlone?: boolean;
}

/** Whether a claim may be decided by this instance alone when Redis is slow, as for a rule. */
export type ClaimOptions = Pick<RateLimitRule, 'mayCountAlone'>;

export interface RateLimitStore {
  /** Adds one to the key's counter, starting a window of `windowMs` when there is none. */
  increment(key: string, windowMs: number, options?: ClaimOptions): Promise<{ count: number; resetInMs: number }>;
  decrement(key: string): Promise<void>;
  claim(key: string, ms: number, options?: ClaimOptions): Promise<boolean>;
  heldFor(key: string): Promise<number>;
  close(): Promise<void>;
}

export interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
