import type { LoginRequest, RegisterRequest, User } from '@shop/contract/users';
import type { ServiceContext } from '../../platform/context';
import { conflict, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode, unauthorised } from '../../platform/errors';
import { enforceRateLimit, type RateLimiter, rateLimitKey, tooManyRequests } from '../../platform/rate-limit';
import { toUserDto } from '../users/users.dto';
import { accountByEmail, addAccount } from '../users/users.service';
import { issueEmailConfirmation } from './email-confirmation.service';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password';
import { openSession } from './sessions.service';
import { openLoginChallenge } from './two-factor-login';

const EMAIL_UNIQUE_INDEX = 'users_email_lower_key';

/** New accounts are always role user: the request schema has no role, and the column defaults to it. */
export async function register(ctx: ServiceContext, input: RegisterRequest): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    // The account and the link that confirms its e-mail commit together.
    const row = await ctx.db.transaction(async (tx) => {
      const added = await addAccount(tx, { username: input.username, email: input.email, passwordHash });
      await issueEmailConfirmation(tx, ctx.jobs, added);
      return added;
    });
    return toUserDto(row);
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION && pgConstraint(err) === EMAIL_UNIQUE_INDEX) {
      throw conflict('An account with this email already exists');
    }
    throw err;
  }
}

/** A session, or, for an account with a second factor, the challenge its code must answer. */
export type LoginResult =
  | { twoFactorRequired: false; token: string; expiresAt: Date; user: User }
  | { twoFactorRequired: true; challenge: string; expiresAt: Date };

/** Where an attempt comes from: the address, and the account the browser's known-device cookie names. */
export interface LoginOrigin {
  ip: string;
  knownDeviceUserId: string | null;
}

/** The longest wait between attempts on one account from browsers it does not know. */
export const LOGIN_DELAY_MAX_SECONDS = 300;

/** 1 s after the first failure past the threshold, doubling with each one, at most 5 minutes. */
export function loginDelaySeconds(failures: number, threshold: number): number {
  if (failures <= threshold) return 0;
  return Math.min(2 ** (failures - threshold - 1), LOGIN_DELAY_MAX_SECONDS);
}

/**
 * The lockout policy (docs/decisions/007-login-lockout.md). Failures are counted per e-mail and address:
 * past the limit that pair is refused for the window, so a guesser locks out only themselves. Failures
 * per e-mail from everywhere make attempts from browsers the account does not know wait longer and
 * longer, one attempt per wait however many arrive at once; a browser that has logged in to the
 * account before does not wait, so the owner always gets in with the right password. Attempts are
 * counted before the password is checked and given back when they succeed, so parallel guesses cannot
 * slip past a limit.
 */
export async function login(
  ctx: ServiceContext,
  limiter: RateLimiter,
  input: LoginRequest,
  origin: LoginOrigin,
): Promise<LoginResult> {
  const { loginFailuresPerEmail, loginFailureWindowMinutes, loginDelayAfterFailures } = ctx.config.rateLimits;
  const window = loginFailureWindowMinutes * 60;
  const pairKey = rateLimitKey('login-pair', `${input.email}|${origin.ip}`);
  await enforceRateLimit(limiter, pairKey, { limit: loginFailuresPerEmail, windowSeconds: window }, 'login attempts');

  const accountKey = rateLimitKey('login-account', input.email);
  const attempts = await limiter.consume(accountKey, { limit: Number.MAX_SAFE_INTEGER, windowSeconds: window });
  const row = await accountByEmail(ctx.db, input.email);
  const fromKnownDevice = row !== undefined && origin.knownDeviceUserId === row.id;
  const delay = loginDelaySeconds(attempts.count, loginDelayAfterFailures);
  if (delay > 0 && !fromKnownDevice) {
    const waitKey = rateLimitKey('login-wait', input.email);
    if (!(await limiter.claim(waitKey, delay * 1000))) {
      // No password was tried: this attempt counts against neither limit.
      await Promise.all([limiter.refund(pairKey), limiter.refund(accountKey)]);
      const retryAfterSeconds = Math.max(1, Math.ceil((await limiter.heldFor(waitKey)) / 1000));
      throw tooManyRequests('failed logins for this account', { retryAfterSeconds });
    }
  }

  // An unknown e-mail is checked against a decoy so it takes as long as a wrong password.
  const valid = await verifyPassword(input.password, row?.passwordHash ?? (await decoyPasswordHash()));
  if (!row || !valid) throw unauthorised('Invalid credentials');
  await Promise.all([limiter.refund(pairKey), limiter.refund(accountKey)]);
  // The password alone opens no session for an account with a second factor (two-factor.service.ts).
  if (row.twoFactorEnabledAt) return { twoFactorRequired: true, ...(await openLoginChallenge(ctx.db, row.id)) };
  const { token, expiresAt } = await openSession(ctx.db, row.id, ctx.config.sessionTtlDays);
  return { twoFactorRequired: false, token, expiresAt, user: toUserDto(row) };
}
