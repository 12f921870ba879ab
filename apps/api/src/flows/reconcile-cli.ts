import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { createPaymentProvider } from '../modules/payments/create-payment-provider';
import { ConfigError, loadConfig } from '../platform/config';
import { startJobQueue } from '../platform/job-queue';
import { createLogger } from '../platform/logger';
import { ShopEvents } from '../platform/shop-events';
import { RECONCILE_LOOKBACK_DAYS, reconcile } from './reconcile';

/**
 * `npm run reconcile [-- --days N]`: one reconciliation run against the configured database and
 * provider; prints the report as JSON and exits 1 when a paid session is still without an order.
 * With the embedded database, stop the shop first: only one process may open its files.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { days: { type: 'string' } } });
  const lookbackDays = values.days === undefined ? RECONCILE_LOOKBACK_DAYS : Number(values.days);
  if (!Number.isFinite(lookbackDays) || lookbackDays <= 0) throw new ConfigError('--days must be a positive number');

  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase({
    url: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
    dataDir: path.join(config.dataDir, 'db'),
  });
  try {
    await database.migrate();
    const provider = createPaymentProvider(config, database.db);
    // The orders it makes write their mails as jobs, which the running shop's workers send.
    const jobs = await startJobQueue(database, log);
    try {
      // A running shop's catalogue cache learns of the stock sold within its own short lifetime.
      const deps = { db: database.db, provider, log, events: new ShopEvents(), jobs };
      const report = await reconcile(deps, { lookbackDays });
      process.stdout.write(`${JSON.stringify(report)}\n`);
      process.exitCode = report.missing > 0 ? 1 : 0;
    } finally {
      await jobs.stop();
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : `Reconciliation failed: ${String(err)}`}\n`);
  process.exit(1);
});
