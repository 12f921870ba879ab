import { z } from 'zod';
import { loginResponseSchema } from './users';

/** Recovery codes given when two-factor authentication is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** Digits of an authenticator app's code. */
export const TOTP_DIGITS = 6;

export const TWO_FACTOR_MESSAGES = {
  codeNeeded: 'Enter the code from your authenticator app to finish logging in.',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  replayedCode: 'That code has already been used. Wait for the next one in your authenticator app.',
  usedRecoveryCode: 'That recovery code is not valid or has already been used.',
  challengeExpired: 'This login has expired or was already finished. Please log in again.',
  alreadyOn: 'Two-factor authentication is already on for this account.',
  notOn: 'Two-factor authentication is not on for this account.',
  notStarted: 'Start setting up two-factor authentication first.',
  enabled: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor authentication is off.',
  wrongPassword: 'That password is not right.',
  adminMustEnrol:
    'Turn on two-factor authentication (Dashboard > Security) before using the admin dashboard: this shop requires it for admins.',
} as const;

/** Why an admin call was refused, beside `message`, so the web app can send the admin to enrol. */
export const TWO_FACTOR_REQUIRED_REASON = 'two_factor_required';

/** A code as typed: spaces and dashes are ignored, letters in any case. */
const typedCode = (message: string) =>
  z
    .string({ message })
    .transform((s) => s.replace(/[\s-]/g, '').toLowerCase())
    .pipe(z.string().min(TOTP_DIGITS, message).max(32, message));

/** Six digits from the authenticator app, or one of the recovery codes. */
export const secondFactorCodeSchema = typedCode('Enter the 6-digit code from your app, or a recovery code');

export const totpCodeSchema = z
  .string({ message: 'Enter the 6-digit code from your authenticator app' })
  .transform((s) => s.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** The password step's answer when the account has a second factor: no session, a challenge to answer. */
export const loginChallengeResponseSchema = z.object({
  message: z.string(),
  twoFactorRequired: z.literal(true),
  /** Short-lived and single-use: send it back with the code. */
  challenge: z.string(),
});
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponseSchema>;

/** What POST /api/auth/login answers: a session, or the second step's challenge. */
export const loginAnswerSchema = z.union([loginResponseSchema, loginChallengeResponseSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const loginTwoFactorRequestSchema = z.object({
  challenge: z.string({ message: TWO_FACTOR_MESSAGES.challengeExpired }).min(20).max(100),
  code: secondFactorCodeSchema,
});
export type LoginTwoFactorRequest = z.input<typeof loginTwoFactorRequestSchema>;

/** The code form of the login's second step, as the web app fills it (the challenge is not a field). */
export const loginCodeFormSchema = loginTwoFactorRequestSchema.pick({ code: true });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** ADMIN_REQUIRE_2FA is on and this account is an admin. */
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The secret, shown once, as text and as a QR code for the authenticator app. */
export const twoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** A data: URL of an SVG picture of the QR code of `otpauthUrl`. */
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorConfirmRequestSchema = z.object({ code: totpCodeSchema });
export type TwoFactorConfirmRequest = z.input<typeof twoFactorConfirmRequestSchema>;

export const twoFactorConfirmResponseSchema = z.object({
  message: z.string(),
  /** Shown once; the shop keeps only their hashes. */
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorConfirmResponse = z.infer<typeof twoFactorConfirmResponseSchema>;

/** Turning it off takes a current code (or a recovery code) or the account's password. */
export const twoFactorDisableRequestSchema = z
  .object({
    // A form sends the field it left empty as "": that is no code (or no password).
    code: z
      .string()
      .optional()
      .transform((v) => (v?.trim() ? v : undefined))
      .pipe(secondFactorCodeSchema.optional()),
    password: z
      .string()
      .max(128)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((r) => Boolean(r.code) || Boolean(r.password), {
    message: 'Enter a code from your authenticator app or your password',
    path: ['code'],
  });
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableRequestSchema>;
