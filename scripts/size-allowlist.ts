/**
 * Files and functions over the size rule's limits that are not split yet, each with the size it has now:
 * the check fails when one grows past it, and when one is back within the limit while still listed.
 * Entries only go: a new long file or function is split instead of listed here.
 */

/** Files over the line limit, by path from the repository's root. */
export const ALLOWED_FILES: Record<string, number> = {
  // Tests whose cases have not been shared out among files named for what they check.
  'apps/api/src/modules/insight/insight.test.ts': 554,
  'apps/api/src/modules/inventory/inventory.test.ts': 392,
  'apps/api/src/modules/mail/mail-delivery.test.ts': 416,
  'apps/api/src/modules/orders/checkout.test.ts': 387,
  'apps/api/src/modules/orders/refunds.test.ts': 364,
  'apps/api/src/modules/orders/stripe-checkout.test.ts': 330,
  'apps/api/src/test/seed-client-replay.test.ts': 399,
  'cluster/src/cluster.test.ts': 352,
};

/**
 * Functions over the line limit, outside tests, as `path#name`: the name is the function's own (or the
 * const or property holding it) after those of the functions around it, `(anonymous)` for a callback.
 */
export const ALLOWED_FUNCTIONS: Record<string, number> = {};
