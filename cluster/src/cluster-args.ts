import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './shop-process';

export const CLUSTER_HELP = `npm run cluster [-- options]

Starts the shop as a cluster on this machine: N instances (node apps/api/src/server.ts, NODE_ENV=production,
the built web app) on one PostgreSQL database and Redis, an S3-compatible server (s3rver) for the images,
and HAProxy in front. Prints the one address to open; Ctrl-C stops everything.

  --instances N        shop instances behind HAProxy (default 2)
  --port N             HAProxy's port, the address to open (default 8080)
  --instance-port N    the first instance's port; the next ones take N+1, N+2... (default: free ports)
  --objects-port N     the S3-compatible server's port (default: a free port)
  --stats-port N       HAProxy's statistics page, on 127.0.0.1 (default: a free port)
  --data-dir DIR       where the images (DIR/objects), the dev mailbox (DIR/shared) and the HAProxy
                       configuration the cluster runs with (DIR/haproxy.cfg) are kept (default data/cluster)
  --database-url URL   the PostgreSQL database the instances share, created when missing
                       (default postgres://postgres@127.0.0.1:5432/shop_cluster)
  --redis-url URL      Redis for the rate limits the instances share (default $REDIS_URL, else
                       redis://127.0.0.1:6379)
  --fresh              drop the database and the stored images first (the demo catalogue is seeded again)
  --logs               print every instance's log here as well (always in files, named at start)
  --help               this text

The images and the dev mailbox stay in the data folder between runs, with the database. ADMIN_EMAIL and
ADMIN_PASSWORD, when set, name the admin made at the first start.`;

export interface ClusterArgs {
  help: boolean;
  instances: number;
  port: number;
  /** Each instance's port, in order; free ones when not given. */
  instancePorts: number[] | undefined;
  objectsPort: number | undefined;
  statsPort: number | undefined;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  fresh: boolean;
  logs: boolean;
}

function portOf(flag: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) throw new Error(`--${flag} takes a port number, 1 to 65535`);
  return port;
}

/** `npm run cluster`'s flags; a wrong one throws a message naming it. */
export function parseClusterArgs(args: string[], env: NodeJS.ProcessEnv = process.env): ClusterArgs {
  const { values } = parseArgs({
    args,
    options: {
      instances: { type: 'string', default: '2' },
      port: { type: 'string', default: '8080' },
      'instance-port': { type: 'string' },
      'objects-port': { type: 'string' },
      'stats-port': { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/shop_cluster' },
      'redis-url': { type: 'string', default: env.REDIS_URL || 'redis://127.0.0.1:6379' },
      fresh: { type: 'boolean', default: false },
      logs: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const instances = Number(values.instances);
  if (!/^\d+$/.test(values.instances) || instances < 1) throw new Error('--instances takes a whole number, 1 or more');
  const port = portOf('port', values.port);
  const first = values['instance-port'] === undefined ? undefined : portOf('instance-port', values['instance-port']);
  const instancePorts = first === undefined ? undefined : Array.from({ length: instances }, (_, i) => first + i);
  if (instancePorts && (instancePorts.at(-1) ?? 0) > 65535) {
    throw new Error(`--instance-port ${first}: ${instances} instances would go past port 65535`);
  }
  const objectsPort = values['objects-port'] === undefined ? undefined : portOf('objects-port', values['objects-port']);
  const statsPort = values['stats-port'] === undefined ? undefined : portOf('stats-port', values['stats-port']);
  const taken = [port, ...(instancePorts ?? []), objectsPort, statsPort].filter((p) => p !== undefined);
  const twice = taken.find((p, i) => taken.indexOf(p) !== i);
  if (twice !== undefined) throw new Error(`port ${twice} is given to two parts of the cluster`);
  return {
    help: values.help,
    instances,
    port,
    instancePorts,
    objectsPort,
    statsPort,
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), values['data-dir'] ?? path.join(repoRoot, 'data', 'cluster')),
    databaseUrl: values['database-url'],
    redisUrl: values['redis-url'],
    fresh: values.fresh,
    logs: values.logs,
  };
}
