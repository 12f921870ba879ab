import { getPriority } from 'node:os';
import { resourceLimits } from 'node:worker_threads';
import { serveJobThread } from '../platform/job-thread';

/**
 * A worker thread for job-thread.test.ts: says it started, at what priority (on Linux its own thread's) and
 * with what heap, and ends itself when told to.
 */
serveJobThread<{ label: string; exitAfterMs?: number }>(async ({ label, exitAfterMs }, log) => {
  log.info({ label, niceness: getPriority(), heap: resourceLimits }, 'thread started');
  if (exitAfterMs !== undefined) setTimeout(() => process.exit(3), exitAfterMs);
  return async () => {
    log.info({ label }, 'thread stopped');
  };
});
