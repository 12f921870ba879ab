import path from 'node:path';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedOnFirstStart } from './db/seed/demo-seed';
import { startReconcileJob } from './modules/orders/reconcile';
import { ConfigError, loadConfig } from './platform/config';
import { createLogger } from './platform/logger';

// Until the configuration names a level, start-up problems are logged at the default one.
let log = createLogger('info');

async function main(): Promise<void> {
  const config = loadConfig();
  log = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  await database.migrate();
  const app = await buildApp({ config, database, logger: log });
  await seedOnFirstStart(app.deps, app.log);

  let reconcileJob: { stop(): Promise<void> } | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let the ones in flight finish, then close the database.
    await reconcileJob?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.reconcileIntervalSeconds > 0) {
    const { db, paymentProvider } = app.deps;
    reconcileJob = startReconcileJob({ db, provider: paymentProvider, log: app.log }, config.reconcileIntervalSeconds);
  }
  app.log.info(
    `The shop is open at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) log.fatal(err.message);
  else log.fatal({ err }, 'The shop could not start');
  process.exit(1);
});
