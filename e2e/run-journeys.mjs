// Runs the browser journeys against the built shop: starts the real server on a fresh database,
// runs Playwright against it, stops the server and removes the database. Extra arguments go to
// `playwright test` (for example `--config=screenshots.config.ts` or a file name).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHROMIUM = '/usr/bin/chromium';
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const require = createRequire(import.meta.url);
const READY_TIMEOUT_MS = 180_000;

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

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

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
  const { default: pg } = await import('pg');
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    label: `PostgreSQL database ${name}`,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's environment: the caller's, minus anything that would point it at real services. */
function serverEnv(port, baseUrl, databaseEnv) {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(STRIPE_|S3_)/.test(key) || ['DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'PUBLIC_URL'].includes(key)) {
      delete env[key];
    }
  }
  return {
    ...env,
    ...databaseEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    // Every journey logs in, registers and checks out many times a minute from one address.
    LOGIN_FAILURES_PER_EMAIL: '10000',
    LOGIN_DELAY_AFTER_FAILURES: '10000',
    AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '100000',
    CHECKOUTS_PER_USER_PER_MINUTE: '10000',
  };
}

async function waitUntilReady(baseUrl, server) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the shop exited with code ${server.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the shop was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await createDatabase();
  say(`starting the shop at ${baseUrl} on a fresh ${database.label}`);
  // tsx as a loader in the server's own process: its CLI wrapper turns a slow SIGTERM into a SIGKILL.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: serverEnv(port, baseUrl, database.env),
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  let cleaning;
  const cleanUp = () => {
    cleaning ??= stopServer(server).then(() => database.drop());
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      cleanUp().finally(() => process.exit(130));
    });
  }

  let code = 1;
  try {
    const started = Date.now();
    await waitUntilReady(baseUrl, server);
    say(`the shop is ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const cli = require.resolve('@playwright/test/cli');
    code = await run(process.execPath, [cli, 'test', ...process.argv.slice(2)], {
      cwd: here,
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
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
