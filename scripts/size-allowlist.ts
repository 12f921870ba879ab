/**
 * Files and functions over the size rule's limits that are not split yet, each with the size it has now:
 * the check fails when one grows past it, and when one is back within the limit while still listed.
 * Entries only go: a new long file or function is split instead of listed here.
 */

/** Files over the line limit, by path from the repository's root. */
export const ALLOWED_FILES: Record<string, number> = {
  // Server, bench and cluster files not split along their seams yet.
  'apps/api/src/modules/inventory/inventory.queries.ts': 358,
  'apps/api/src/test/fake-stripe-api.ts': 432,
};

/**
 * Functions over the line limit, outside tests, as `path#name`: the name is the function's own (or the
 * const or property holding it) after those of the functions around it, `(anonymous)` for a callback.
 */
export const ALLOWED_FUNCTIONS: Record<string, number> = {
  // The server: route plugins, the app's assembly, the payment providers, the checkout and the seed.
  'apps/api/src/seed/demo-seed.ts#seedDemoData': 95,
  'apps/api/src/modules/auth/auth.routes.ts#authRoutes': 98,
  'apps/api/src/test/fake-stripe-api.ts#startFakeStripeApi': 283,
  'apps/api/src/test/fake-stripe-api.ts#startFakeStripeApi/(anonymous)': 180,
  'apps/api/src/test/fake-stripe-api.ts#startFakeStripeApi/(anonymous)/(anonymous)': 173,
  'apps/api/src/modules/payments/stripe-provider.ts#createStripeProvider': 132,
  // The bench's run and the cluster's start and proxy configuration.
  'bench/run-bench.ts#main': 138,
  'cluster/src/cluster.ts#startCluster': 121,
};
