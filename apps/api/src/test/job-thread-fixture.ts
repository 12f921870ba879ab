import { serveJobThread } from '../platform/job-thread';

/** A worker thread for job-thread.test.ts: says it started, and ends itself when told to. */
serveJobThread<{ label: string; exitAfterMs?: number }>(async ({ label, exitAfterMs }, log) => {
  log.info({ label }, 'thread started');
  if (exitAfterMs !== undefined) setTimeout(() => process.exit(3), exitAfterMs);
  return async () => {
    log.info({ label }, 'thread stopped');
  };
});
