import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
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
});
export type User = z.infer<typeof userSchema>;

const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }).max(254));

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
