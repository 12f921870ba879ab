import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `work` at once, then every `intervalSeconds`, never two runs at once. The first run at start-up
 * settles whatever a crash or a deploy left behind; a run that fails is logged and the next one comes
 * as planned.
 */
export function startPeriodicJob(options: {
  intervalSeconds: number;
  log: FastifyBaseLogger;
  /** The log line of a failed run. */
  failure: string;
  work: () => Promise<void>;
}): PeriodicJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = options
      .work()
      .catch((err: unknown) => options.log.error({ err }, options.failure))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, options.intervalSeconds * 1000);
  timer.unref();
  setImmediate(run);
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
