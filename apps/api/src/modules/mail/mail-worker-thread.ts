import { openDatabase } from '../../db/client';
import { startJobQueue } from '../../platform/job-queue';
import { serveJobThread } from '../../platform/job-thread';
import { createMailSender } from './mail-sender';
import { MAIL_WORK, type MailThreadData, mailJobHandler } from './mail-worker';

/** Two connections for the mails' reads and records, a few for the queue (its own pool, job-queue.ts). */
const MAIL_THREAD_POOL_SIZE = 2;

serveJobThread<MailThreadData>(async ({ config, databaseUrl }, log) => {
  const database = await openDatabase({ url: databaseUrl, poolSize: MAIL_THREAD_POOL_SIZE, timeouts: config.database });
  const jobs = await startJobQueue(database, log, { maintenance: false });
  const sender = createMailSender(config);
  await jobs.workInBatches(
    'mail',
    mailJobHandler({ db: database.db, sender, publicUrl: config.publicUrl, log }),
    MAIL_WORK,
  );
  return async () => {
    await jobs.stop();
    sender.close();
    await database.close();
  };
});
