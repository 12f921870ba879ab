import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { APPEND_ONLY_TABLES, grantToShopRole, runsAsItsOwnRole, shopRoleOf } from './shop-role';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that runs queries: the database or a transaction inside it. */
export type Queryable = Database | Transaction;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL server's URL, or the embedded database itself: the job queue connects to the same. */
  url?: string;
  /** The owner's URL when the shop runs as a role of its own: migrations and the job queue's schema are made through it. */
  migrationUrl?: string;
  pglite?: PGlite;
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * How long the shop waits on PostgreSQL before it gives up and answers 503: for a free connection of
 * the pool, for a statement, and for a lock. Without them one stuck lock stalls every route.
 */
export interface DatabaseTimeouts {
  acquireTimeoutMs: number;
  statementTimeoutMs: number;
  lockTimeoutMs: number;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded database is used. */
  url?: string | undefined;
  /** The database's owner, which migrates and grants the role of `url` what the shop needs; `url` migrates when absent. */
  migrationUrl?: string | undefined;
  /** Where the embedded database keeps its files; in memory when absent. */
  dataDir?: string | undefined;
  /** A dump of a migrated embedded database to start from (tests). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /**
   * PostgreSQL only: connections, besides the pool, for the reads `plannedOnce` sends; PLANNED_ONCE_POOL_SIZE
   * unless given, 0 for none. They are opened on the first such read, so a process that makes none (the mail
   * thread, the command-line tools) opens none.
   */
  plannedOncePoolSize?: number;
  /**
   * PostgreSQL only: PGlite is one connection inside the process, so no other client can hold a lock
   * the shop waits on, and its statements run on the shop's own thread where no timer could stop them.
   */
  timeouts?: DatabaseTimeouts | undefined;
}

/** The answer to `select 1` must come quickly, or the database counts as not answering. */
const PING_TIMEOUT_MS = 2000;

/**
 * Connections for reads planned once: a few keep the database's cores busy with them. On two cores, 3, 4,
 * 6 and 8 measured alike (the cold list within its noise); more would only queue inside PostgreSQL.
 */
const PLANNED_ONCE_POOL_SIZE = 4;

/**
 * Where a database sends the reads whose prepared statements are planned once per connection: their own
 * pool, whose connections keep one plan for every value (`plan_cache_mode=force_generic_plan`).
 * PostgreSQL plans such a statement anew on every call while it estimates its general plan dearer than
 * the value's own; with a LIMIT and OFFSET given as values it always does, though the plan is the same
 * (an index walked in the sort's order), and planning the catalogue's list page cost its database as much
 * as running it. Only statements whose plan is the same for every value belong here: a pattern or a price
 * range chooses its index by the value, and goes to the pool that plans each call.
 */
const plannedOncePools = new WeakMap<Queryable, Database>();

/**
 * The reads planned once find a page's products, then each product's sizes (a few rows by its key), with an
 * index scan rather than a bitmap. A product's sizes are made together and lie on one page, but product ids
 * are random, so PostgreSQL prices each size as a page read of its own and picks a bitmap, whose setup costs
 * more than the rows it reads: a page of the list took a tenth less of the database's CPU by index (pgbench,
 * 12 products: 4,400 against 4,950 a second). None of these reads needs a bitmap: each is walked along an index.
 */
const SIZES_BY_INDEX_SCAN = '-c enable_bitmapscan=off';

/** The database to send a read planned once to: its own pool on PostgreSQL, the database itself on PGlite. */
export const plannedOnce = (db: Queryable): Queryable => plannedOncePools.get(db) ?? db;

function poolConfig(options: DatabaseOptions & { url: string }, max: number): pg.PoolConfig {
  const timeouts = options.timeouts;
  return {
    connectionString: options.url,
    max,
    keepAlive: true,
    ...(timeouts && {
      connectionTimeoutMillis: timeouts.acquireTimeoutMs,
      statement_timeout: timeouts.statementTimeoutMs,
      lock_timeout: timeouts.lockTimeoutMs,
      // A transaction left open by a crashed request must not hold its locks for ever.
      idle_in_transaction_session_timeout: timeouts.statementTimeoutMs * 3,
      // The server's own timeout cannot fire when the connection itself is dead.
      query_timeout: timeouts.statementTimeoutMs + 2000,
    }),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool(poolConfig({ ...options, url: options.url }, options.poolSize ?? 20));
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    const plannedOncePoolSize = options.plannedOncePoolSize ?? PLANNED_ONCE_POOL_SIZE;
    const plannedOncePool = plannedOncePoolSize
      ? new pg.Pool({
          ...poolConfig({ ...options, url: options.url }, plannedOncePoolSize),
          options: `-c plan_cache_mode=force_generic_plan ${SIZES_BY_INDEX_SCAN}`,
        })
      : undefined;
    plannedOncePool?.on('error', () => {});
    if (plannedOncePool) plannedOncePools.set(db, drizzleNodePg(plannedOncePool, { schema }) as unknown as Database);
    const url = options.url;
    const migrationUrl = runsAsItsOwnRole(url, options.migrationUrl) ? options.migrationUrl : undefined;
    return {
      db,
      kind: 'postgres',
      url,
      ...(migrationUrl ? { migrationUrl } : {}),
      // Migrations build indexes over whole tables: on a connection of their own, without the timeouts.
      migrate: async () => {
        const client = new pg.Client({ connectionString: migrationUrl ?? url });
        await client.connect();
        try {
          await migrateNodePg(drizzleNodePg(client, { schema }) as never, { migrationsFolder });
          const role = shopRoleOf(url);
          if (migrationUrl && role) await grantToShopRole(client, role, 'public', APPEND_ONLY_TABLES);
        } finally {
          await client.end();
        }
      },
      ping: async () => {
        try {
          await pool.query({ text: 'select 1', query_timeout: PING_TIMEOUT_MS } as pg.QueryConfig);
          return true;
        } catch {
          return false;
        }
      },
      close: async () => {
        await Promise.all([pool.end(), plannedOncePool?.end()]);
      },
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, fuzzystrmatch },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}
