import fs from 'node:fs/promises';
import path from 'node:path';
import type { SentMail, SentMailSummary } from '@shop/contract/mail';
import { type AddressObject, simpleParser } from 'mailparser';
import { invalid, notFound } from '../../platform/errors';

/**
 * The dev mailbox: with no SMTP server configured every mail is kept as an `.eml` file under
 * DATA_DIR/mail, named `<sent time>.<message id>.eml` so the names sort by time, and the admin's
 * Sent e-mails page reads them back.
 */
const EML = '.eml';
/** The list shows the newest mails; older ones stay on disk. */
const LIST_LIMIT = 100;
/** A mail's id is its file name without `.eml`: safe characters only, never a dot first (no `..`). */
const SAFE_ID = /^[\w-][\w.-]{0,199}$/;

export const mailboxDir = (dataDir: string) => path.join(dataDir, 'mail');

function fileNameFor(messageId: string, sentAt: Date): string {
  const local = messageId.replace(/^<|>$/g, '').split('@')[0] ?? 'mail';
  const safe = local.replace(/[^\w.-]/g, '.').slice(0, 150);
  // 20260101T120000123Z.order-confirmation.<uuid>: sorts by time; the dots keep every run of name
  // characters short of a token's 43, so a path in the request log never looks like a secret.
  return `${sentAt.toISOString().replace(/[-:.]/g, '')}.${safe}${EML}`;
}

/** Writes the raw message; a temporary name first, so a listing never sees half a file. */
export async function writeToDevMailbox(dataDir: string, messageId: string, raw: Buffer): Promise<string> {
  const dir = mailboxDir(dataDir);
  const file = path.join(dir, fileNameFor(messageId, new Date()));
  // The folder is made when a write finds it missing: a sale writes a mail per order, and a mkdir
  // before each would be one more trip to the disk.
  await fs.writeFile(`${file}.tmp`, raw).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(`${file}.tmp`, raw);
  });
  await fs.rename(`${file}.tmp`, file);
  return path.basename(file, EML);
}

const addressText = (to: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(to) ? to : to ? [to] : []).map((a) => a.text).join(', ');

async function readMail(dir: string, id: string) {
  const parsed = await simpleParser(await fs.readFile(path.join(dir, `${id}${EML}`)));
  const stat = parsed.date ? undefined : await fs.stat(path.join(dir, `${id}${EML}`));
  return {
    id,
    to: addressText(parsed.to),
    subject: parsed.subject ?? '',
    sentAt: (parsed.date ?? stat?.mtime ?? new Date()).toISOString(),
    html: parsed.html || '',
    text: parsed.text ?? '',
  };
}

/** The newest mails first. */
export async function listDevMailbox(dataDir: string): Promise<SentMailSummary[]> {
  const dir = mailboxDir(dataDir);
  const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const ids = names
    .filter((n) => n.endsWith(EML))
    .map((n) => n.slice(0, -EML.length))
    .filter((id) => SAFE_ID.test(id))
    .sort()
    .reverse()
    .slice(0, LIST_LIMIT);
  const mails = await Promise.all(ids.map((id) => readMail(dir, id)));
  return mails.map(({ id, to, subject, sentAt }) => ({ id, to, subject, sentAt }));
}

/** One mail with its HTML and plain text; the id names a file in the mailbox and nothing else. */
export async function readDevMailbox(dataDir: string, id: string): Promise<SentMail> {
  if (!SAFE_ID.test(id)) throw invalid('Invalid mail id');
  try {
    return await readMail(mailboxDir(dataDir), id);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('No such e-mail');
    throw err;
  }
}
