import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id),
    email: text('email').notNull().unique(),
    /** An address asked for in the profile, waiting for its confirmation link; null otherwise. */
    pendingEmail: text('pending_email'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    nif: text('nif').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    zip: text('zip').notNull().default(''),
    region: text('region').notNull().default(''),
    country: text('country').notNull().default(''),
    defaultPaymentMethod: text('default_payment_method'),
    photoKey: text('photo_key'),
    timeZone: text('time_zone').notNull().default('Europe/Madrid'),
    language: text('language').notNull().default('en-US'),
    roles: integer('roles').array().notNull(),
    /** False until the email is confirmed (or, for invited members, the invitation accepted). */
    enabled: boolean('enabled').notNull().default(false),
    /** Registration confirmation mails sent; 0 for invited and administrator-created users. */
    confirmationSends: integer('confirmation_sends').notNull().default(1),
    /** Raised on a password change or reset: tokens issued before stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    dataverseEnabled: boolean('dataverse_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_team_id_idx').on(table.teamId)],
);

export const USER_TOKEN_PURPOSES = [
  'confirm_registration',
  'reset_password',
  'accept_invitation',
  'confirm_email_change',
] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/** Single-use, expiring tokens sent by mail; only their SHA-256 is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_tokens_user_id_idx').on(table.userId)],
);

/**
 * Failed password checks per email address, kept by the address's hash: addresses of no
 * account are counted too, so a lockout says nothing about whether an account exists.
 */
export const passwordFailures = pgTable('password_failures', {
  emailHash: text('email_hash').primaryKey(),
  failures: integer('failures').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
});
