import path from 'node:path';
import {
  freePort,
  RATE_LIMITS_RAISED,
  startNodeProcess,
  startShop as startShopProcess,
} from '../../cluster/src/shop-process';
import type { Dataset } from './datasets';
import { benchDir, repoRoot } from './options';
import { logsDir } from './run';

export interface RunningServer {
  url: string;
  /** The server's process, for what only the operating system tells (its memory). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The settings of every shop the bench measures, one process or a cluster's instances: request logs off
 * (LOG_LEVEL=warn) as they are for the ceiling; the rate limits on login and checkout raised, since the
 * bench is one address and a handful of accounts hammering them on purpose.
 */
export function benchShopEnv(dataset: Dataset, extraEnv: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: dataset.dataDir,
    ...(dataset.databaseUrl ? { DATABASE_URL: dataset.databaseUrl } : {}),
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    RECONCILE_INTERVAL_SECONDS: '0',
    ...RATE_LIMITS_RAISED,
    ...extraEnv,
  };
}

/** The shop as it runs in production (cluster/src/shop-process.ts), on the dataset. */
export async function startShop(
  dataset: Dataset,
  extraEnv: Record<string, string> = {},
  checkout = repoRoot,
): Promise<RunningServer> {
  const logName = checkout === repoRoot ? `shop-${dataset.label}.log` : `shop-${dataset.label}-baseline.log`;
  const shop = await startShopProcess({
    env: benchShopEnv(dataset, extraEnv),
    output: { file: path.join(logsDir, logName) },
    checkout,
  });
  return { url: shop.url, pid: shop.pid, stop: async () => void (await shop.stop(10_000)) };
}

/** The bare Fastify route the API is measured against. */
export async function startCeiling(): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const ceiling = await startNodeProcess({
    script: path.join(benchDir, 'ceiling-server.ts'),
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    output: { file: path.join(logsDir, 'ceiling.log') },
    readyUrl: `${url}/health`,
  });
  return { url, pid: ceiling.pid, stop: async () => void (await ceiling.stop(10_000)) };
}
