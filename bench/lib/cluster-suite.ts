import { startCluster } from '../../cluster/src/cluster';
import { attempt, type Endpoint, logIn, type Measured, targets } from './api-suite';
import { BENCH_ADMIN, type Dataset } from './datasets';
import { type LoadSettings, measure } from './load';
import { benchShopEnv, startCeiling } from './processes';
import { logsDir, say } from './run';

/** The endpoints measured through HAProxy, each as the API section measures it on one instance. */
export const CLUSTER_ENDPOINTS = ['product_list', 'product_detail'] as const satisfies readonly Endpoint[];
const INSTANCES = 2;

export interface ClusterRun {
  instances: number;
  /** The bare Fastify route, measured directly (the API section's, when it ran). */
  ceiling: Measured;
  endpoints: Partial<Record<(typeof CLUSTER_ENDPOINTS)[number], Measured>>;
}

/**
 * The product list and detail through HAProxy in front of two instances (`npm run cluster`'s module) on
 * the dataset's PostgreSQL database, against the same ceiling as one instance.
 */
export async function runClusterSuite(
  dataset: Dataset,
  settings: LoadSettings,
  ceilingMeasured: Measured | undefined,
): Promise<ClusterRun> {
  if (!dataset.databaseUrl) throw new Error('the cluster runs on PostgreSQL: set BENCH_DATABASE_URL');
  let ceiling: Measured | undefined = ceilingMeasured && !('error' in ceilingMeasured) ? ceilingMeasured : undefined;
  if (!ceiling) {
    const server = await startCeiling();
    try {
      ceiling = await attempt('ceiling', () => measure(server.url, { paths: ['/api/products'] }, settings));
    } finally {
      await server.stop();
    }
  }
  say(`starting ${INSTANCES} instances behind HAProxy on ${dataset.kind}, ${dataset.label} products`);
  const cluster = await startCluster({
    instances: INSTANCES,
    databaseUrl: dataset.databaseUrl,
    dataDir: dataset.dataDir,
    logDir: logsDir,
    env: benchShopEnv(dataset),
  });
  const measuredCeiling = ceiling;
  try {
    const all = targets(dataset, await logIn(cluster.url, BENCH_ADMIN));
    const endpoints: ClusterRun['endpoints'] = {};
    for (const name of CLUSTER_ENDPOINTS) {
      endpoints[name] = await attempt(`${name} through HAProxy`, () => measure(cluster.url, all[name], settings));
    }
    return { instances: INSTANCES, ceiling: measuredCeiling, endpoints };
  } finally {
    await cluster.stop();
  }
}
