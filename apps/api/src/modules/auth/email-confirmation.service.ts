import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { EMAIL_CONFIRMATION_HOURS } from '@shop/contract/constants';
import type { Queryable } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { unauthorised } from '../../platform/errors';
import type { JobQueue } from '../../platform/job-queue';
import { enqueueMail, mailEventKey } from '../../platform/mail-jobs';
import { enforceRateLimit, type RateLimiter, rateLimitKey } from '../../platform/rate-limit';
import { mailSealKey, sealForMail } from '../mail/mail-seal';
import { insertEmailConfirmationToken, useEmailConfirmationToken } from './email-confirmation.queries';

/** Confirmation links one account may ask for again within an hour. */
export const EMAIL_CONFIRMATIONS_PER_ACCOUNT_PER_HOUR = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A link that confirms the account's e-mail, and its mail, written in the caller's transaction (the
 * account's own, at register): the token (256 random bits) is kept only as its hash, and the mail's job
 * carries it sealed.
 */
export async function issueEmailConfirmation(
  tx: Queryable,
  jobs: JobQueue,
  account: { id: string; email: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + EMAIL_CONFIRMATION_HOURS * 3_600_000);
  await insertEmailConfirmationToken(tx, {
    id,
    userId: account.id,
    email: account.email,
    tokenHash: hashToken(token),
    expiresAt,
  });
  await enqueueMail(jobs, tx, mailEventKey('email-confirmation', id), sealForMail(await mailSealKey(tx), token));
}

/** A new confirmation link for the signed-in account, unless its e-mail is confirmed already. */
export async function sendEmailConfirmation(
  ctx: ServiceContext,
  limiter: RateLimiter,
): Promise<'sent' | 'already-confirmed'> {
  const user = ctx.actor;
  if (!user) throw unauthorised();
  if (user.emailConfirmedAt) return 'already-confirmed';
  await enforceRateLimit(
    limiter,
    rateLimitKey('email-confirmation', user.id),
    { windowSeconds: 3600, limit: EMAIL_CONFIRMATIONS_PER_ACCOUNT_PER_HOUR },
    'confirmation e-mails',
  );
  await ctx.db.transaction((tx) => issueEmailConfirmation(tx, ctx.jobs, user));
  return 'sent';
}

/** Confirms the e-mail a link was made for; answers the account, or nothing for a link not valid. */
export function useEmailConfirmation(tx: Queryable, token: string, now: Date) {
  return useEmailConfirmationToken(tx, hashToken(token), now);
}
