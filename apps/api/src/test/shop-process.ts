import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../platform/config';
import { freePort } from './fault-kit';
import { testLogFile } from './test-app';

export interface ShopProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * The pool of a shop process in the tests. The run's PostgreSQL server takes 100 connections (its default)
 * and two test files run at once; a process opens this pool and about 11 more (reads planned once, the job
 * queue, the mail thread, the catalogue's listener), so a file of two processes stays near 40. With the
 * shop's default of 20 two such files went past 100, and the server refused the next connection (53300: 503s
 * in a test that counted 409s).
 */
export const TEST_PROCESS_POOL_SIZE = '8';

/**
 * The shop as its own process (`apps/api/src/server.ts`), as an operator runs it: for tests of what only
 * a whole process shows (several instances on one database, signals). Its log joins the run's audit.
 */
export async function startShopProcess(env: Record<string, string>): Promise<ShopProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL', 'DATA_DIR']) delete inherited[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      WEB_DIST_DIR: path.join(repoRoot, 'no-web-build-for-tests'),
      SEED_DEMO_DATA: 'false',
      // The first start makes the admin: with its own password, none is generated and printed into the log.
      ADMIN_PASSWORD: 'test-admin-password',
      LOG_LEVEL: 'info',
      RECONCILE_INTERVAL_SECONDS: '0',
      RESERVATION_SWEEP_INTERVAL_SECONDS: '0',
      LOGIN_FAILURES_PER_EMAIL: '100000',
      LOGIN_DELAY_AFTER_FAILURES: '100000',
      AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '100000',
      CHECKOUTS_PER_USER_PER_MINUTE: '100000',
      GUEST_CHECKOUTS_PER_IP_PER_MINUTE: '100000',
      DATABASE_POOL_SIZE: TEST_PROCESS_POOL_SIZE,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logFile = testLogFile('shop-process');
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => fs.appendFileSync(logFile, chunk));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited before it was ready: ${stderr}`);
    if (
      await fetch(`${url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`the shop was not ready in time: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
