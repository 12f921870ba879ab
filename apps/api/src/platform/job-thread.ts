import { getPriority, setPriority } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { createLogger } from './logger';

/**
 * Work that would hold the shop's requests up (rendering and sending mails) runs in a thread of its own,
 * with its own connections: a burst of it never delays the answer to a shopper, nor a transaction that
 * holds a size's row waiting for the shop's thread to send its commit.
 */

/** What a thread's entry sets up and hands back: how to stop it. */
export type JobThreadStart<Data> = (data: Data, log: FastifyBaseLogger) => Promise<() => Promise<void>>;

type FromThread = { type: 'ready' } | { type: 'stopped' } | { type: 'log'; line: string };
type ToThread = { type: 'stop' };

const PINO_LEVELS: Record<number, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** A thread's log line, written by the shop's own logger (one log, one audit of what it holds). */
function relayLog(log: FastifyBaseLogger, line: string): void {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    log.warn('a worker thread wrote a line that is not JSON');
    return;
  }
  const { level, msg, time: _time, pid: _pid, hostname: _hostname, ...fields } = record;
  log[PINO_LEVELS[Number(level)] ?? 'info'](fields, typeof msg === 'string' ? msg : '');
}

/** How far behind the shop's own thread a job thread runs: nice values above the shop's (19 the lowest priority). */
const BACKGROUND_NICENESS = 10;
const LOWEST_PRIORITY = 19;

/**
 * A thread has a heap of its own beside the shop's. Background work needs little of it, and a young
 * generation as large as the shop's would keep memory that no request ever uses; past the old
 * generation's limit the thread dies and is started again, and its jobs are tried again.
 */
export const JOB_THREAD_HEAP = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 } as const;

/** How long a thread that died waits before it is started again. */
const RESTART_DELAY_MS = 1000;

export interface JobThread {
  stop(timeoutMs: number): Promise<void>;
}

/**
 * A thread runs the same code as the shop: a built module as it is, TypeScript through tsx registered in the
 * thread itself (a worker does not take `--import` hooks from the process that starts it).
 */
function bootstrap(entry: URL): string {
  if (!entry.pathname.endsWith('.ts')) return `import(${JSON.stringify(entry.href)})`;
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
}

/**
 * Starts `entry` (a module that calls `serveJobThread`) in a worker thread and answers once it works
 * its queue. A thread that dies is started again after a second, until `stop`.
 */
export async function startJobThread(entry: URL, data: unknown, log: FastifyBaseLogger): Promise<JobThread> {
  let stopping = false;
  let current: Worker;
  /** False between a thread's death and its restart: then there is nothing to stop but the timer. */
  let running = false;
  let restartTimer: NodeJS.Timeout | undefined;

  const launch = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(bootstrap(entry), {
        eval: true,
        workerData: { data, logLevel: log.level },
        resourceLimits: JOB_THREAD_HEAP,
      });
      current = worker;
      running = true;
      let ready = false;
      worker.on('message', (message: FromThread) => {
        if (message.type === 'log') relayLog(log, message.line);
        if (message.type === 'ready') {
          ready = true;
          resolve();
        }
      });
      worker.on('error', (err) => log.error({ err, entry: entry.pathname }, 'a worker thread failed'));
      worker.on('exit', (code) => {
        running = false;
        if (!ready) {
          reject(new Error(`the worker thread ${entry.pathname} exited with ${code} before it was ready`));
          return;
        }
        if (stopping) return;
        log.error({ code, entry: entry.pathname }, 'a worker thread exited; starting it again');
        restartTimer = setTimeout(() => {
          launch().catch((err: unknown) => log.error({ err }, 'a worker thread could not start again'));
        }, RESTART_DELAY_MS);
      });
    });

  await launch();
  return {
    async stop(timeoutMs) {
      stopping = true;
      clearTimeout(restartTimer);
      if (!running) return;
      const worker = current;
      const exited = new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.once('message', (message: FromThread) => {
          if (message.type === 'stopped') void worker.terminate();
        });
      });
      worker.postMessage({ type: 'stop' } satisfies ToThread);
      const timer = setTimeout(() => void worker.terminate(), timeoutMs + 1000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * On Linux a thread has a scheduling priority of its own: this one runs behind the shop's thread, so on
 * a busy machine a burst of background work waits for the shoppers' requests instead of taking turns
 * with them (the purchase bench: p99 93-121 ms with the mail thread at the shop's priority, 83-108 ms
 * behind it; the mails still drain as the requests leave room). Elsewhere the call would lower the whole
 * process, so it is not made.
 */
function yieldToRequests(): void {
  if (process.platform !== 'linux') return;
  try {
    // Relative to the shop's, which a thread starts with: a shop started under `nice` keeps its threads behind it.
    setPriority(Math.min(LOWEST_PRIORITY, getPriority() + BACKGROUND_NICENESS));
  } catch {
    // Refused (a sandbox that forbids it): the thread works at the shop's priority.
  }
}

/** The thread's side: sets its work up, says when it is ready, and stops cleanly when asked. */
export function serveJobThread<Data>(start: JobThreadStart<Data>): void {
  const port = parentPort;
  if (isMainThread || !port) throw new Error('serveJobThread runs inside a worker thread');
  const post = (message: FromThread) => port.postMessage(message);
  yieldToRequests();
  const given = workerData as { data: Data; logLevel: string };
  // Lines below the shop's level are dropped here, not carried across to be dropped there.
  const log = createLogger(given.logLevel, { destination: { write: (line: string) => post({ type: 'log', line }) } });
  start(given.data, log).then(
    (stop) => {
      port.on('message', (message: ToThread) => {
        if (message.type !== 'stop') return;
        stop()
          .catch((err: unknown) => log.error({ err }, 'a worker thread did not stop cleanly'))
          .finally(() => post({ type: 'stopped' }));
      });
      post({ type: 'ready' });
    },
    (err: unknown) => {
      log.error({ err }, 'a worker thread could not start');
      // Let the log line reach the shop before the thread ends.
      setImmediate(() => process.exit(1));
    },
  );
}
