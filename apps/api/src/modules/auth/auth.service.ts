import type { LoginRequest, RegisterRequest, User } from '@shop/contract/users';
import type { ServiceContext } from '../../platform/context';
import { conflict, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode, unauthorised } from '../../platform/errors';
import { enforceRateLimit, type RateLimiter, rateLimitKey } from '../../platform/rate-limit';
import { toUserDto } from '../users/users.dto';
import { findUserByEmail, insertUser } from '../users/users.queries';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password';
import { openSession } from './sessions.service';

const EMAIL_UNIQUE_INDEX = 'users_email_lower_key';

/** New accounts are always role user: the request schema has no role, and the column defaults to it. */
export async function register(ctx: ServiceContext, input: RegisterRequest): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await insertUser(ctx.db, { username: input.username, email: input.email, passwordHash });
    return toUserDto(row);
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION && pgConstraint(err) === EMAIL_UNIQUE_INDEX) {
      throw conflict('An account with this email already exists');
    }
    throw err;
  }
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
  user: User;
}

/**
 * Each attempt is counted against the e-mail before the password is checked, and given back when
 * it succeeds: only failures add up, and parallel guesses cannot slip past the limit.
 */
export async function login(ctx: ServiceContext, limiter: RateLimiter, input: LoginRequest): Promise<LoginResult> {
  const { loginFailuresPerEmail, loginFailureWindowMinutes } = ctx.config.rateLimits;
  const failuresKey = rateLimitKey('login-failures', input.email);
  await enforceRateLimit(
    limiter,
    failuresKey,
    { limit: loginFailuresPerEmail, windowSeconds: loginFailureWindowMinutes * 60 },
    'login attempts',
  );
  const row = await findUserByEmail(ctx.db, input.email);
  // An unknown e-mail is checked against a decoy so it takes as long as a wrong password.
  const valid = await verifyPassword(input.password, row?.passwordHash ?? (await decoyPasswordHash()));
  if (!row || !valid) throw unauthorised('Invalid credentials');
  await limiter.refund(failuresKey);
  const { token, expiresAt } = await openSession(ctx.db, row.id, ctx.config.sessionTtlDays);
  return { token, expiresAt, user: toUserDto(row) };
}
