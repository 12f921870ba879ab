import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase, ensureDatabase } from './databases';
import { type Balancer, findHaproxy, type ServerState, startBalancer } from './haproxy';
import { type ShopTimings, shopTimingsOf, worstCaseOutOfRotationMs } from './haproxy-config';
import { type ObjectStorage, startObjectStorage } from './object-storage';
import { freePort, isolatedEnv, logTail, repoRoot, type ShopProcess, startShop } from './shop-process';

export interface ClusterOptions {
  /** Shop instances behind HAProxy (2 unless told). */
  instances?: number;
  /** HAProxy's port, the one address to open; a free one when not given. */
  port?: number;
  /** Each instance's port, one per instance; free ones when not given. */
  instancePorts?: number[];
  /** The S3-compatible server's port; a free one when not given. */
  objectsPort?: number;
  /** HAProxy's statistics page's port; a free one when not given. */
  statsPort?: number;
  /** Where HAProxy's configuration is written and kept after the cluster stops; its temporary folder otherwise. */
  haproxyConfigFile?: string;
  /** The PostgreSQL database all instances share; created when missing. */
  databaseUrl: string;
  /** Drop the database first (a clean catalogue, seeded again). */
  freshDatabase?: boolean;
  /** Drop the database when the cluster stops (tests). */
  dropDatabaseOnStop?: boolean;
  /** Redis for the rate limits and login-failure counts all instances share; none when not given. */
  redisUrl?: string;
  /** Where the S3-compatible server keeps its objects; a folder that goes with the cluster when not given. */
  objectsDir?: string;
  /** The instances' DATA_DIR (the dev mailbox, when no SMTP_URL); one they share, so any of them shows every mail. */
  dataDir?: string;
  /** More settings for every instance (SMTP_URL, rate limits, Stripe...). */
  env?: Record<string, string>;
  /** Where each instance's and HAProxy's log go; the cluster's own temporary folder when not given. */
  logDir?: string;
  /** Every line an instance prints, as it prints it (the log files have them all in any case). */
  echo?: (instance: string, line: string, stream: 'stdout' | 'stderr') => void;
  /** What the cluster is doing, as it does it. */
  say?: (text: string) => void;
}

export interface ClusterInstance {
  name: string;
  /** Its own address, bypassing HAProxy. */
  url: string;
  port: number;
  readonly running: boolean;
  readonly pid: number | undefined;
  /** Resolves with the exit code when the current process ends. */
  readonly exited: Promise<number | null>;
  /** A graceful stop (readiness 503, the delay, the drain); resolves with the exit code once it has exited. */
  sigterm(): Promise<number | null>;
  /** A crash; resolves once the process has ended. */
  sigkill(): Promise<void>;
  /** Starts it again on its port; resolves once it is ready and HAProxy sends it requests again. */
  start(): Promise<void>;
}

export interface Cluster {
  /** HAProxy's address: the shop. */
  url: string;
  instances: ClusterInstance[];
  databaseUrl: string;
  s3: Omit<ObjectStorage, 'stop'> & { publicUrl: string };
  balancer: Pick<Balancer, 'statsUrl' | 'servers' | 'waitFor'>;
  /** The settings every instance runs with (to run a command such as reconciliation against the same shop). */
  env: Record<string, string>;
  /** The instances' shutdown and HTTP timings, which HAProxy's are made to fit. */
  timings: ShopTimings;
  logDir: string;
  stop(): Promise<void>;
}

const BUCKET = 'shop-cluster';

const webBuilt = () =>
  fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html')) &&
  fs.existsSync(path.join(repoRoot, 'apps/web/dist-server/entry-server.js'));

/** The instances serve the built web app and render pages with its server build: made when missing. */
async function ensureWebBuild(say: (text: string) => void, logFile: string): Promise<void> {
  if (webBuilt()) return;
  say('the web app is not built (apps/web/dist): running npm run build first');
  const out = fs.openSync(logFile, 'a');
  const child = spawn('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !webBuilt()) throw new Error(`npm run build failed; see ${logFile}\n${logTail(logFile)}`);
}

function clusterInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  timings: ShopTimings,
  logFile: string,
  echo: ClusterOptions['echo'],
  balancer: () => Balancer | undefined,
): ClusterInstance {
  let current: ShopProcess | undefined;
  // One log for the instance, whichever of its processes wrote it.
  const output = {
    file: logFile,
    append: true,
    ...(echo ? { echo: (line: string, stream: 'stdout' | 'stderr') => echo(name, line, stream) } : {}),
  };
  const running = () => current?.running ?? false;
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    get running() {
      return running();
    },
    get pid() {
      return current?.pid;
    },
    get exited() {
      return current?.exited ?? Promise.resolve(null);
    },
    async sigterm() {
      if (!current) return null;
      // Long enough for a graceful stop to finish by itself before it is cut.
      return current.stop(timings.shutdownDelayMs + timings.shutdownGraceMs + 5_000);
    },
    async sigkill() {
      await current?.kill();
    },
    async start() {
      if (running()) throw new Error(`${name} is running already`);
      current = await startShop({ port, env, output });
      await balancer()?.waitFor(name, 'UP');
    },
  };
}

/**
 * Refuses, before anything starts, a cluster that could not run as asked: its instances and ports, HAProxy,
 * and a shutdown delay too short for HAProxy to stop sending requests first. Answers what starting needs.
 */
