import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../test/fault-kit';
import { testLogFile } from '../test/test-app';
import { repoRoot } from './config';

/**
 * `npm start` as systemd, pm2 or a host runs it: the SIGTERM they send to that process must reach the shop,
 * which drains and exits 0, so npm exits 0 and nothing is left holding the port. The web build is skipped
 * (SKIP_WEB_BUILD), the only part of the start script this test leaves out.
 */
const DELAY_SECONDS = 2;

let npm: ChildProcess;
let base: string;
let port: number;
let dataDir: string;
let log = '';

beforeAll(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-npm-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL']) delete env[key];
  npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...env,
      SKIP_WEB_BUILD: 'true',
      WEB_DIST_DIR: path.join(repoRoot, 'no-web-build-for-tests'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      ADMIN_PASSWORD: 'test-admin-password',
      RECONCILE_INTERVAL_SECONDS: '0',
      SHUTDOWN_DELAY_SECONDS: String(DELAY_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so whatever npm started can be cleaned up after a failure.
    detached: true,
  });
  npm.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  npm.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (npm.exitCode !== null) throw new Error(`npm start exited before the shop was ready:\n${log}`);
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the shop was not ready in time:\n${log}`);
}, 120_000);

afterAll(() => {
  try {
    process.kill(-npm.pid!, 'SIGKILL');
  } catch {
    // Every process of the group has already exited.
  }
  fs.writeFileSync(testLogFile('npm-start'), log);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const listening = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

const readiness = () =>
  fetch(`${base}/api/ready`).then(
    (r) => r.status,
    () => 'refused' as const,
  );

it('SIGTERM to npm start reaches the shop: readiness 503, a drain, the port freed and exit 0', async () => {
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  npm.kill('SIGTERM');

  const seen: (number | string)[] = [];
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && (await listening())) {
    seen.push(await readiness());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const code = await exited;

  expect(seen).toContain(503);
  expect(await listening()).toBe(false);
  expect(log).toContain('shutting down: no longer listening, finishing requests in flight');
  expect(log).toContain('"msg":"shut down"');
  expect(code).toBe(0);
}, 60_000);
