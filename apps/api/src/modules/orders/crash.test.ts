import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '../../db/client';
import { builtinPaymentSessions, orders } from '../../db/schema';
import type { ReconcileReport } from '../../flows/reconcile';
import { repoRoot } from '../../platform/config';
import { GOOD_CARD, GOOD_DELIVERY } from '../../test/checkout-test-kit';
import { createProduct, createUser, type TestUser } from '../../test/factories';
import { TEST_PROCESS_POOL_SIZE } from '../../test/shop-process';
import { openTestDatabase, type TestDatabase, testLogFile } from '../../test/test-app';
import { payBuiltinSession } from '../payments/builtin-provider';

/** What `tsx` runs, minus its wrapper process, so that SIGKILL reaches the server itself. */
const NODE_WITH_TSX = [process.execPath, '--import', 'tsx'] as const;
const SERVER = path.join(repoRoot, 'apps/api/src/server.ts');
const RECONCILE_CLI = path.join(repoRoot, 'apps/api/src/flows/reconcile-cli.ts');
const SESSIONS = 30;
const PAID_IN_FLIGHT = 20;
const PAID_WHILE_DOWN = 3;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  child: ChildProcess;
  logs: { msg?: string; report?: ReconcileReport }[];
  exited: Promise<number | null>;
}

