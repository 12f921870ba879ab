import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { AppDeps } from '../app-deps';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { type AppConfig, loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { databaseUrlWithName } from './global-setup';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The postgres:// URL of this copy, for tests that start a second process or instance. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh copy of the migrated template: embedded by default, PostgreSQL with TEST_DATABASE_URL, with the
 * pool size and timeouts of `config` as the server would open it.
 */
export async function openTestDatabase(config?: AppConfig): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplateDatabase');
  if (serverUrl && template) {
    const name = `shop_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    const url = databaseUrlWithName(serverUrl, name);
    const handle = await openDatabase({
      url,
      // Without a configuration the handle is the test's own, for factories and counting: a few connections.
      poolSize: config?.database.poolSize ?? 4,
      timeouts: config?.database,
    });
    return {
      handle,
      url,
      drop: async () => {
        await handle.close();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplatePath'));
  const handle = await openDatabase({ loadDataDir: new Blob([dump]) });
  return { handle, url: undefined, drop: () => handle.close() };
}

/** The configuration tests run with: quiet, generous rate limits, a private data folder. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // No server rendering unless a test asks for it (storefront-render.test.ts renders the web app's source).
    WEB_SERVER_ENTRY: path.join(dataDir, 'no-web-build', 'entry-server.js'),
    PUBLIC_URL: 'http://shop.test',
    SEED_DEMO_DATA: 'false',
    LOGIN_FAILURES_PER_EMAIL: '1000',
    LOGIN_DELAY_AFTER_FAILURES: '1000',
    // The concurrency tests make more connections wait at once than the shop's default pool holds.
    DATABASE_POOL_SIZE: '30',
    AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '100000',
    CHECKOUTS_PER_USER_PER_MINUTE: '100000',
    GUEST_CHECKOUTS_PER_IP_PER_MINUTE: '100000',
    DISCOUNT_GUESSES_PER_IP_PER_MINUTE: '100000',
    RECONCILE_INTERVAL_SECONDS: '0',
    // The factories write to the database behind the shop's back, which an index would not hear of: tests
    // of the catalogue index turn it on (catalogue-index.test.ts).
    CATALOGUE_INDEX_SECONDS: '0',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  db: AppDeps['db'];
  config: AppConfig;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A file in the run's log folder for one app or server; everything in it is audited after the run. */
export function testLogFile(label: string): string {
  return path.join(inject('testLogDir'), `${label}-${randomBytes(4).toString('hex')}.log`);
}

/** Another instance on `shared`'s PostgreSQL database, with a pool of its own; the database stays when it closes. */
async function openSharedDatabase(shared: TestDatabase, config: AppConfig): Promise<TestDatabase> {
  if (!shared.url) throw new Error('Only a PostgreSQL database can be shared by two instances');
  const handle = await openDatabase({ url: shared.url, poolSize: config.database.poolSize, timeouts: config.database });
  return { handle, url: shared.url, drop: () => handle.close() };
}

/**
 * The real app on a fresh database, for `app.inject` tests; with `database`, one more instance of the
 * shop on that (PostgreSQL) database, as behind a load balancer.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; overrides?: Partial<AppDeps>; database?: TestDatabase } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database
    ? await openSharedDatabase(options.database, config)
    : await openTestDatabase(config);
  // Logged at info like a production shop, into the run's log folder: the run fails if a line leaks a secret.
  const logger = createLogger('info', { destination: pino.destination({ dest: testLogFile('app'), sync: false }) });
  const app = await buildApp({ config, database: database.handle, overrides: options.overrides, logger });
  await app.ready();
  return {
    app,
    db: database.handle.db,
    config,
    database,
    close: async () => {
      await app.close();
      await database.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `work` on one connection of the test's database (the embedded database is one; on PostgreSQL a
 * pool of one of its own), so what a statement leaves on its connection shows on the next.
 */
export async function onOneConnection(t: TestApp, work: (db: AppDeps['db']) => Promise<void>): Promise<void> {
  if (!t.database.url) return work(t.db);
  const handle = await openDatabase({ url: t.database.url, poolSize: 1, plannedOncePoolSize: 0 });
  try {
    await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** Whether a commit on this connection (or in this transaction) waits for the log to reach the disk. */
export async function synchronousCommitOf(db: Pick<AppDeps['db'], 'execute'>): Promise<string> {
  const result = await db.execute(sql`select current_setting('synchronous_commit') as setting`);
  // Both drivers answer raw SQL with { rows }.
  return (result as unknown as { rows: { setting: string }[] }).rows[0]?.setting ?? '';
}
