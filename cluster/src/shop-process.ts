import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shop as its own process, as an operator runs it: what the cluster, the benchmark and the browser
 * journeys start. One place knows how to start it, what it must not inherit, and how to stop it.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The server's entry as built (`apps/api/build.ts`), relative to a checkout of the repository. */
export const SHOP_SERVER = 'apps/api/dist/server.js';
const SHOP_BUILD_SCRIPT = 'apps/api/build.ts';
/** Where a checkout has no build script (an older commit the benchmark compares with), its source runs through tsx. */
const SHOP_SOURCE = 'apps/api/src/server.ts';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * The caller's environment minus whatever would point a shop at real services or at another shop's
 * data: a developer's Stripe keys, bucket, SMTP server, database, Redis or public address.
 */
export function isolatedEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env = { ...base };
  for (const key of Object.keys(env)) {
    if (/^(STRIPE_|S3_)/.test(key)) delete env[key];
  }
  for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'PUBLIC_URL', 'SMTP_URL']) {
    delete env[key];
  }
  return env;
}

/**
 * For a load test or the journeys: one address and a handful of accounts log in, register and check out
 * many times a minute on purpose, so the limits are raised out of the way.
 */
export const RATE_LIMITS_RAISED = {
  AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '100000000',
  LOGIN_FAILURES_PER_EMAIL: '100000000',
  LOGIN_DELAY_AFTER_FAILURES: '100000000',
  CHECKOUTS_PER_USER_PER_MINUTE: '100000000',
  GUEST_CHECKOUTS_PER_IP_PER_MINUTE: '100000000',
  RETURN_REQUESTS_PER_USER_PER_MINUTE: '100000000',
} as const;

/**
 * Where a process's output goes: a file, written afresh or added to (an instance started again keeps one
 * log), each line also handed to `echo` when given; or this terminal.
 */
export type ProcessOutput =
  | { file: string; append?: boolean; echo?: (line: string, stream: 'stdout' | 'stderr') => void }
  | 'inherit';

export interface RunningProcess {
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves when the process has ended: its exit code, or null when a signal ended it. */
  readonly exited: Promise<number | null>;
  readonly running: boolean;
  /** SIGTERM, then SIGKILL if it has not exited after `killAfterMs`; resolves with the exit code. */
  stop(killAfterMs?: number): Promise<number | null>;
  /** SIGKILL; resolves once it has ended. */
  kill(): Promise<void>;
}