/** The real shop as `npm start` runs it, in its own process. */
async function startServer(env: Record<string, string>, base: string): Promise<RunningServer> {
  const [node, ...flags] = NODE_WITH_TSX;
  const child = spawn(node, [...flags, SERVER], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: RunningServer['logs'] = [];
  let buffered = '';
  const logFile = testLogFile('crash-server');
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    fs.appendFileSync(logFile, chunk);
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        // Not a log line.
      }
    }
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, logs, exited };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function waitFor(check: () => boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The embedded database is one process's files, so the test opens it only while the server is
 * down; PostgreSQL it can use at any time.
 */
interface CrashDatabase {
  env: Record<string, string>;
  use<T>(work: (db: Database) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

async function crashDatabase(): Promise<CrashDatabase> {
  if (process.env.TEST_DATABASE_URL) {
    const copy: TestDatabase = await openTestDatabase();
    return {
      env: { DATABASE_URL: copy.url ?? '' },
      use: (work) => work(copy.handle.db),
      drop: () => copy.drop(),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
  let migrated = false;
  return {
    env: { DATA_DIR: dataDir },
    use: async (work) => {
      const handle: DatabaseHandle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      try {
        if (!migrated) await handle.migrate();
        migrated = true;
        return await work(handle.db);
      } finally {
        await handle.close();
      }
    },
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('a crash while confirmations are in flight', () => {
  it('leaves every paid session with exactly one order after restart and reconciliation', async ({ annotate }) => {
    const database = await crashDatabase();
    cleanups.push(() => database.drop());
    const { user, productId } = await database.use(async (db) => ({
      user: await createUser(db),
      productId: (await createProduct(db, { priceCents: 3999 })).id,
    }));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...database.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      WEB_DIST_DIR: path.join(os.tmpdir(), 'shop-no-web-build'),
      SEED_DEMO_DATA: 'false',
      // The first start makes the admin: with its own password, none is generated and printed into the log.
      ADMIN_PASSWORD: 'test-admin-password',
      LOG_LEVEL: 'info',
      CHECKOUTS_PER_USER_PER_MINUTE: '100000',
      GUEST_CHECKOUTS_PER_IP_PER_MINUTE: '100000',
      DATABASE_POOL_SIZE: TEST_PROCESS_POOL_SIZE,
      STRIPE_SECRET_KEY: '',
    };
    const auth = (u: TestUser) => ({ authorization: `Bearer ${u.token}`, 'content-type': 'application/json' });

    let server = await startServer({ ...env, RECONCILE_INTERVAL_SECONDS: '0' }, base);
    cleanups.push(async () => server.child.kill('SIGKILL'));
    const sessionIds: string[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const res = await fetch(`${base}/api/orders/create-checkout-session`, {
        method: 'POST',
        headers: auth(user),
        body: JSON.stringify({ product: [{ _id: productId, quantity: 1 + (i % 3) }] }),
      });
      expect(res.status).toBe(200);
      sessionIds.push(((await res.json()) as { id: string }).id);
    }

    // Pay 20 sessions and confirm all 30 three times over, all at once; kill the server mid-flight.
    let settled = 0;
    const crashed = server.exited;
    // SIGKILL the moment the tenth answer arrives, with the other requests still in flight.
    const track = <T>(p: Promise<T>) =>
      p.finally(() => {
        settled += 1;
        if (settled === 10) server.child.kill('SIGKILL');
      });
    const pays = sessionIds.slice(0, PAID_IN_FLIGHT).map((id) =>
      track(
        fetch(`${base}/checkout/pay/${id}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...GOOD_DELIVERY, ...GOOD_CARD }).toString(),
        }),
      ),
    );
    const confirmations = [0, 1, 2].flatMap(() =>
      sessionIds.map((id) =>
        track(
          fetch(`${base}/api/orders/confirm-payment`, {
            method: 'POST',
            headers: auth(user),
            body: JSON.stringify({ session_id: id }),
          }),
        ),
      ),
    );
    const all = Promise.allSettled([...pays, ...confirmations]);
    await crashed;
    const outcomes = await all;
    const cut = outcomes.filter((o) => o.status === 'rejected').length;
    expect(cut).toBeGreaterThan(0);

    // While the shop was down the provider took payments whose events were lost.
    const stillOpen = await database.use(async (db) => {
      const open = await db.select().from(builtinPaymentSessions).where(eq(builtinPaymentSessions.status, 'open'));
      const ids = open.map((s) => s.id).slice(0, PAID_WHILE_DOWN);
      for (const id of ids) await payBuiltinSession(db, id);
      return ids;
    });
    expect(stillOpen).toHaveLength(PAID_WHILE_DOWN);

    server = await startServer({ ...env, RECONCILE_INTERVAL_SECONDS: '1' }, base);
    const reports = () => server.logs.filter((l) => l.msg === 'reconciliation finished').map((l) => l.report);
    // The restarted shop recovers its database first; on a busy machine that alone can take a while.
    await waitFor(() => reports().length >= 2, 'two reconciliation runs', 90_000);
    const [first, second] = reports();
    expect(first?.fulfilled).toBeGreaterThanOrEqual(PAID_WHILE_DOWN);
    expect(first?.missing).toBe(0);
    expect(second).toMatchObject({ fulfilled: 0, missing: 0 });

    // Every paid session confirms to one and the same order; the others are still unpaid.
    const answers = await Promise.all(
      sessionIds.map(async (id) => {
        const res = await fetch(`${base}/api/orders/confirm-payment`, {
          method: 'POST',
          headers: auth(user),
          body: JSON.stringify({ session_id: id }),
        });
        return { id, status: res.status, body: (await res.json()) as { order?: { checkoutSessionId?: string } } };
      }),
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const [node, ...flags] = NODE_WITH_TSX;
    const cli = await promisify(execFile)(node, [...flags, RECONCILE_CLI], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    expect(JSON.parse(cli.stdout)).toMatchObject({ fulfilled: 0, missing: 0 });

    const { paid, orderCount, perSession } = await database.use(async (db) => {
      const sessions = await db.select().from(builtinPaymentSessions);
      const paidIds = sessions.filter((s) => s.status === 'paid').map((s) => s.id);
      const counts = new Map<string, number>();
      for (const s of sessions) {
        const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.checkoutSessionId, s.id));
        counts.set(s.id, row?.n ?? 0);
      }
      const [total] = await db.select({ n: count() }).from(orders);
      return { paid: new Set(paidIds), orderCount: total?.n ?? 0, perSession: counts };
    });
    expect(paid.size).toBeGreaterThanOrEqual(PAID_WHILE_DOWN);
    for (const id of sessionIds) expect(perSession.get(id), id).toBe(paid.has(id) ? 1 : 0);
    expect(orderCount).toBe(paid.size);
    for (const answer of answers) expect(answer.status, answer.id).toBe(paid.has(answer.id) ? 200 : 402);

    await annotate(
      `${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'} crash: ${outcomes.length} requests, ${cut} cut by SIGKILL, ` +
        `${paid.size} paid sessions -> ${orderCount} orders; reconciliation made ${first?.fulfilled}, then missing 0`,
    );
  }, 240_000);
});
