import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PASSWORD_RESET_MINUTES } from '@shop/contract/constants';
import { type ForgotPasswordRequest, PASSWORD_RESET_MESSAGES, type ResetPasswordRequest } from '@shop/contract/users';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { invalid } from '../../platform/errors';
import type { JobQueue, JobQueues } from '../../platform/job-queue';
import { enqueueMail, mailEventKey } from '../../platform/mail-jobs';
import { enforceRateLimit, type RateLimiter, rateLimitKey } from '../../platform/rate-limit';
import { mailSealKey, sealForMail, unsealFromMail } from '../mail/mail-seal';
import { accountByEmail } from '../users/users.service';
import { hashPassword } from './password';
import {
  findResetToken,
  insertResetToken,
  retireOtherResetTokens,
  setPasswordHash,
  useResetToken,
} from './password-reset.queries';
import { deleteSessionsOfUser } from './sessions.queries';

/** Reset mails asked for one address, and from one client address, within an hour. */
export const RESET_REQUESTS_PER_EMAIL_PER_HOUR = 5;
export const RESET_REQUESTS_PER_IP_PER_HOUR = 30;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Asks for a reset link to the address. The answer, the limits and the work done before answering are
 * the same whether or not the address has an account: the request only queues a job with the address
 * sealed, and the job decides (issueResetLink). So neither the answer nor its time tells who shops here.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  limiter: RateLimiter,
  input: ForgotPasswordRequest,
  ip: string,
): Promise<void> {
  const hour = { windowSeconds: 3600 };
  await enforceRateLimit(
    limiter,
    rateLimitKey('reset-ip', ip),
    { ...hour, limit: RESET_REQUESTS_PER_IP_PER_HOUR },
    'password reset requests',
  );
  await enforceRateLimit(
    limiter,
    rateLimitKey('reset-email', input.email),
    { ...hour, limit: RESET_REQUESTS_PER_EMAIL_PER_HOUR },
    'password reset requests for this address',
  );
  const sealKey = await mailSealKey(ctx.db);
  await ctx.jobs.send(ctx.db, 'password-reset', {
    requestId: randomUUID(),
    sealedEmail: sealForMail(sealKey, input.email),
  });
}

export interface ResetLinkDeps {
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

/**
 * A reset request's job: when the address has an account, a link for it, and its mail. The token (256
 * random bits) is stored only as its hash; the mail job carries it sealed (modules/mail/mail-seal.ts),
 * written in the token's own transaction. The token's id is the request's, so a job tried again after
 * its link was written makes no second one.
 */
export async function issueResetLink(deps: ResetLinkDeps, job: JobQueues['password-reset']): Promise<void> {
  const sealKey = await mailSealKey(deps.db);
  const user = await accountByEmail(deps.db, unsealFromMail(sealKey, job.sealedEmail));
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000);
  const issued = await deps.db.transaction(async (tx) => {
    const row = await insertResetToken(tx, {
      id: job.requestId,
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
    });
    if (!row) return false;
    await enqueueMail(deps.jobs, tx, mailEventKey('password-reset', row.id), sealForMail(sealKey, token));
    return true;
  });
  if (issued) deps.log.info({ userId: user.id }, 'password reset link requested');
}

/**
 * Works the reset requests in this instance, a second at most after they were asked for, up to twenty at
 * a time; a burst of them is fetched again at once.
 */
export async function startPasswordResetWorker(deps: ResetLinkDeps): Promise<void> {
  await deps.jobs.work('password-reset', (job) => issueResetLink(deps, job), {
    pollingIntervalSeconds: 1,
    batchSize: 20,
  });
}

/** Why a token that could not be used was refused, in words the shopper can act on. */
async function refusal(ctx: ServiceContext, tokenHash: string, now: Date) {
  const row = await findResetToken(ctx.db, tokenHash);
  if (!row) return invalid(PASSWORD_RESET_MESSAGES.invalid);
  if (row.usedAt) return invalid(PASSWORD_RESET_MESSAGES.used);
  return row.expiresAt.getTime() <= now.getTime()
    ? invalid(PASSWORD_RESET_MESSAGES.expired)
    : invalid(PASSWORD_RESET_MESSAGES.invalid);
}

/**
 * Sets the new password of the token's account, once: the token is used, the account's other links
 * retired and every session of the account ended in one transaction, so whoever held a session or a
 * link before the reset holds nothing after it.
 */
export async function resetPassword(ctx: ServiceContext, input: ResetPasswordRequest): Promise<void> {
  const tokenHash = hashToken(input.token);
  // Hashed before the transaction: scrypt takes a while, and nothing must wait on it.
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const userId = await ctx.db.transaction(async (tx) => {
    const token = await useResetToken(tx, tokenHash, now);
    if (!token) return null;
    await setPasswordHash(tx, token.userId, passwordHash, now);
    await retireOtherResetTokens(tx, token.userId, token.id, now);
    await deleteSessionsOfUser(tx, token.userId);
    return token.userId;
  });
  if (!userId) throw await refusal(ctx, tokenHash, now);
  ctx.log.info({ userId }, 'password reset; every session of the account ended');
}