function preflight(options: ClusterOptions): { count: number; haproxy: string; timings: ShopTimings } {
  const count = options.instances ?? 2;
  if (!Number.isInteger(count) || count < 1) throw new Error('a cluster has at least one instance');
  if (options.instancePorts && options.instancePorts.length !== count) {
    throw new Error(`${count} instances need ${count} ports, not ${options.instancePorts.length}`);
  }
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error('HAProxy is not installed (apt-get install haproxy), or set HAPROXY to its binary');
  // What the instances will run with (the caller's environment and the options' settings), read as they read it.
  const timings = shopTimingsOf({ ...isolatedEnv(), ...options.env });
  if (worstCaseOutOfRotationMs() >= timings.shutdownDelayMs) {
    throw new Error(
      `SHUTDOWN_DELAY_SECONDS is ${timings.shutdownDelayMs / 1000}: HAProxy may take ${worstCaseOutOfRotationMs() / 1000} s ` +
        'to stop sending an instance requests, so a restart would drop some; give the instances a longer delay',
    );
  }
  return { count, haproxy, timings };
}

/** The settings every instance runs with: one database, Redis and bucket, behind HAProxy at `url`. */
function instanceEnv(
  options: ClusterOptions,
  url: string,
  dataDir: string,
  objects: ObjectStorage,
): Record<string, string> {
  return {
    PUBLIC_URL: url,
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    DATA_DIR: dataDir,
    S3_BUCKET: objects.bucket,
    S3_ENDPOINT: objects.endpoint,
    S3_REGION: objects.region,
    S3_ACCESS_KEY_ID: objects.accessKeyId,
    S3_SECRET_ACCESS_KEY: objects.secretAccessKey,
    // HAProxy serves the bucket under /uploads/ on the shop's own address.
    S3_PUBLIC_URL: url,
    // The client's address comes in X-Forwarded-For, which HAProxy alone sets.
    TRUST_PROXY: 'true',
    ...options.env,
  };
}

/** The S3-compatible server the instances keep pictures in, under the cluster's folder unless told. */
async function startBucket(options: ClusterOptions, tempDir: string, say: (text: string) => void) {
  const objects = await startObjectStorage({
    dir: options.objectsDir ?? path.join(tempDir, 'objects'),
    bucket: BUCKET,
    port: options.objectsPort,
  });
  say(`S3-compatible storage (s3rver) at ${objects.endpoint}, bucket ${BUCKET}`);
  return objects;
}

/** The first one alone: it applies the migrations and seeds an empty database, which nobody else may race. */
async function startInOrder(instances: ClusterInstance[]): Promise<void> {
  const [first, ...others] = instances;
  await first?.start();
  await Promise.all(others.map((i) => i.start()));
}

/** The bucket's address and keys, without its server's stop. */
function s3Of({ endpoint, port, bucket, region, accessKeyId, secretAccessKey }: ObjectStorage) {
  return { endpoint, port, bucket, region, accessKeyId, secretAccessKey };
}

/**
 * N shop instances as real processes on one PostgreSQL database, Redis and an S3-compatible server, with
 * HAProxy in front (docs/decisions/014). Whatever fails to start stops what had started.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const say = options.say ?? (() => {});
  const { count, haproxy, timings } = preflight(options);

  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-'));
  const logDir = options.logDir ?? tempDir;
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = (name: string) => path.join(logDir, `cluster-${name}-${path.basename(tempDir)}.log`);
  const cleanUps: (() => Promise<void>)[] = [async () => fs.rmSync(tempDir, { recursive: true, force: true })];
  let balancer: Balancer | undefined;
  const instances: ClusterInstance[] = [];

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // HAProxy first, so nothing new arrives; then every instance stops as a deploy stops it.
      await balancer?.stop();
      await Promise.all(instances.map((i) => i.sigterm()));
      for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => {});
    })();
    return stopping;
  };

  try {
    await ensureWebBuild(say, logFile('web-build'));
    const created = await ensureDatabase(options.databaseUrl, { fresh: options.freshDatabase });
    say(`${created ? 'created' : 'using'} the database ${new URL(options.databaseUrl).pathname.slice(1)}`);
    if (options.dropDatabaseOnStop) cleanUps.push(() => dropDatabase(options.databaseUrl));

    const objects = await startBucket(options, tempDir, say);
    cleanUps.push(() => objects.stop());

    const port = options.port || (await freePort());
    const url = `http://127.0.0.1:${port}`;
    const env = instanceEnv(options, url, options.dataDir ?? path.join(tempDir, 'data'), objects);

    const ports = options.instancePorts ?? (await Promise.all(Array.from({ length: count }, () => freePort())));
    for (const [i, instancePort] of ports.entries()) {
      const name = `shop-${i + 1}`;
      instances.push(clusterInstance(name, instancePort, env, timings, logFile(name), options.echo, () => balancer));
    }
    say(`starting ${count} shop instance${count > 1 ? 's' : ''} (${instances.map((i) => i.url).join(', ')})`);
    await startInOrder(instances);

    const statsPort = options.statsPort || (await freePort());
    balancer = await startBalancer({
      binary: haproxy,
      configFile: options.haproxyConfigFile ?? path.join(tempDir, 'haproxy.cfg'),
      logFile: logFile('haproxy'),
      config: {
        port,
        statsPort,
        instances: instances.map((i) => ({ name: i.name, port: i.port })),
        shop: timings,
        objects: { port: objects.port, bucket: objects.bucket },
      },
    });
    say(`HAProxy at ${url}, statistics at ${balancer.statsUrl}, its configuration in ${balancer.configFile}`);
    const running = balancer;
    return {
      url,
      instances,
      databaseUrl: options.databaseUrl,
      s3: { ...s3Of(objects), publicUrl: url },
      balancer: { statsUrl: running.statsUrl, servers: running.servers, waitFor: running.waitFor },
      env,
      timings,
      logDir,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

export type { ServerState };
