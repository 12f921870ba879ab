import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type ConstructorOptions, fromDrizzle, fromPglite, type Job, PgBoss, type Queue } from 'pg-boss';
import type { DatabaseHandle, Queryable } from '../db/client';
import { grantToShopRole, shopRoleOf } from '../db/shop-role';
import { type JobThread, startJobThread } from './job-thread';

/**
 * The shop's background work, as jobs in its own database (pg-boss, docs/decisions/010): a job is
 * written in the transaction of the event that causes it, so it exists exactly when the event
 * committed, and a crash between the commit and the work loses nothing. Every instance may work a
 * queue; a job is claimed by one of them at a time (SKIP LOCKED).
 */
export interface JobQueues {
  /** One mail of one event (platform/mail-jobs.ts). */
  mail: { eventKey: string; sealed?: string };
  /** A reset link asked for an address, sealed: the job decides whether it has an account (modules/auth). */
  'password-reset': { requestId: string; sealedEmail: string };
  /** Paid checkout sessions that have no order yet (flows/reconcile.ts). */
  reconcile: Record<string, never>;
  /** Stock holds past their time (flows/checkout-release.ts). */
  'reservation-sweep': Record<string, never>;
  /** Refunds left pending by a crash between the provider's answer and the shop's record. */
  'refund-retry': Record<string, never>;
  /** The derived files (AVIF, link previews...) of pictures stored before they were made (modules/uploads). */
  'image-backfill': Record<string, never>;
  /** A size is back: its waiting shoppers are told (modules/back-in-stock). */
  'back-in-stock': { variantId: string };
  /** Guests' requests never confirmed in time, deleted with their e-mails (modules/back-in-stock). */
  'back-in-stock-sweep': Record<string, never>;
}
export type JobName = keyof JobQueues;

