import path from 'node:path';
import { buildApp } from './app';
import { startBackgroundWork } from './background-work';
import { openDatabase } from './db/client';
import { ConfigError, loadConfig } from './platform/config';
import { createLogger, flushLog } from './platform/logger';
import { shutDownGracefully } from './platform/shutdown';
import { trustProxyWarning } from './platform/trust-proxy';
import { seedOnFirstStart } from './seed/demo-seed';

// Until the configuration names a level, start-up problems are logged at the default one.
let log = createLogger('info');

async function main(): Promise<void> {
  const config = loadConfig();
  log = createLogger(config.logLevel);
  const proxyWarning = trustProxyWarning(config);
  if (proxyWarning) log.warn(proxyWarning);
  const database = await openDatabase({
    url: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
    dataDir: path.join(config.dataDir, 'db'),
    poolSize: config.database.poolSize,
    timeouts: config.database,
  });
  await database.migrate();
  const app = await buildApp({ config, database, logger: log });
  // The seed writes the demo catalogue itself, so the copies of the catalogue the shop keeps are told.
  if (await seedOnFirstStart(app.deps, app.log)) app.deps.events.catalogueChanged();
  await app.deps.catalogueIndex.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'asked to stop');
    await shutDownGracefully(app, {
      ...config.shutdown,
      stopWork: (timeoutMs) => app.deps.jobs.stop(timeoutMs),
      closeDatabase: () => database.close(),
    }).catch((err: unknown) => app.log.error({ err }, 'shutting down failed'));
    await flushLog(log);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  await startBackgroundWork(app.deps, app.log);
  app.log.info(
    `The shop is open at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch(async (err: unknown) => {
  if (err instanceof ConfigError) log.fatal(err.message);
  else log.fatal({ err }, 'The shop could not start');
  await flushLog(log);
  process.exit(1);
});
