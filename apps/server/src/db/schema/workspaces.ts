import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const WORKSPACE_ROLES = ['admin', 'editor'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export type UserAutoProvisioning = {
  enabled: boolean;
  enabled_at_unix: number | null;
  enabled_by_user_email: string | null;
};

// A workspace with the content-relevant fields of content-and-workspace.md §3. Every user has a personal
// one (is_personal) where they are admin; team workspaces come with workspace administration.
export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    isPersonal: boolean('is_personal').notNull().default(false),
    subscriptionTier: text('subscription_tier').notNull().default('free'),
    maxSeats: integer('max_seats').notNull().default(1),
    /** Seats bought on top of the plan's (decision 111); the seat limit is the plan's seats plus these. */
    extraSeats: integer('extra_seats').notNull().default(0),
    /** billing.md: professional voice limit = plan limit + extra_pvc_slots (set by staff). */
    extraPvcSlots: integer('extra_pvc_slots').notNull().default(0),
    storingSharedFilesOnUser: boolean('storing_shared_files_on_user').notNull().default(true),
    trainingOptOut: boolean('training_opt_out').notNull().default(false),
    trainingOptOutAt: timestamp('training_opt_out_at', { withTimezone: true }),
    pronunciationDictionaryLocators: jsonb('pronunciation_dictionary_locators')
      .$type<{ pronunciation_dictionary_id: string; version_id: string | null }[]>()
      .notNull()
      .default([]),
    allMembersPermissions: jsonb('all_members_permissions').$type<string[]>().notNull().default([]),
    voiceLibraryRemovalNoticeWebhookId: text('voice_library_removal_notice_webhook_id'),
    speechToTextWebhookIds: jsonb('speech_to_text_webhook_ids').$type<string[]>().notNull().default([]),
    userAutoProvisioning: jsonb('user_auto_provisioning')
      .$type<UserAutoProvisioning>()
      .notNull()
      .default({ enabled: false, enabled_at_unix: null, enabled_by_user_email: null }),
    /** accounts.md §4: idle sessions end after this many seconds, only when set. */
    sessionInactivityTimeout: integer('session_inactivity_timeout'),
    /** accounts.md §6: "A workspace can forbid email/password or specific social sign-in." */
    emailPasswordSignInDisabled: boolean('email_password_sign_in_disabled').notNull().default(false),
    disallowedSocialProviders: jsonb('disallowed_social_providers').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspaces_owner_id_idx').on(t.ownerId)],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    /** Disabled by a workspace admin (SDK members.update is_locked): no access to this workspace (decision 111). */
    isLocked: boolean('is_locked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_id_idx').on(t.userId),
  ],
);