/** The last lines of a log, each cut short: a failed query can print megabytes of parameters. */
export function logTail(file: string, lines = 20): string {
  if (!fs.existsSync(file)) return '';
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .slice(-lines)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}...` : line))
    .join('\n');
}

function spawnWithOutput(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  output: ProcessOutput,
) {
  if (output === 'inherit') return spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  fs.mkdirSync(path.dirname(output.file), { recursive: true });
  const flags = output.append ? 'a' : 'w';
  if (!output.echo) {
    const fd = fs.openSync(output.file, flags);
    try {
      return spawn(command, args, { cwd, env, stdio: ['ignore', fd, fd] });
    } finally {
      fs.closeSync(fd);
    }
  }
  const { echo } = output;
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const file = fs.createWriteStream(output.file, { flags });
  for (const [name, stream] of [
    ['stdout', child.stdout],
    ['stderr', child.stderr],
  ] as const) {
    let partial = '';
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      file.write(chunk);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) echo(line, name);
    });
  }
  child.once('exit', () => file.end());
  return child;
}

/** A child process with its exit awaited once and stop/kill that resolve when it has really ended. */
export function track(child: ChildProcess): RunningProcess {
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid ?? 0,
    child,
    exited,
    get running() {
      return running();
    },
    async stop(killAfterMs = 30_000) {
      if (running()) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        await exited;
        clearTimeout(killer);
      }
      return exited;
    },
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * V8's settings for the shop wherever it is started (npm start, the image, the cluster, the bench; keep
 * apps/api/package.json and the Dockerfile the same). The old generation collected once it has grown by half
 * of what survived the last collection, where V8 lets a small heap grow to several times it first; and bounded
 * well above what the shop keeps (its code, and caches bounded by bytes). The young generation keeps V8's
 * default: a smaller one collects so often that requests slow down.
 */
export const SHOP_NODE_FLAGS = ['--heap-growing-percent=50', '--max-old-space-size=256'] as const;

export interface NodeProcessOptions {
  /** A JavaScript module run by `node`, or TypeScript run as `node --import tsx <script>`: tsx as a loader in the
   * process itself, because its command-line wrapper turns a SIGTERM its busy child does not acknowledge within
   * 30 ms into a SIGKILL. */
  script: string;
  /** Node's own options, before the script. */
  nodeFlags?: readonly string[];
  env: NodeJS.ProcessEnv;
  output: ProcessOutput;
  /** Answers 2xx once the process is ready. */
  readyUrl: string;
  readyTimeoutMs?: number;
  cwd?: string;
}

/** Starts a Node script and waits until `readyUrl` answers 2xx; stops it again if it never does. */
export async function startNodeProcess(options: NodeProcessOptions): Promise<RunningProcess> {
  const cwd = options.cwd ?? repoRoot;
  const loader = options.script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawnWithOutput(
    process.execPath,
    [...(options.nodeFlags ?? []), ...loader, options.script],
    cwd,
    options.env,
    options.output,
  );
  const running = track(child);
  const logHint = options.output === 'inherit' ? '' : `; see ${options.output.file}\n${logTail(options.output.file)}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000);
  try {
    for (;;) {
      if (!running.running) {
        throw new Error(
          `${path.basename(options.script)} exited (code ${child.exitCode}) before it was ready${logHint}`,
        );
      }
      const ready = await fetch(options.readyUrl).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) return running;
      if (Date.now() > deadline) throw new Error(`${options.readyUrl} did not become ready${logHint}`);
      await sleep(200);
    }
  } catch (err) {
    await running.stop(5_000);
    throw err;
  }
}

export interface ShopProcess extends RunningProcess {
  url: string;
  port: number;
}

export interface ShopProcessOptions {
  /** A free port when not given. */
  port?: number;
  /** The shop's settings, on top of NODE_ENV=production, HOST, PORT and PUBLIC_URL (this process's address). */
  env: Record<string, string>;
  output: ProcessOutput;
  /** Another checkout of the repository to run the server of (the benchmark's baseline). */
  checkout?: string;
  readyTimeoutMs?: number;
}

const builds = new Map<string, Promise<void>>();

function buildServer(checkout: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, ['--import', 'tsx', SHOP_BUILD_SCRIPT], {
      cwd: checkout,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    build.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building the server failed (${code}):\n${errors}`)),
    );
  });
}

/** The server to run from a checkout: built once per process from its source, as `npm start` and the image do. */
async function shopEntry(checkout: string): Promise<string> {
  if (!fs.existsSync(path.join(checkout, SHOP_BUILD_SCRIPT))) return path.join(checkout, SHOP_SOURCE);
  let built = builds.get(checkout);
  if (!built) {
    built = buildServer(checkout);
    builds.set(checkout, built);
    built.catch(() => builds.delete(checkout));
  }
  await built;
  return path.join(checkout, SHOP_SERVER);
}

/**
 * The shop as it runs in production: its own process, NODE_ENV=production, the built web app, none of the
 * caller's service settings; ready when `/api/ready` answers 200.
 */
export async function startShop(options: ShopProcessOptions): Promise<ShopProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const checkout = options.checkout ?? repoRoot;
  const running = await startNodeProcess({
    script: await shopEntry(checkout),
    nodeFlags: SHOP_NODE_FLAGS,
    cwd: checkout,
    env: {
      ...isolatedEnv(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      ...options.env,
    },
    output: options.output,
    readyUrl: `${url}/api/ready`,
    readyTimeoutMs: options.readyTimeoutMs,
  });
  return Object.assign(running, { url, port });
}
