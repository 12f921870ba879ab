import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type HaproxyConfigInput, haproxyConfig } from './haproxy-config';
import { logTail, type RunningProcess, sleep, track } from './shop-process';

/** Debian's package installs it here; HAPROXY names another binary. */
const CANDIDATES = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'];

export function findHaproxy(): string | undefined {
  const given = process.env.HAPROXY;
  if (given) return fs.existsSync(given) ? given : undefined;
  const onPath = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'haproxy'));
  return [...CANDIDATES, ...onPath].find((file) => fs.existsSync(file));
}

/** One instance as HAProxy's statistics tell it. */
export interface ServerState {
  /** `UP`, `DOWN`, `UP 1/2` (going down), `DOWN 1/2` (coming back), `MAINT`... */
  status: string;
  /** The last check's outcome: `L7OK` passed, `L7STS` a wrong status, `L4CON` refused, `INI` none yet... */
  lastCheck: string;
  /** Requests (sessions) sent to it so far. */
  sent: number;
  /** Connections to it that failed, answers from it that failed, retries, and redispatches elsewhere. */
  connectionErrors: number;
  responseErrors: number;
  retries: number;
  redispatches: number;
}

export interface Balancer {
  url: string;
  statsUrl: string;
  /** The configuration it runs with. */
  configFile: string;
  process: RunningProcess;
  /** The instances of the ready pool (`/api/ready` checks), by name. */
  servers(): Promise<Record<string, ServerState>>;
  /**
   * Resolves once HAProxy holds `name` at `status`, exactly `UP` (with a passed check: HAProxy starts with
   * its servers up before it has checked any) or `DOWN`; rejects after `timeoutMs`.
   */
  waitFor(name: string, status: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const int = (value: string | undefined) => Number(value) || 0;

function parseStats(csv: string): Record<string, ServerState> {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const at = (row: string[], name: string) => row[columns.indexOf(name)];
  const servers: Record<string, ServerState> = {};
  for (const line of rows) {
    const row = line.split(',');
    const name = at(row, 'svname');
    if (at(row, 'pxname') !== 'instances' || !name || name === 'BACKEND' || name === 'FRONTEND') continue;
    servers[name] = {
      status: at(row, 'status') ?? '',
      lastCheck: (at(row, 'check_status') ?? '').replace(/^\* /, ''),
      sent: int(at(row, 'stot')),
      connectionErrors: int(at(row, 'econ')),
      responseErrors: int(at(row, 'eresp')),
      retries: int(at(row, 'wretr')),
      redispatches: int(at(row, 'wredis')),
    };
  }
  return servers;
}

/** Writes the configuration, checks it with `haproxy -c`, starts HAProxy in the foreground and waits for its stats. */
export async function startBalancer(options: {
  binary: string;
  /** Where the configuration is written. */
  configFile: string;
  logFile: string;
  config: HaproxyConfigInput;
}): Promise<Balancer> {
  const { configFile } = options;
  fs.mkdirSync(path.dirname(configFile), { recursive: true });
  fs.writeFileSync(configFile, haproxyConfig(options.config));
  try {
    await promisify(execFile)(options.binary, ['-c', '-q', '-f', configFile]);
  } catch (err) {
    const { stderr } = err as { stderr?: string };
    throw new Error(`HAProxy refused ${configFile}: ${stderr?.trim() || String(err)}`);
  }
  const out = fs.openSync(options.logFile, 'a');
  const child = spawn(options.binary, ['-db', '-f', configFile], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const running = track(child);
  const url = `http://127.0.0.1:${options.config.port}`;
  const statsUrl = `http://127.0.0.1:${options.config.statsPort}/stats`;

  const servers = async () => {
    const res = await fetch(`${statsUrl};csv;norefresh`);
    if (!res.ok) throw new Error(`HAProxy's statistics answered ${res.status}`);
    return parseStats(await res.text());
  };
  const waitFor = async (name: string, status: 'UP' | 'DOWN', timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!running.running) throw new Error(`HAProxy exited; see ${options.logFile}\n${logTail(options.logFile)}`);
      const state = await servers().catch(() => undefined);
      const server = state?.[name];
      if (server?.status === status && (status === 'DOWN' || server.lastCheck === 'L7OK')) return;
      if (Date.now() > deadline) {
        throw new Error(
          `HAProxy did not see ${name} ${status} within ${timeoutMs / 1000} s (${state?.[name]?.status})`,
        );
      }
      await sleep(100);
    }
  };

  const balancer: Balancer = {
    url,
    statsUrl,
    configFile,
    process: running,
    servers,
    waitFor,
    // SIGTERM is HAProxy's hard stop: its connections end with it, which is what stopping the cluster means.
    stop: async () => void (await running.stop(5_000)),
  };
  try {
    await Promise.all(options.config.instances.map((i) => waitFor(i.name, 'UP')));
  } catch (err) {
    await balancer.stop();
    throw err;
  }
  return balancer;
}
