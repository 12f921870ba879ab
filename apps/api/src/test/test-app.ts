import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { type AppConfig, loadConfig } from '../platform/config';
import type { AppDeps } from '../platform/deps';
import { databaseUrlWithName } from './global-setup';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The postgres:// URL of this copy, for tests that start a second process or instance. */
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh copy of the migrated template: embedded by default, PostgreSQL with TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplateDatabase');
  if (serverUrl && template) {
    const name = `shop_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    const url = databaseUrlWithName(serverUrl, name);
    const handle = await openDatabase({ url, poolSize: 30 });
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
    PUBLIC_URL: 'http://shop.test',
    SEED_DEMO_DATA: 'false',
    LOGIN_FAILURES_PER_EMAIL: '1000',
    AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '100000',
    CHECKOUTS_PER_USER_PER_MINUTE: '100000',
    RECONCILE_INTERVAL_SECONDS: '0',
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

/** The real app on a fresh database, for `app.inject` tests. */
export async function createTestApp(
  options: { env?: Record<string, string>; overrides?: Partial<AppDeps> } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = testConfig(options.env);
  const app = await buildApp({ config, database: database.handle, overrides: options.overrides, logger: false });
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
