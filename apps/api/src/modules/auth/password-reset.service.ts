import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_MINUTES } from '@shop/contract/constants';
import { type ForgotPasswordRequest, PASSWORD_RESET_MESSAGES, type ResetPasswordRequest } from '@shop/contract/users';
import type { ServiceContext } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { enforceRateLimit, type RateLimiter, rateLimitKey } from '../../platform/rate-limit';
import { enqueueMail, mailEventKey } from '../mail/mail-jobs';
import { mailSealKey, sealForMail } from '../mail/mail-seal';
import { findUserByEmail } from '../users/users.queries';
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
 * Sends a reset link to the address if it has an account. The answer, and the limits, are the same
 * whether or not it has one, so the form cannot be used to learn who shops here. The token (256 random
 * bits) is stored only as its hash; the mail job carries it sealed (modules/mail/mail-seal.ts), written
 * in the token's own transaction.
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
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const sealKey = await mailSealKey(ctx.db);
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000);
  await ctx.db.transaction(async (tx) => {
    const row = await insertResetToken(tx, { userId: user.id, tokenHash: hashToken(token), expiresAt });
    await enqueueMail(ctx.jobs, tx, mailEventKey('password-reset', row.id), sealForMail(sealKey, token));
  });
  ctx.log.info({ userId: user.id }, 'password reset link requested');
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
