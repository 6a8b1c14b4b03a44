import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

// better-auth's twoFactor plugin (usePlural): the TOTP secret and backup codes, both encrypted with
// AUTH_SECRET by the plugin; `verified` turns true once the first code from the authenticator app checks.
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Ours (the plugin does not write it): when enrolment started, for GET /v1/user's totp_mfa_factor. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factors_user_id_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

// The phone (SMS) second factor (accounts.md §1): one phone per user. A change starts as a pending number
// with a hashed, expiring code texted to it; once the code checks, the number is the factor.
export const phoneFactors = pgTable('phone_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** E.164 number of the enrolled factor; null while only a change is pending. */
  phoneNumber: text('phone_number'),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
  pendingPhoneNumber: text('pending_phone_number'),
  /** SHA-256 of the enrolment code (never the code). */
  pendingCodeHash: text('pending_code_hash'),
  pendingExpiresAt: timestamp('pending_expires_at', { withTimezone: true }),
  pendingAttempts: integer('pending_attempts').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
