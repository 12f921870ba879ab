import { createHash, randomBytes } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_REQUIRED_REASON,
  type TwoFactorConfirmResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@shop/contract/two-factor';
import type { Queryable } from '../../db/client';
import type { SessionUser } from '../../platform/auth-guard';
import type { AppConfig } from '../../platform/config';
import type { ServiceContext } from '../../platform/context';
import { AppError, conflict, invalid, unauthorised } from '../../platform/errors';
import { enforceRateLimit, type RateLimiter, rateLimitKey, tooManyRequests } from '../../platform/rate-limit';
import { sealText, unsealText } from '../../platform/seal';
import { sharedSecret } from '../../platform/secrets';
import { auditActorOf, recordAudit } from '../audit/audit.service';
import { verifyPassword } from './password';
import { newTotpSecret, qrCodeDataUrl, totpStepOf, totpUri } from './totp';
import {
  acceptTotpStep,
  countUnusedRecoveryCodes,
  findPasswordHash,
  findTotp,
  markTwoFactorEnabled,
  removeTwoFactor,
  replaceRecoveryCodes,
  spendRecoveryCode,
  upsertPendingTotp,
} from './two-factor.queries';

const TOTP_SEAL_KEY = 'totp-seal-key';

function actorOf(ctx: ServiceContext): SessionUser {
  if (!ctx.actor) throw unauthorised();
  return ctx.actor;
}

/** ADMIN_REQUIRE_2FA: an admin without a second factor is refused admin calls until they turn it on. */
export function mustEnrolBeforeAdminCalls(config: AppConfig, user: SessionUser): boolean {
  return config.twoFactor.adminRequired && user.role === 'admin' && !user.twoFactorEnabledAt;
}

export const enrolBeforeAdminCalls = () =>
  new AppError('forbidden', TWO_FACTOR_MESSAGES.adminMustEnrol, { body: { reason: TWO_FACTOR_REQUIRED_REASON } });

const hashRecoveryCode = (normalised: string) => createHash('sha256').update(normalised).digest('base64url');

