import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** accounts.md §3 Location: what the offline GeoIP lookup found for the sign-up request's address. */
export type Location = { region: string | null; country: string | null; city: string | null };

/** What the browser sent at registration (pre-sign-up / post-registration-user-setup): referral and marketplace ids. */
export type RegistrationAttribution = {
  pid?: string | null;
  xid?: string | null;
  invite_code?: string | null;
  gcp_marketplace_jwt?: string | null;
  account_metadata?: Record<string, unknown> | null;
};

// Devices a user signed in from (POST /v1/user/record-device-fingerprint); one row per user and fingerprint.
export const deviceFingerprints = pgTable(
  'device_fingerprints',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fingerprint] })],
);

// POST /v1/google-ads-visit: a visit from a paid-ad click, recorded for attribution.
export const adVisits = pgTable(
  'ad_visits',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    eventType: text('event_type').notNull(),
    gclid: text('gclid'),
    utm: jsonb('utm').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_visits_email_idx').on(t.email)],
);

// POST /v1/user/pre-sign-up (no auth): what the browser knows before the account exists, keyed by email;
// applied to the profile when the account is created, then removed.
export const preSignUps = pgTable('pre_sign_ups', {
  email: text('email').primaryKey(),
  attribution: jsonb('attribution').$type<RegistrationAttribution>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
