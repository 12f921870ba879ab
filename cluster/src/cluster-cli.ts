import fs from 'node:fs';
import path from 'node:path';
import { type Cluster, startCluster } from './cluster';
import { CLUSTER_HELP, parseClusterArgs } from './cluster-args';

const say = (text: string) => console.info(`[cluster] ${text}`);

async function main(): Promise<void> {
  const args = parseClusterArgs(process.argv.slice(2));
  if (args.help) {
    console.info(CLUSTER_HELP);
    return;
  }
  const objectsDir = path.join(args.dataDir, 'objects');
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
    instancePorts: args.instancePorts,
    objectsPort: args.objectsPort,
    statsPort: args.statsPort,
    haproxyConfigFile: path.join(args.dataDir, 'haproxy.cfg'),
    databaseUrl: args.databaseUrl,
    freshDatabase: args.fresh,
    redisUrl: args.redisUrl,
    objectsDir,
    dataDir: path.join(args.dataDir, 'shared'),
    env: { LOG_LEVEL: 'info' },
    // The log lines are JSON; anything else an instance prints on its standard output (the admin's
    // password file's path at the first start) is shown. Its warnings and errors are in its log file.
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
