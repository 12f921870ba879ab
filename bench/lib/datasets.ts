import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { hashPassword } from '../../apps/api/src/modules/auth/password';
import { rngOf } from '../../apps/api/src/seed/art/palette';
import { mistypeOnce } from '../../apps/api/src/seed/typos';
import { dataRoot, repoRoot } from './options';
import type { BenchLine } from './purchase';
import { runLogged, say, sizeLabel } from './run';

/** Accounts the bench logs in with; their password is hashed with the shop's own scrypt parameters. */
export const BENCH_PASSWORD = 'bench-password-2026';
export const BENCH_ADMIN = 'bench-admin@bench.local';
export const BENCH_SHOPPER = 'bench-shopper@bench.local';
export const BENCH_BUYERS = Array.from({ length: 10 }, (_, i) => `bench-buyer-${i + 1}@bench.local`);

/** Raised whenever the generated data changes shape, so older benchmark databases are made again. */
const DATA_VERSION = 3;

export interface DataPlan {
  products: number;
  users: number;
  orders: number;
  reviews: number;
}

/** The rest follows from the catalogue's size, in a busy shop's proportions. */
export const planFor = (products: number): DataPlan => ({
  products,
  users: Math.max(50, Math.round(products / 5)),
  orders: products,
  reviews: 2 * products,
});

export interface Dataset {
  size: number;
  label: string;
  kind: 'postgresql' | 'embedded';
  /** Set for PostgreSQL; the embedded database lives under dataDir/db. */
  databaseUrl: string | undefined;
  /** The shop's DATA_DIR: the embedded database and the product images. */
  dataDir: string;
  fixtures: Fixtures;
  /** Seconds the generator took, when it ran in this bench. */
  generatedInSeconds: number | undefined;
}

export interface Fixtures {
  /** Products that have reviews, for the detail and related endpoints and the product page. */
  reviewedProductIds: string[];
  /** A few products (each in one of its sizes) to put in the benchmark's carts. */
  cartLines: BenchLine[];
  /** A dress in size M: checkouts that hold one size. */
  sizedLine: BenchLine;
  /** Products in no particular order, more than a run asks for: pages that are in no cache. */
  catalogueWalk: string[];
  /** Every product of the catalogue: detail answers asked for at random over all of it. */
  catalogueIds: string[];
  /** Product names each mistyped once, as shoppers search for them: searches no cache holds. */
  mistypedSearches: string[];
}

/** More product pages than two 15 s runs render on this kind of machine (a few hundred a second). */
const CATALOGUE_WALK = 20_000;

/** On hand for the fixtures' sizes at every run: purchases and holds never run them out. */
const FIXTURE_STOCK = 10_000_000;

