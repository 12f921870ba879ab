import { ROLES } from '@shop/contract/constants';
import type { ShippingAddress } from '@shop/contract/delivery';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgEnum, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

// Who shops and who runs the shop: accounts, their sessions and the ways they sign in.

export const roleEnum = pgEnum('role', ROLES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('user'),
    bio: text('bio').notNull().default(''),
    profileImage: text('profile_image').notNull().default(''),
    profession: text('profession').notNull().default(''),
    /** The delivery address the next checkout starts from: the last one used, or one the customer saved. */
    savedAddress: jsonb('saved_address').$type<ShippingAddress>(),
    /** When the account's second factor (user_totp) was confirmed; null while it is off. */
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /**
     * When the account proved it receives mail at its e-mail (by a mailed link); null until then. Only a
     * confirmed account takes over the orders a guest placed with that e-mail.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt.desc()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the session token; the token itself lives only in the cookie. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** A password reset link: only the token's hash is kept; it works once, within its time. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * A link that confirms an account's e-mail: only the token's hash is kept, with the e-mail it was sent
 * to, so a link mailed before the e-mail changed confirms nothing. It works once, within its time.
 */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_confirmation_tokens_user_id_idx').on(t.userId)],
);

/**
 * An account's TOTP secret, sealed (AES-256-GCM under a key the shop keeps in app_secrets), from the
 * moment enrolment starts; it counts only once users.two_factor_enabled_at is set. The last time step
 * a code was accepted for is moved forward by one conditional update, so a code works once.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes of an account's second factor: only their SHA-256 is kept. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [unique('totp_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/**
 * The step between a right password and the code: a login of an account with a second factor answers
 * this challenge's token (only its hash is kept) instead of a session; it works once, for a few minutes.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_challenges_user_id_idx').on(t.userId)],
);

/**
 * Secrets the shop makes for itself at first start and shares between its instances through the
 * database, such as the key that signs a browser's known-device cookie.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