/** 16 letters and digits without look-alikes (80 bits), shown in groups of four. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}
const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export async function twoFactorStatus(ctx: ServiceContext): Promise<TwoFactorStatus> {
  const user = actorOf(ctx);
  return {
    enabled: Boolean(user.twoFactorEnabledAt),
    required: ctx.config.twoFactor.adminRequired && user.role === 'admin',
    enabledAt: user.twoFactorEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.twoFactorEnabledAt ? await countUnusedRecoveryCodes(ctx.db, user.id) : 0,
  };
}

/** Step one of enrolment: a new secret, sealed in the database and shown once. */
export async function startEnrolment(ctx: ServiceContext): Promise<TwoFactorSetupResponse> {
  const user = actorOf(ctx);
  if (user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  const secret = newTotpSecret();
  const key = await sharedSecret(ctx.db, TOTP_SEAL_KEY);
  await upsertPendingTotp(ctx.db, user.id, sealText(key, secret));
  const otpauthUrl = totpUri(secret, user.email);
  return { secret, otpauthUrl, qrCode: qrCodeDataUrl(otpauthUrl) };
}

/** An authenticator app's code, as opposed to a recovery code. */
const isAppCode = (normalised: string) => /^\d{6}$/.test(normalised);

/**
 * The limit a code counts against. An app's six digits can be guessed, so wrong ones count for the
 * account wherever they come from. A recovery code cannot be guessed (80 bits) and is how the owner
 * gets in when someone else has used up the account's wrong app codes: its wrong tries count apart,
 * for the account from one address, so guessing from one place stops and guessing elsewhere locks
 * nobody out.
 */
function codeLimit(ctx: Pick<ServiceContext, 'config' | 'ip'>, userId: string, code: string) {
  const { failuresPerAccount, recoveryFailuresPerAddress } = ctx.config.twoFactor;
  const windowSeconds = ctx.config.rateLimits.loginFailureWindowMinutes * 60;
  if (isAppCode(normaliseCode(code))) {
    return {
      key: rateLimitKey('two-factor-account', userId),
      rule: { limit: failuresPerAccount, windowSeconds },
      what: 'wrong two-factor codes for this account',
    };
  }
  return {
    key: rateLimitKey('recovery-code', `${userId} ${ctx.ip}`),
    rule: { limit: recoveryFailuresPerAddress, windowSeconds },
    what: 'wrong recovery codes for this account',
  };
}

/**
 * Counts a code attempt against its limit (and the address) before it is checked; a right code gives
 * it back. Parallel guesses therefore cannot slip past the limit.
 */
export async function codeAttempt<T>(
  ctx: Pick<ServiceContext, 'config' | 'ip'>,
  limiter: RateLimiter,
  userId: string,
  code: string,
  check: () => Promise<T>,
): Promise<T> {
  await enforceRateLimit(
    limiter,
    rateLimitKey('two-factor-ip', ctx.ip),
    { limit: ctx.config.twoFactor.attemptsPerIpPerMinute, windowSeconds: 60 },
    'two-factor codes from this address',
  );
  const { key, rule, what } = codeLimit(ctx, userId, code);
  const decision = await limiter.consume(key, rule);
  if (!decision.allowed) throw tooManyRequests(what, decision);
  const result = await check();
  await limiter.refund(key);
  return result;
}

export type SecondFactorUsed = 'authenticator app' | 'recovery code';

/**
 * Checks a code of the account's second factor inside `tx`: an app's code whose time step is later than
 * the last one accepted (moved forward atomically, so a code works once), or an unused recovery code
 * (used up atomically). Throws `refuse`'s error (a 401 at login, a 400 to a signed-in account).
 */
export async function spendSecondFactor(
  tx: Queryable,
  userId: string,
  code: string,
  options: { recoveryCodes: boolean; refuse: (message: string) => AppError },
): Promise<SecondFactorUsed> {
  const { refuse } = options;
  const normalised = normaliseCode(code);
  if (isAppCode(normalised)) {
    const totp = await findTotp(tx, userId);
    if (!totp) throw refuse(TWO_FACTOR_MESSAGES.wrongCode);
    const secret = unsealText(await sharedSecret(tx, TOTP_SEAL_KEY), totp.secretSealed);
    const step = await totpStepOf(secret, normalised);
    if (step === null) throw refuse(TWO_FACTOR_MESSAGES.wrongCode);
    if (!(await acceptTotpStep(tx, userId, step))) throw refuse(TWO_FACTOR_MESSAGES.replayedCode);
    return 'authenticator app';
  }
  if (!options.recoveryCodes || !(await spendRecoveryCode(tx, userId, hashRecoveryCode(normalised)))) {
    throw refuse(options.recoveryCodes ? TWO_FACTOR_MESSAGES.usedRecoveryCode : TWO_FACTOR_MESSAGES.wrongCode);
  }
  return 'recovery code';
}

/** Step two of enrolment: a code of the new secret turns it on, and the recovery codes are made. */
export async function confirmEnrolment(
  ctx: ServiceContext,
  limiter: RateLimiter,
  code: string,
): Promise<TwoFactorConfirmResponse> {
  const user = actorOf(ctx);
  if (user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  if (!(await findTotp(ctx.db, user.id))) throw invalid(TWO_FACTOR_MESSAGES.notStarted);
  const actor = auditActorOf(ctx);
  return codeAttempt(ctx, limiter, user.id, code, () =>
    ctx.db.transaction(async (tx) => {
      await spendSecondFactor(tx, user.id, code, { recoveryCodes: false, refuse: invalid });
      if (!(await markTwoFactorEnabled(tx, user.id, new Date()))) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await replaceRecoveryCodes(
        tx,
        user.id,
        recoveryCodes.map((c) => hashRecoveryCode(normaliseCode(c))),
      );
      await recordAudit(tx, actor, {
        kind: 'two_factor.enabled',
        target: { type: 'user', id: user.id, label: user.email },
      });
      return { message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes };
    }),
  );
}

/** Turns the second factor off with a current code, a recovery code or the account's password. */
export async function disableTwoFactor(
  ctx: ServiceContext,
  limiter: RateLimiter,
  proof: { code?: string | undefined; password?: string | undefined },
): Promise<void> {
  const user = actorOf(ctx);
  if (!user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.notOn);
  const actor = auditActorOf(ctx);
  await codeAttempt(ctx, limiter, user.id, proof.code ?? '', () =>
    ctx.db.transaction(async (tx) => {
      let method: SecondFactorUsed | 'password';
      if (proof.code) {
        method = await spendSecondFactor(tx, user.id, proof.code, { recoveryCodes: true, refuse: invalid });
      } else {
        const hash = await findPasswordHash(tx, user.id);
        if (!hash || !(await verifyPassword(proof.password ?? '', hash))) {
          throw invalid(TWO_FACTOR_MESSAGES.wrongPassword);
        }
        method = 'password';
      }
      if (!(await removeTwoFactor(tx, user.id))) throw conflict(TWO_FACTOR_MESSAGES.notOn);
      await recordAudit(tx, actor, {
        kind: 'two_factor.disabled',
        target: { type: 'user', id: user.id, label: user.email },
        details: { with: method },
      });
    }),
  );
}