function marker(plan: DataPlan): string {
  return `shop-bench v${DATA_VERSION} ${plan.products}/${plan.users}/${plan.orders}/${plan.reviews}`;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The bench keeps one database per size beside the one BENCH_DATABASE_URL names, made through its server. */
async function postgresTarget(baseUrl: string, plan: DataPlan, reseed: boolean) {
  const url = new URL(baseUrl);
  const baseName = decodeURIComponent(url.pathname.slice(1)) || 'shop_bench';
  const name = `${baseName}_${sizeLabel(plan.products)}`;
  url.pathname = `/${encodeURIComponent(name)}`;
  const admin = new URL(baseUrl);
  admin.pathname = '/postgres';
  const fresh = await withClient(admin.toString(), async (client) => {
    const { rows } = await client.query<{ note: string | null }>(
      `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
      [name],
    );
    if (rows[0] && rows[0].note === marker(plan) && !reseed) return false;
    await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    await client.query(`create database ${quoteIdent(name)}`);
    return true;
  });
  return { url: url.toString(), name, fresh };
}

async function generate(plan: DataPlan, env: NodeJS.ProcessEnv, label: string): Promise<number> {
  say(`generating ${plan.products} products, ${plan.users} users, ${plan.orders} orders, ${plan.reviews} reviews`);
  const started = performance.now();
  await runLogged(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/seed/seed-cli.ts',
      '--products',
      String(plan.products),
      '--users',
      String(plan.users),
      '--orders',
      String(plan.orders),
      '--reviews',
      String(plan.reviews),
    ],
    { cwd: repoRoot, env, logName: `generate-${label}.log` },
  );
  const seconds = (performance.now() - started) / 1000;
  say(`generated in ${seconds.toFixed(1)} s`);
  return seconds;
}

/** Makes (or reuses) a database of `size` products with the bench accounts, and picks the fixtures. */
export async function prepareDataset(size: number, options: { databaseUrl?: string | undefined; reseed: boolean }) {
  const plan = planFor(size);
  const label = sizeLabel(size);
  let generatedInSeconds: number | undefined;
  let databaseUrl: string | undefined;
  let dataDir: string;
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
  };

  if (options.databaseUrl) {
    const target = await postgresTarget(options.databaseUrl, plan, options.reseed);
    databaseUrl = target.url;
    dataDir = path.join(dataRoot, `pg-${target.name}`);
    if (target.fresh) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      generatedInSeconds = await generate(plan, { ...baseEnv, DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, label);
      await withClient(databaseUrl, (c) =>
        c.query(`comment on database ${quoteIdent(target.name)} is '${marker(plan)}'`),
      );
    }
  } else {
    dataDir = path.join(dataRoot, `embedded-${label}`);
    const markerPath = path.join(dataDir, 'bench-data.txt');
    const current = fs.existsSync(markerPath) ? fs.readFileSync(markerPath, 'utf8') : '';
    if (current !== marker(plan) || options.reseed) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const env: NodeJS.ProcessEnv = { ...baseEnv, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      generatedInSeconds = await generate(plan, env, label);
      fs.writeFileSync(markerPath, marker(plan));
    }
  }

  const handle = await openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'db'), poolSize: 2 });
  try {
    await handle.migrate();
    await ensureAccounts(handle.db);
    const fixtures = await pickFixtures(handle.db);
    // Bulk-loaded tables have no planner statistics, and what earlier runs left and the reset deleted
    // stays as dead rows, until autovacuum comes by; the CI's PostgreSQL runs without it. Every run starts
    // from what a live shop's tables look like, not from the debris of the runs before (a few runs made
    // the purchase a third slower).
    await handle.db.execute(sql`vacuum analyze`);
    const dataset: Dataset = {
      size,
      label,
      kind: databaseUrl ? 'postgresql' : 'embedded',
      databaseUrl,
      dataDir,
      fixtures,
      generatedInSeconds,
    };
    return dataset;
  } finally {
    await handle.close();
  }
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/**
 * The bench's admin, shopper and buyers, with a known password. What earlier runs bought and the
 * sessions they opened are removed, so every run measures the same data.
 */
async function ensureAccounts(db: Db): Promise<void> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const accounts = [
    { email: BENCH_ADMIN, role: 'admin' },
    { email: BENCH_SHOPPER, role: 'user' },
    ...BENCH_BUYERS.map((email) => ({ email, role: 'user' })),
  ];
  for (const { email, role } of accounts) {
    await db.execute(sql`
      insert into users (username, email, password_hash, role)
      values (${email.split('@')[0]}, ${email}, ${hash}, ${role}::role)
      on conflict (lower(email)) do update set password_hash = excluded.password_hash, role = excluded.role`);
  }
  await db.execute(sql`delete from orders where email like 'bench-%@bench.local'`);
  // What the import row added: the catalogue every run measures is the generated one.
  await db.execute(sql`delete from products where name like 'Bench import dress %'`);
  // The bench's holds end with the run before: their stock goes back, their ledger rows go with them.
  await db.execute(sql`
    delete from stock_reservations where actor_id in (select id from users where email like 'bench-%@bench.local')`);
  await db.execute(sql`
    delete from stock_ledger where actor_id in (select id from users where email like 'bench-%@bench.local')`);
  await db.execute(sql`delete from checkout_sessions where email like 'bench-%@bench.local'`);
  await db.execute(sql`delete from builtin_payment_sessions where customer_email like 'bench-%@bench.local'`);
  await db.execute(sql`
    delete from sessions where user_id in (select id from users where email like 'bench-%@bench.local')`);
}

async function pickFixtures(db: Db): Promise<Fixtures> {
  const reviewed = await db.execute(sql`select id from products where review_count > 0 order by id limit 100`);
  // Scattered through the table (ordered by a hash of the id), as a crawler's visits are.
  const walk = await db.execute(sql`select id, name from products order by md5(id::text) limit ${CATALOGUE_WALK}`);
  const all = await db.execute(sql`select id from products`);
  const cart = await db.execute(sql`
    select distinct on (p.created_at, p.id) p.id, v.id as variant_id, v.size, p.size_scale
    from products p join product_variants v on v.product_id = p.id and v.color = p.color
    order by p.created_at desc, p.id, v.position limit 3`);
  const sized = await db.execute(sql`
    select p.id, v.id as variant_id, v.size from products p
    join product_variants v on v.product_id = p.id and v.color = p.color
    where p.category = 'dress' and v.size = 'M' order by p.id limit 1`);
  // The lines name no colour, so they are of each product's own (first) colour: its sizes are the fixtures'.
  // Both drivers answer raw SQL with { rows }.
  type Row = { id: string; name: string; variant_id: string; size: string; size_scale?: string };
  const rows = (result: unknown) => (result as { rows: Row[] }).rows;
  const line = (r: Row) => (r.size_scale === 'one' ? { _id: r.id } : { _id: r.id, size: r.size });
  const sizedRow = rows(sized)[0];
  const typoRng = rngOf(33);
  if (rows(reviewed).length === 0) throw new Error('The benchmark data has no reviewed product');
  if (!sizedRow) throw new Error('The benchmark data has no dress in size M');
  // Plenty of each fixture size, held by nobody, with no history: on hand = opening, as the ledger wants.
  for (const variantId of [...rows(cart), sizedRow].map((r) => r.variant_id)) {
    await db.execute(sql`
      update product_variants set on_hand = ${FIXTURE_STOCK}, opening_on_hand = ${FIXTURE_STOCK}, reserved = 0
      where id = ${variantId}`);
    await db.execute(sql`delete from stock_ledger where variant_id = ${variantId}`);
  }
  return {
    reviewedProductIds: rows(reviewed).map((r) => r.id),
    cartLines: rows(cart).map(line),
    sizedLine: { _id: sizedRow.id, size: sizedRow.size },
    catalogueWalk: rows(walk).map((r) => r.id),
    catalogueIds: rows(all).map((r) => r.id),
    mistypedSearches: rows(walk).map((r) => mistypeOnce(r.name, typoRng)),
  };
}
