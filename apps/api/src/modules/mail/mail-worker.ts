import { MAIL_KINDS, type MailKind } from '@shop/contract/mail';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client';
import type { AppConfig } from '../../platform/config';
import type { JobQueue, JobQueues } from '../../platform/job-queue';
import type { MailEvent } from '../../platform/mail-jobs';
import { ordersWithLines } from '../orders/order-lines.service';
import { recordMailsSent, sentMailEvents } from './mail.queries';
import { composeMail, NothingToSend } from './mail-compose';
import type { MailSender } from './mail-sender';

export interface MailWorkerDeps {
  db: Database;
  sender: MailSender;
  publicUrl: string;
  log: FastifyBaseLogger;
}

type SentMailRecord = Parameters<typeof recordMailsSent>[1][number];

/**
 * The mail thread's module, beside this one: TypeScript in the source, JavaScript where the server was built
 * (the build bundles the thread's module under the same name).
 */
const MAIL_THREAD_MODULE = new URL(
  import.meta.url.endsWith('.ts') ? './mail-worker-thread.ts' : './mail-worker-thread.js',
  import.meta.url,
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRACKING_TAG = /^[0-9a-f]{16}$/;

function parseEventKey(eventKey: string): MailEvent | null {
  const [kind, id, tracking, ...rest] = eventKey.split(':') as [MailKind, string?, string?, ...string[]];
  if (!MAIL_KINDS.includes(kind) || !id || !UUID.test(id) || rest.length > 0) return null;
  if (tracking === undefined) return { kind, id };
  return kind === 'order-shipped' && TRACKING_TAG.test(tracking) ? { kind, id, tracking } : null;
}

/**
 * The Message-ID of an event's mail, the same on every try: a mail sent again after a crash between
 * the SMTP server's answer and the shop's record is recognisably the same mail. Each tracking gets its
 * own, so a mail client shows a later shipped mail instead of taking it for the first one.
 */
export function messageIdFor(event: MailEvent, publicUrl: string): string {
  const tracking = event.tracking ? `.${event.tracking}` : '';
  return `<${event.kind}.${event.id.toLowerCase()}${tracking}@${new URL(publicUrl).hostname}>`;
}

/**
 * Mails whose address the shop keeps only until it is sent: a back-in-stock request's e-mail is deleted
 * once the shopper is told, so the record of its mail does not keep it either.
 */
const RECIPIENT_NOT_KEPT: ReadonlySet<MailKind> = new Set(['back-in-stock-confirm', 'back-in-stock']);

/** An SMTP server's refusal may quote the recipient: the log keeps the reason without any address. */
const reasonWithoutAddresses = (err: unknown) =>
  String((err as Error).message ?? err)
    .replace(/[^\s<>@"']+@[^\s<>@"']+/g, '[address]')
    .slice(0, 200);

/**
 * Works a batch of mail jobs: one event gives one mail. What the batch reads and records is one query
 * each for all its jobs (the mails already sent, the orders the confirmations show, the new records),
 * since a sale's confirmations come by the hundred and every round trip costs the database more than
 * its query. A mail already recorded is not sent again; a target that is gone ends its job without a
 * mail; a failed send fails its own job only, and the queue tries it again with backoff. The log names
 * the event, never the address.
 */
export function mailJobHandler(deps: MailWorkerDeps) {
  return async (batch: readonly JobQueues['mail'][]): Promise<PromiseSettledResult<void>[]> => {
    const events = batch.map(({ eventKey }) => parseEventKey(eventKey));
    const known = batch.filter((_, i) => events[i]).map((job) => job.eventKey);
    const sent = await sentMailEvents(deps.db, known);
    const confirmations = events.flatMap((event, i) =>
      event?.kind === 'order-confirmation' && !sent.has(batch[i]?.eventKey ?? '') ? [event.id] : [],
    );
    const orders = confirmations.length > 0 ? await ordersWithLines(deps.db, confirmations) : undefined;

    const records: SentMailRecord[] = [];
    const sendOne = async (data: JobQueues['mail'], event: MailEvent | null): Promise<void> => {
      const { eventKey } = data;
      if (!event) {
        deps.log.warn({ eventKey: eventKey.slice(0, 100) }, 'a mail job names no known event; dropped');
        return;
      }
      if (sent.has(eventKey)) return;
      const mail = await composeMail(
        { db: deps.db, publicUrl: deps.publicUrl, sealed: data.sealed, orders },
        event.kind,
        event.id,
        event.tracking,
      );
      if (mail instanceof NothingToSend) {
        deps.log.info({ eventKey, reason: mail.reason }, 'mail not sent: nothing to send');
        return;
      }
      const messageId = messageIdFor(event, deps.publicUrl);
      try {
        await deps.sender.send({ ...mail, messageId });
      } catch (err) {
        const code = (err as { code?: string }).code;
        deps.log.warn({ eventKey, code, reason: reasonWithoutAddresses(err) }, 'mail not sent; will try again');
        throw err;
      }
      const recipient = RECIPIENT_NOT_KEPT.has(event.kind) ? '' : mail.to;
      records.push({ eventKey, kind: event.kind, recipient, subject: mail.subject, messageId });
    };
    const outcomes = await Promise.allSettled(batch.map((data, i) => sendOne(data, events[i] ?? null)));
    try {
      await recordMailsSent(deps.db, records);
    } catch (err) {
      // Unrecorded, they are sent again when their jobs are tried again: with the same Message-ID.
      return outcomes.map((outcome) =>
        outcome.status === 'fulfilled' ? { status: 'rejected', reason: err } : outcome,
      );
    }
    for (const record of records) deps.log.info({ eventKey: record.eventKey }, 'mail sent');
    return outcomes;
  };
}

/**
 * Fetches of up to twenty mails, two at a time: at most forty in flight per instance, their reads and
 * records a few queries per fetch. While fetches come back full (a backlog after a sale or an SMTP
 * outage) the next batch is taken at once; an idle worker looks again every second.
 */
export const MAIL_WORK = { concurrency: 2, batchSize: 20, pollingIntervalSeconds: 1 };

/** What the mail thread (mail-worker-thread.ts) is given: the shop's configuration and its PostgreSQL server. */
export interface MailThreadData {
  config: AppConfig;
  databaseUrl: string;
}

/**
 * Mails are rendered and sent in the shop's thread, behind its requests only as far as the event loop
 * takes turns. With MAIL_THREAD on PostgreSQL they go to a thread of their own (mail-worker-thread.ts),
 * so a sale's confirmations never hold up the shop's requests, at the cost of a second heap.
 * The embedded database lives in the shop's thread, so its mails always do.
 */
export async function startMailWorker(
  deps: { database: DatabaseHandle; config: AppConfig; jobs: JobQueue; db: Database; mailSender: MailSender },
  log: FastifyBaseLogger,
): Promise<void> {
  const { database, config } = deps;
  if (config.mail.inThread && database.kind === 'postgres' && database.url) {
    const data: MailThreadData = { config, databaseUrl: database.url };
    await deps.jobs.workInThread(MAIL_THREAD_MODULE, data);
    return;
  }
  await deps.jobs.workInBatches(
    'mail',
    mailJobHandler({ db: deps.db, sender: deps.mailSender, publicUrl: config.publicUrl, log }),
    MAIL_WORK,
  );
}
