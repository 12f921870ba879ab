import { z } from 'zod';
import { emailSchema, idSchema, timestampSchema } from './common';
import { PASSWORD_MIN_LENGTH, ROLES } from './constants';

export const roleSchema = z.enum(ROLES);

export const userSchema = z.object({
  _id: idSchema,
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  bio: z.string(),
  profileImage: z.string(),
  profession: z.string(),
  createdAt: timestampSchema,
  /**
   * Whether the account confirmed its e-mail by a mailed link: only then does it take over the orders
   * placed with that e-mail without an account.
   */
  emailConfirmed: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const confirmEmailRequestSchema = z.object({
  token: z.string({ message: 'The link is not valid' }).trim().min(1, 'The link is not valid').max(200),
});
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;
export const confirmEmailResponseSchema = z.object({
  message: z.string(),
  /** How many orders placed with this e-mail without an account joined the account now. */
  claimedOrders: z.number().int(),
});
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

export const EMAIL_CONFIRMATION_MESSAGES = {
  confirmed: 'Your e-mail is confirmed.',
  invalidLink: 'This confirmation link is not valid. It may have expired or been used already.',
  sent: 'We sent you a link to confirm your e-mail.',
  alreadyConfirmed: 'Your e-mail is already confirmed.',
} as const;

export const registerRequestSchema = z.object({
  username: z
    .string({ message: 'Username is required' })
    .trim()
    .min(2, 'Username must be at least 2 characters')
    .max(40, 'Username must be at most 40 characters'),
  email: emailSchema,
  password: z
    .string({ message: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(128, 'Password must be at most 128 characters'),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerResponseSchema = z.object({ message: z.string(), user: userSchema });
export const loginResponseSchema = z.object({ message: z.string(), token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const meResponseSchema = z.object({ user: userSchema });

export const usersListResponseSchema = z.array(userSchema);

export const roleUpdateRequestSchema = z.object({ role: roleSchema });
export const roleUpdateResponseSchema = z.object({ message: z.string(), user: userSchema });

/**
 * An optional text of the profile: left as it was when absent, cleared by an empty string (the seed's
 * form sends every field, blank ones as empty strings).
 */
const profileText = (what: string, max: number) =>
  z
    .string({ message: `${what} must be text` })
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .optional();

/** An http(s) address or an image uploaded to the shop; empty means none. */
const profileImageSchema = profileText('Profile image', 2048)
  .refine(
    (s) => s === undefined || s === '' || /^https?:\/\/[^\s]+$/i.test(s) || /^\/uploads\/[^\s]+$/.test(s),
    'Profile image must be a URL',
  )
  .meta({ description: 'An http(s) URL or an /uploads/ path; empty clears it, absent leaves it as it was' });

/**
 * The profile form asks for username, profile image URL and profession; the server needs only the
 * username, so a form that sends the others blank still works.
 */
export const editProfileRequestSchema = z.object({
  username: z
    .string({ message: 'Username is required' })
    .trim()
    .min(2, 'Username must be at least 2 characters')
    .max(40, 'Username must be at most 40 characters'),
  profileImage: profileImageSchema,
  profession: profileText('Profession', 80),
  bio: profileText('Bio', 500),
  /** Sent by the web app; identity comes from the session, so it must match when present. */
  userId: idSchema.optional(),
});
export type EditProfileRequest = z.infer<typeof editProfileRequestSchema>;
export const editProfileResponseSchema = z.object({ message: z.string(), user: userSchema });

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

const passwordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, 'Password must be at most 128 characters');

export const resetPasswordRequestSchema = z.object({
  token: z.string({ message: 'The reset link is incomplete' }).trim().min(1, 'The reset link is incomplete').max(200),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether or not the address has an account. */
  requested: 'If an account uses that e-mail, a link to reset its password is on its way.',
  done: 'Your password has been changed. Please log in with the new one.',
  invalid: 'This reset link is not valid. Ask for a new one.',
  expired: 'This reset link has expired. Ask for a new one.',
  used: 'This reset link has already been used. Ask for a new one.',
} as const;
