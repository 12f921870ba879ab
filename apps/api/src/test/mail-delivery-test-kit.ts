import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { sentMails } from '../db/schema';
import { startPasswordResetWorker } from '../modules/auth/password-reset.service';
import { mailJobHandler, startMailWorker } from '../modules/mail/mail-worker';
import { startSmtpServer, type TestSmtpServer, waitUntil } from './mail-test-kit';
import { createTestApp, type TestApp } from './test-app';

/**
 * The shop with its mail and password-reset workers, sending to a real SMTP server on 127.0.0.1, one per
 * test file: a file starts both with `beforeAll(startMailShop)` and stops them with `afterAll(stopMailShop)`,
 * and the bindings below hold them between; the helpers wait for a mail and run a mail job by hand.
 */
export let smtp: TestSmtpServer;
export let t: TestApp;

export async function startMailShop() {
  smtp = await startSmtpServer();
  // A short ceiling between tries keeps the outage test near 40 s; production waits up to 20 s.
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_RETRY_DELAY_MAX_SECONDS: '4' } });
  await startMailWorker(t.app.deps, t.app.log);
  // A reset request is a job of its own, which writes the link and queues its mail.
  await startPasswordResetWorker({ db: t.db, jobs: t.app.deps.jobs, log: t.app.log });
}

export async function stopMailShop() {
  await t.close();
  await smtp.close();
}

export const messageId = (kind: string, id: string) => `<${kind}.${id}@shop.test>`;
export const mailsWithId = (id: string) => smtp.received.filter((m) => m.messageId === id);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const batchHandler = () =>
  mailJobHandler({ db: t.db, sender: t.app.deps.mailSender, publicUrl: 'http://shop.test', log: t.app.log });
/** One job worked on its own, as a batch of one; a job the queue would try again throws. */
export const handler = () => async (job: { eventKey: string; sealed?: string }) => {
  const [outcome] = await batchHandler()([job]);
  if (outcome?.status === 'rejected') throw outcome.reason;
};

export async function received(id: string): Promise<ParsedMail> {
  await waitUntil(() => mailsWithId(id).length > 0, `the mail ${id}`);
  const [mail] = mailsWithId(id);
  if (!mail) throw new Error('no mail');
  return mail;
}

export const toText = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a?.text).join(', ');

/** The shop's record of the mail sent for an event, if it has one. */
export async function sentMailOf(eventKey: string) {
  const [row] = await t.db.select().from(sentMails).where(eq(sentMails.eventKey, eventKey));
  return row;
}