/** A queue's retries: mail waits out an SMTP server that is down, a periodic run just waits for its next turn. */
const QUEUES: Record<JobName, Omit<Queue, 'name'>> = {
  mail: { retryLimit: 30, retryDelay: 1, retryBackoff: true, retryDelayMax: 20, expireInSeconds: 120 },
  'password-reset': { retryLimit: 10, retryDelay: 1, retryBackoff: true, retryDelayMax: 20, expireInSeconds: 60 },
  // One run queued and one running at most, whichever instances ask: runs never overlap.
  reconcile: { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  'reservation-sweep': { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  'refund-retry': { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  'back-in-stock': { retryLimit: 10, retryDelay: 1, retryBackoff: true, retryDelayMax: 30, expireInSeconds: 600 },
  'back-in-stock-sweep': { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  // Tried again a few times: the image storage may be out of reach when the shop starts.
  'image-backfill': {
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 3600,
  },
};

export interface WorkOptions {
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds?: number;
  /** Fetches working their jobs at once in this instance. */
  concurrency?: number;
  /** Jobs taken per fetch, worked together; a full batch means a backlog, fetched again without a pause. */
  batchSize?: number;
}

export interface JobQueue {
  /** Writes a job inside the caller's transaction: it exists only if that transaction commits. */
  send<N extends JobName>(tx: Queryable, name: N, data: JobQueues[N]): Promise<void>;
  /**
   * Writes many jobs in one statement inside the caller's transaction. Of jobs waiting at once, those with
   * the higher `priority` (default 0) are fetched first.
   */
  sendMany<N extends JobName>(
    tx: Queryable,
    name: N,
    jobs: readonly { data: JobQueues[N]; priority?: number }[],
  ): Promise<void>;
  /** Asks for a run of a periodic job now (at start-up: whatever a crash left is settled at once). */
  runSoon(name: JobName): Promise<void>;
  /**
   * Runs a periodic job every `intervalSeconds` (rounded to whole minutes, cron's step) in one instance;
   * 0 stops it.
   */
  every(name: JobName, intervalSeconds: number): Promise<void>;
  /**
   * Runs `task` in this instance every `intervalMs` until `stop`, one run at a time: a look at the database
   * for work that cannot wait for cron's whole minutes. A run that throws is logged; the next one comes.
   */
  repeat(what: string, intervalMs: number, task: () => Promise<void>): void;
  /** Works the queue's jobs in this instance until `stop`. A handler that throws is retried by the queue's rules. */
  work<N extends JobName>(
    name: N,
    handler: (data: JobQueues[N]) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /**
   * Works the queue's jobs a fetch at a time: the handler gets the whole batch, so what the jobs read and
   * record can be one query for all of them, and answers one outcome per job, in order; a rejected one
   * is retried by the queue's rules, the others are done.
   */
  workInBatches<N extends JobName>(
    name: N,
    handler: (batch: JobQueues[N][]) => Promise<PromiseSettledResult<unknown>[]>,
    options?: WorkOptions,
  ): Promise<void>;
  /**
   * Works jobs in a worker thread that runs `entry` (a module calling `serveJobThread`, with its own
   * connections); `data` is what it is given. On the embedded database, which lives in this thread, use `work`.
   */
  workInThread(entry: URL, data: unknown): Promise<void>;
  /** Stops working, here and in the threads, waiting up to `timeoutMs` for jobs in progress. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Whole minutes as cron wants them: `intervalSeconds` 60 -> every minute, 300 -> every 5 minutes. */
export function cronEvery(intervalSeconds: number): string {
  const minutes = Math.max(1, Math.round(intervalSeconds / 60));
  if (minutes === 1) return '* * * * *';
  if (minutes < 60) return `*/${minutes} * * * *`;
  const hours = Math.min(23, Math.max(1, Math.round(minutes / 60)));
  return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
}

function connectionOf(database: DatabaseHandle): ConstructorOptions {
  if (database.pglite) return { db: fromPglite(database.pglite), backend: 'pglite' };
  // Its own few connections: a burst of mails never takes the pool that answers shoppers.
  return { connectionString: database.url, max: 4, application_name: 'shop-jobs' };
}

/**
 * The queue's schema and queues, made or migrated by the database's owner, then granted to the shop's
 * role like the shop's own tables: a shop that runs as a role of its own owns none of them.
 */
async function prepareAsOwner(ownerUrl: string, shopUrl: string, options: JobQueueOptions): Promise<void> {
  const owner = new PgBoss({ connectionString: ownerUrl, max: 1, schema: 'pgboss', schedule: false, supervise: false });
  await owner.start();
  try {
    await createQueues(owner, options);
  } finally {
    await owner.stop({ graceful: true, timeout: 10_000 });
  }
  const role = shopRoleOf(shopUrl);
  if (!role) return;
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await grantToShopRole(client, role, 'pgboss');
  } finally {
    await client.end();
  }
}

async function createQueues(boss: PgBoss, options: JobQueueOptions): Promise<void> {
  for (const [name, queue] of Object.entries(QUEUES)) await boss.createQueue(name, queue);
  if (options.mailRetryDelayMaxSeconds !== undefined) {
    // A queue made by an earlier start keeps its options unless told: the configured ceiling wins.
    await boss.updateQueue('mail', { retryBackoff: true, retryDelayMax: options.mailRetryDelayMaxSeconds });
  }
}

/** The tasks `repeat` runs, each one run at a time, until `stop` waits for the runs in progress. */
function repeater(log: FastifyBaseLogger) {
  const loops = new Set<{ timer: NodeJS.Timeout | undefined; running: Promise<void> | undefined }>();
  let stopped = false;
  const repeat: JobQueue['repeat'] = (what, intervalMs, task) => {
    const loop: { timer: NodeJS.Timeout | undefined; running: Promise<void> | undefined } = {
      timer: undefined,
      running: undefined,
    };
    const tick = () => {
      loop.running = task()
        .catch((err: unknown) => log.warn({ err, what }, 'a repeated task failed; it runs again shortly'))
        .finally(() => {
          loop.running = undefined;
          if (!stopped) loop.timer = setTimeout(tick, intervalMs);
        });
    };
    if (stopped) return;
    loop.timer = setTimeout(tick, intervalMs);
    loops.add(loop);
  };
  const stop = async () => {
    stopped = true;
    for (const loop of loops) clearTimeout(loop.timer);
    await Promise.all([...loops].map((loop) => loop.running));
  };
  return { repeat, stop };
}

export interface JobQueueOptions {
  /** The longest wait between two tries of a mail (MAIL_RETRY_DELAY_MAX_SECONDS). */
  mailRetryDelayMaxSeconds?: number;
  /**
   * Whether this queue also keeps the queues themselves: creates them, checks the schedules, expires and
   * archives jobs. The shop's own queue does; one in a worker thread only works jobs.
   */
  maintenance?: boolean;
}

/** Starts the queue on the shop's database (creating its schema and queues the first time). */
export async function startJobQueue(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const maintenance = options.maintenance ?? true;
  const { migrationUrl, url } = database;
  const madeByOwner = maintenance && migrationUrl !== undefined && url !== undefined;
  if (madeByOwner) await prepareAsOwner(migrationUrl, url, options);
  const boss = new PgBoss({
    ...connectionOf(database),
    schema: 'pgboss',
    // Cron schedules are checked by whichever instance comes first; each tick makes one job.
    schedule: maintenance,
    supervise: maintenance,
    // The shop's own queue makes or migrates the schema; a role of its own cannot, so the owner did just
    // above, and a worker thread's queue starts after the shop's.
    migrate: maintenance && !migrationUrl,
  });
  boss.on('error', (err) => log.error({ err }, 'the job queue reported an error'));
  await boss.start();
  if (maintenance && !madeByOwner) await createQueues(boss, options);
  const threads: JobThread[] = [];
  const repeating = repeater(log);
  const workInBatches: JobQueue['workInBatches'] = async (name, handler, options = {}) => {
    const batchSize = options.batchSize ?? 1;
    await boss.work(
      name,
      {
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        localConcurrency: options.concurrency ?? 1,
        batchSize,
        // While fetches come back full there is a backlog: fetch again at once instead of waiting a poll.
        burstWhenBatchFull: batchSize > 1,
        perJobResults: true,
      },
      async (jobs: Job<JobQueues[typeof name]>[]) => {
        const outcomes = await handler(jobs.map((job) => job.data));
        return jobs.map((job, i) => {
          const outcome = outcomes[i];
          return outcome?.status === 'fulfilled'
            ? { id: job.id, status: 'completed' as const }
            : { id: job.id, status: 'failed' as const, output: { message: String(outcome?.reason) } };
        });
      },
    );
  };

  return {
    async send(tx, name, data) {
      await boss.send(name, data, { db: fromDrizzle(tx as never, sql as never) });
    },
    async sendMany(tx, name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(name, [...jobs], { db: fromDrizzle(tx as never, sql as never) });
    },
    async runSoon(name) {
      await boss.send(name, {});
    },
    async every(name, intervalSeconds) {
      if (intervalSeconds > 0) await boss.schedule(name, cronEvery(intervalSeconds), {});
      else await boss.unschedule(name);
    },
    async work(name, handler, options = {}) {
      // Each job of a batch succeeds or is retried on its own: one refused mail does not resend the rest.
      await workInBatches(name, (batch) => Promise.allSettled(batch.map((data) => handler(data))), options);
    },
    workInBatches,
    repeat: repeating.repeat,
    async workInThread(entry, data) {
      threads.push(await startJobThread(entry, data, log));
    },
    async stop(timeoutMs = 10_000) {
      await repeating.stop();
      await Promise.all(threads.splice(0).map((thread) => thread.stop(timeoutMs)));
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}
