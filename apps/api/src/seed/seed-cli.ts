import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../db/client';
import { orders, products, reviews, users } from '../db/schema';
import { createImageStorage } from '../modules/uploads/create-image-storage';
import { loadConfig } from '../platform/config';
import { GENERATED_USER_PASSWORD } from './activity-generator';
import { rngOf } from './art/palette';
import { fillCatalogue } from './catalogue-fill';
import { seedOnFirstStart } from './demo-seed';

const USAGE = `Usage: npm run seed -- [--products N] [--users N] [--orders N] [--reviews N] [--seed N]

Fills the database the shop is configured with (DATABASE_URL, or the embedded one under DATA_DIR)
for benchmarks. It migrates first and, on an empty database, adds the demo catalogue and accounts.
Generated products reuse a pool of 28 drawn pictures (one per category and colour); generated
users are shopper<n>@bench.local with the password "${GENERATED_USER_PASSWORD}"; orders and reviews
cover the last 18 months. --seed makes a run repeatable.
Example: npm run seed -- --products 100000 --users 20000 --orders 100000 --reviews 200000`;

// A command-line tool: its output is for the person who typed the command.
const print = (line: string) => process.stdout.write(`${line}\n`);

function count(value: string | undefined, name: string): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000) {
    throw new Error(`--${name} must be a whole number from 0 to 10000000`);
  }
  return n;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  print(`  ${label.padEnd(44)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function printCounts(db: Database): Promise<void> {
  for (const [name, table] of [
    ['users', users],
    ['products', products],
    ['orders', orders],
    ['reviews', reviews],
  ] as const) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    print(`  ${name.padEnd(10)} ${(row?.n ?? 0).toLocaleString('en-US')}`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      users: { type: 'string' },
      orders: { type: 'string' },
      reviews: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    print(USAGE);
    return;
  }
  const wanted = {
    products: count(values.products, 'products'),
    users: count(values.users, 'users'),
    orders: count(values.orders, 'orders'),
    reviews: count(values.reviews, 'reviews'),
  };
  const rng = rngOf(values.seed === undefined ? Date.now() : count(values.seed, 'seed'));
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
    dataDir: path.join(config.dataDir, 'db'),
  });
  const imageStorage = createImageStorage(config);
  const started = Date.now();
  print(`Seeding the ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL database'}`);
  try {
    await timed('migrations', () => database.migrate());
    await timed('the admin, and the demo catalogue unless SEED_DEMO_DATA=false (only on an empty database)', () =>
      seedOnFirstStart(
        { config, db: database.db, imageStorage },
        { info: (details, message) => print(`  ${message ?? (typeof details === 'string' ? details : '')}`) },
      ),
    );
    await fillCatalogue({ db: database.db, imageStorage, rng, now: started, step: timed }, wanted);
    print(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. The database now holds:`);
    await printCounts(database.db);
    if (wanted.users > 0) print(`Generated users log in as shopper<n>@bench.local with "${GENERATED_USER_PASSWORD}".`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  // The database's own words (a constraint, a timeout) are in the cause of a failed query.
  if (err instanceof Error && err.cause instanceof Error) process.stderr.write(`${err.cause.message}\n`);
  process.stderr.write('Run `npm run seed -- --help` for the options.\n');
  process.exit(1);
});
