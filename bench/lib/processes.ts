import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Dataset } from './datasets';
import { benchDir, repoRoot } from './options';
import { logsDir, logTail } from './run';

export interface RunningServer {
  url: string;
  /** The server's process, for what only the operating system tells (its memory). */
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function waitUntilReady(url: string, child: ChildProcess, logPath: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const tail = logTail(logPath, 20);
  throw new Error(`${url} did not become ready; see ${logPath}\n${tail}`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
}

async function startNodeProcess(script: string, env: NodeJS.ProcessEnv, logName: string, readyPath: string) {
  fs.mkdirSync(logsDir, { recursive: true });
  const logPath = path.join(logsDir, logName);
  const out = fs.openSync(logPath, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${env.PORT}`;
  const stop = stopper(child);
  try {
    await waitUntilReady(`${url}${readyPath}`, child, logPath, 180_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pid: child.pid ?? 0, stop };
}

/**
 * The shop as it runs in production: its own process, NODE_ENV=production, the built web app.
 * Request logs are off (LOG_LEVEL=warn) as they are for the ceiling; the rate limits on login and
 * checkout are raised, since the bench is one address and a handful of accounts hammering them on purpose.
 */
export async function startShop(dataset: Dataset, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataset.dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    RECONCILE_INTERVAL_SECONDS: '0',
    AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '100000000',
    LOGIN_FAILURES_PER_EMAIL: '100000000',
    LOGIN_DELAY_AFTER_FAILURES: '100000000',
    CHECKOUTS_PER_USER_PER_MINUTE: '100000000',
    ...extraEnv,
  };
  for (const name of Object.keys(env)) {
    if (name.startsWith('STRIPE_') || name.startsWith('S3_') || name === 'REDIS_URL') delete env[name];
  }
  if (dataset.databaseUrl) env.DATABASE_URL = dataset.databaseUrl;
  else delete env.DATABASE_URL;
  return startNodeProcess('apps/api/src/server.ts', env, `shop-${dataset.label}.log`, '/api/ready');
}

/** The bare Fastify route the API is measured against. */
export async function startCeiling(): Promise<RunningServer> {
  const port = await freePort();
  return startNodeProcess(
    path.join(benchDir, 'ceiling-server.ts'),
    { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    'ceiling.log',
    '/health',
  );
}
