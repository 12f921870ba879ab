import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import type { JobQueue } from '../../platform/job-queue';
import { createLogger } from '../../platform/logger';
import { testConfig } from '../../test/test-app';
import { startMailWorker } from './mail-worker';

/** Where the mail worker was started: in a thread of its own, or in the shop's thread. */
async function whereMailIsWorked(env: Record<string, string>) {
  const started: string[] = [];
  const jobs = {
    workInThread: async (entry: URL) => void started.push(`thread ${entry.pathname.split('/').at(-1)}`),
    workInBatches: async (name: string) => void started.push(`shop ${name}`),
  } as unknown as JobQueue;
  const database = { kind: 'postgres', url: 'postgres://shop@db.invalid/shop' } as unknown as DatabaseHandle;
  await startMailWorker(
    { database, config: testConfig(env), jobs, db: {} as never, mailSender: {} as never },
    createLogger('silent'),
  );
  return started;
}

describe('the mail worker on PostgreSQL', () => {
  it("works the mail queue in the shop's own thread unless told otherwise: a thread holds a heap of its own", async () => {
    expect(await whereMailIsWorked({})).toEqual(['shop mail']);
  });

  it('works it in a thread of its own with MAIL_THREAD', async () => {
    expect(await whereMailIsWorked({ MAIL_THREAD: 'true' })).toEqual(['thread mail-worker-thread.ts']);
  });
});
