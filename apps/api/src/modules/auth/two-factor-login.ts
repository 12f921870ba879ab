import { createHash, randomBytes } from 'node:crypto';
import { TWO_FACTOR_MESSAGES } from '@shop/contract/two-factor';
import type { User } from '@shop/contract/users';
import type { Queryable } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { unauthorised } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import { toUserDto } from '../users/users.dto';
import { accountById } from '../users/users.service';
import { openSession } from './sessions.service';
import { closeChallenge, dropOldChallenges, findOpenChallenge, insertLoginChallenge } from './two-factor.queries';
import { codeAttempt, spendSecondFactor } from './two-factor.service';

/** How long the code step may follow the password step. */
const LOGIN_CHALLENGE_MINUTES = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The password was right: a random token for the code step; only its hash is kept. */
export async function openLoginChallenge(
  db: Queryable,
  userId: string,
): Promise<{ challenge: string; expiresAt: Date }> {
  const now = new Date();
  await dropOldChallenges(db, userId, now);
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LOGIN_CHALLENGE_MINUTES * 60_000);
  await insertLoginChallenge(db, { tokenHash: hashToken(challenge), userId, expiresAt });
  return { challenge, expiresAt };
}

/**
 * The code step: a code of the challenge's account (rate-limited per account and address, a TOTP code
 * once per time step, a recovery code once) makes the session. The challenge is used up in the same
 * transaction, so it opens one session at most; a wrong code leaves it for another try until it expires.
 */
export async function finishTwoFactorLogin(
  ctx: ServiceContext,
  limiter: RateLimiter,
  input: { challenge: string; code: string },
): Promise<{ token: string; expiresAt: Date; user: User }> {
  const open = await findOpenChallenge(ctx.db, hashToken(input.challenge), new Date());
  if (!open) throw unauthorised(TWO_FACTOR_MESSAGES.challengeExpired);
  return codeAttempt(ctx, limiter, open.userId, input.code, () =>
    ctx.db.transaction(async (tx) => {
      await spendSecondFactor(tx, open.userId, input.code, { recoveryCodes: true, refuse: unauthorised });
      if (!(await closeChallenge(tx, open.id, new Date()))) throw unauthorised(TWO_FACTOR_MESSAGES.challengeExpired);
      const row = await accountById(tx, open.userId);
      if (!row) throw unauthorised(TWO_FACTOR_MESSAGES.challengeExpired);
      const { token, expiresAt } = await openSession(tx, row.id, ctx.config.sessionTtlDays);
      return { token, expiresAt, user: toUserDto(row) };
    }),
  );
}
