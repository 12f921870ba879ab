import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Cluster, startCluster } from './cluster';
import { repoRoot } from './shop-process';

const HELP = `npm run cluster [-- options]

Starts the shop as a cluster on this machine: N instances (node apps/api/src/server.ts, NODE_ENV=production,
the built web app) on one PostgreSQL database and Redis, an S3-compatible server (s3rver) for the images,
and HAProxy in front. Prints the one address to open; Ctrl-C stops everything.

  --instances N        shop instances behind HAProxy (default 2)
  --port N             HAProxy's port, the address to open (default 8080)
  --database-url URL   the PostgreSQL database the instances share, created when missing
                       (default postgres://postgres@127.0.0.1:5432/shop_cluster)
  --redis-url URL      Redis for the rate limits the instances share (default $REDIS_URL, else
                       redis://127.0.0.1:6379)
  --fresh              drop the database and the stored images first (the demo catalogue is seeded again)
  --logs               print every instance's log here as well (always in files, named at start)

The images stay in data/cluster/objects and the dev mailbox in data/cluster/shared between runs, with the
database. ADMIN_EMAIL and ADMIN_PASSWORD, when set, name the admin made at the first start.`;

function options() {
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '2' },
      port: { type: 'string', default: '8080' },
      'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/shop_cluster' },
      'redis-url': { type: 'string', default: process.env.REDIS_URL || 'redis://127.0.0.1:6379' },
      fresh: { type: 'boolean', default: false },
      logs: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const instances = Number(values.instances);
  const port = Number(values.port);
  if (!Number.isInteger(instances) || instances < 1) throw new Error('--instances takes a whole number, 1 or more');
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('--port takes a port number');
  return { ...values, instances, port };
}

const say = (text: string) => console.info(`[cluster] ${text}`);

async function main(): Promise<void> {
  const args = options();
  if (args.help) {
    console.info(HELP);
    return;
  }
  const home = path.join(repoRoot, 'data', 'cluster');
  const objectsDir = path.join(home, 'objects');
  if (args.fresh) fs.rmSync(objectsDir, { recursive: true, force: true });

  // A signal while the cluster starts is acted on once it has: everything it started is then stopped.
  let cluster: Cluster | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!cluster) return;
    say(`${signal}: stopping HAProxy, then each instance (readiness 503, the delay, the drain), then s3rver`);
    await cluster.stop();
    say('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));

  cluster = await startCluster({
    instances: args.instances,
    port: args.port,
    databaseUrl: args['database-url'],
    freshDatabase: args.fresh,
    redisUrl: args['redis-url'],
    objectsDir,
    dataDir: path.join(home, 'shared'),
    env: { LOG_LEVEL: 'info' },
    // The log lines are JSON; anything else an instance prints on its standard output (the admin's
    // password at the first start) is shown. Its warnings and errors are in its log file.
    echo: (name, line, stream) => {
      if (args.logs || (stream === 'stdout' && line.trim() && !line.startsWith('{'))) console.info(`[${name}] ${line}`);
    },
    say,
  });
  if (stopping) {
    stopping = false;
    await stop('stopped while starting');
    return;
  }
  for (const instance of cluster.instances) {
    void instance.exited.then((code) => {
      if (!stopping) say(`${instance.name} exited (code ${code}); HAProxy sends its requests to the others`);
    });
  }
  say(`instances: ${cluster.instances.map((i) => `${i.name} ${i.url}`).join(', ')}; logs in ${cluster.logDir}`);
  console.info(`\nThe shop is open at ${cluster.url} (${cluster.instances.length} instances behind HAProxy)`);
  console.info('Ctrl-C stops everything.\n');
}

main().catch((err: unknown) => {
  console.error(`[cluster] could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
