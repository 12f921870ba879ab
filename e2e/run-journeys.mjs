// Runs the browser journeys against the built shop: starts the real server on a fresh database,
// runs Playwright against it, stops the server and removes the database. Extra arguments go to
// `playwright test` (for example `--config=screenshots.config.ts` or a file name).
//
// `--cluster`: the journeys go through HAProxy to two shop instances on PostgreSQL (TEST_DATABASE_URL),
// Redis (REDIS_URL, when set) and an S3-compatible server, started by the cluster's own module.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const CHROMIUM = '/usr/bin/chromium';
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const require = createRequire(import.meta.url);

const ADMIN_EMAIL = 'e2e-admin@example.com';
const ADMIN_PASSWORD = 'e2e-admin-password';

function say(message) {
  console.info(`[journeys] ${message}`);
}

if (!existsSync(CHROMIUM)) {
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error(
      `Browser journeys cannot run: Debian's chromium (${CHROMIUM}) is not installed and REQUIRE_BROWSER=1. ` +
        'Install it with: apt-get install -y chromium',
    );
    process.exit(1);
  }
  console.info(
    `Browser journeys skipped: Debian's chromium (${CHROMIUM}) is not installed. Install it with: apt-get install -y chromium`,
  );
  process.exit(0);
}

if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
  console.error(
    'Browser journeys cannot run: the web app is not built. Run `npm run build` first (npm run test:e2e does).',
  );
  process.exit(1);
}

const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== '--cluster');
const asCluster = playwrightArgs.length < process.argv.length - 2;
if (asCluster && !process.env.TEST_DATABASE_URL) {
  console.error(
    'Browser journeys --cluster need PostgreSQL: set TEST_DATABASE_URL (the cluster makes its own database).',
  );
  process.exit(1);
}

// The shop's processes are started by the cluster's module, which is TypeScript.
register();
const { RATE_LIMITS_RAISED, startShop } = await import('../cluster/src/shop-process.ts');
const { dropDatabase, ensureDatabase, scratchDatabaseUrl } = await import('../cluster/src/databases.ts');

/** What every shop the journeys run against is set to. */
const SHOP_SETTINGS = {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  LOG_LEVEL: 'warn',
  // Every journey logs in, registers and checks out many times a minute from one address.
  ...RATE_LIMITS_RAISED,
};

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server, or a fresh embedded one in a temp folder. */
async function createDatabase() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-e2e-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return {
      label: `embedded database in ${dataDir}`,
      env: { DATA_DIR: dataDir },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const url = scratchDatabaseUrl(serverUrl, 'e2e');
  await ensureDatabase(url);
  return {
    label: `PostgreSQL database ${new URL(url).pathname.slice(1)}`,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    drop: async () => {
      await dropDatabase(url);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One shop on a fresh database; answers its address and how to stop it and remove the database. */
async function startOneShop() {
  const database = await createDatabase();
  say(`starting the shop on a fresh ${database.label}`);
  try {
    const shop = await startShop({
      // The journeys run the shop with the caller's NODE_ENV (development unless set), as they always have.
      env: { NODE_ENV: process.env.NODE_ENV ?? 'development', ...database.env, ...SHOP_SETTINGS },
      output: 'inherit',
    });
    return { url: shop.url, stop: () => shop.stop(15_000).then(() => database.drop()) };
  } catch (err) {
    await database.drop();
    throw err;
  }
}

/** Two instances behind HAProxy on a database of their own, which goes when the cluster stops. */
async function startTwoInstances() {
  const { startCluster } = await import('../cluster/src/cluster.ts');
  say('starting two shop instances behind HAProxy, on a fresh PostgreSQL database');
  const cluster = await startCluster({
    instances: 2,
    databaseUrl: scratchDatabaseUrl(process.env.TEST_DATABASE_URL ?? '', 'e2e_cluster'),
    dropDatabaseOnStop: true,
    redisUrl: process.env.REDIS_URL || undefined,
    env: SHOP_SETTINGS,
    echo: (name, line) => console.info(`[${name}] ${line}`),
    say,
  });
  return { url: cluster.url, stop: () => cluster.stop() };
}

function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  let shop;
  let stopping;
  const cleanUp = () => {
    stopping ??= shop ? shop.stop() : Promise.resolve();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      cleanUp().finally(() => process.exit(130));
    });
  }

  let code = 1;
  try {
    const started = Date.now();
    shop = asCluster ? await startTwoInstances() : await startOneShop();
    say(`the shop is ready at ${shop.url} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const cli = require.resolve('@playwright/test/cli');
    code = await run(process.execPath, [cli, 'test', ...playwrightArgs], {
      cwd: here,
      env: {
        ...process.env,
        E2E_BASE_URL: shop.url,
        E2E_ADMIN_EMAIL: ADMIN_EMAIL,
        E2E_ADMIN_PASSWORD: ADMIN_PASSWORD,
      },
    });
  } catch (err) {
    console.error(`Browser journeys failed to start: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await cleanUp();
  }
  process.exit(code);
}

await main();
