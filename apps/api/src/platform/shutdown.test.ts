import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../test/fault-kit';
import { testLogFile } from '../test/test-app';
import { repoRoot } from './config';

/**
 * A SIGTERM to a real shop process under load, with the test playing the load balancer: it keeps
 * sending while /api/ready says 200, and for a second after it first says 503 (a balancer's check
 * interval), then stops. Not one request may fail, and readiness must turn 503 before the listener closes.
 */
const DELAY_SECONDS = 3;

let shop: ChildProcess;
let base: string;
let port: number;
let dataDir: string;
let log = '';

beforeAll(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shutdown-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL']) delete env[key];
  shop = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      // The first start makes the admin: with its own password, none is generated and printed into the log.
      ADMIN_PASSWORD: 'test-admin-password',
      RECONCILE_INTERVAL_SECONDS: '0',
      SHUTDOWN_DELAY_SECONDS: String(DELAY_SECONDS),
      SHUTDOWN_GRACE_SECONDS: '10',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shop.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  shop.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (shop.exitCode !== null) throw new Error(`the shop exited before it was ready:\n${log}`);
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
  if (shop.exitCode === null && shop.signalCode === null) shop.kill('SIGKILL');
  fs.writeFileSync(testLogFile('shutdown-server'), log);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One GET through a keep-alive agent: its status, or the error a client would see. */
function get(agent: http.Agent, url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get(`${base}${url}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', (err) => resolve(err.message));
    });
    req.on('error', (err) => resolve((err as NodeJS.ErrnoException).code ?? err.message));
  });
}

const listening = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

it('SIGTERM under 50-connection load: readiness 503 first, then drain, 0 failed requests, exit 0', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const outcomes: (number | string)[] = [];
  let sending = true;
  let readyTurned503At: number | undefined;
  let listenerClosedAt: number | undefined;
  // A balancer that never saw the 503 would go on sending into a closed port: the loops stop then too.
  const loops = Array.from({ length: 50 }, async (_, i) => {
    while (sending && listenerClosedAt === undefined) {
      outcomes.push(await get(agent, i % 2 ? '/api/products?limit=12' : '/api/health'));
    }
  });

  const probe = new http.Agent({ keepAlive: false });
  const watcher = (async () => {
    while (listenerClosedAt === undefined) {
      const status = await get(probe, '/api/ready');
      const now = performance.now();
      if (status === 503 && readyTurned503At === undefined) {
        readyTurned503At = now;
        // The balancer takes a check interval to act on it.
        setTimeout(() => (sending = false), 1000);
      }
      if (!(await listening())) listenerClosedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  await new Promise((resolve) => setTimeout(resolve, 1500));
  const exited = new Promise<number | null>((resolve) => shop.once('exit', (code) => resolve(code)));
  const signalledAt = Date.now();
  shop.kill('SIGTERM');
  await Promise.all(loops);
  await watcher;
  const code = await exited;
  agent.destroy();

  // Load, not a rate: a busy machine answers fewer, but every connection kept asking through the stop.
  expect(outcomes.length).toBeGreaterThan(100);
  expect(outcomes.filter((o) => o !== 200)).toEqual([]);
  // As the balancer saw it: 503 well before the port closed, for longer than its check interval.
  expect(readyTurned503At).toBeDefined();
  expect(listenerClosedAt! - readyTurned503At!).toBeGreaterThan(1000);
  // As the shop did it, by its own clock (the probe's answers wait behind the load on a busy machine):
  // 503 at once, then the whole delay still listening.
  const turned503At = loggedAt('shutting down: readiness answers 503, still serving');
  expect(turned503At - signalledAt).toBeLessThan(DELAY_SECONDS * 1000 - 2000);
  expect(loggedAt('shutting down: no longer listening, finishing requests in flight') - turned503At).toBeGreaterThan(
    DELAY_SECONDS * 1000 - 50,
  );
  expect(code).toBe(0);
}, 60_000);

/** When the shop logged the message (its JSON lines carry the time in milliseconds). */
function loggedAt(message: string): number {
  const line = log
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg?: string; time: number })
    .find((l) => l.msg === message);
  if (!line) throw new Error(`the shop did not log "${message}":\n${log}`);
  return line.time;
}
