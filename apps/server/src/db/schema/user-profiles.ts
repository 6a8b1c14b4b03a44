import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Location, RegistrationAttribution } from './account-signals';
import { users } from './auth';
import { workspaces } from './workspaces';

/** accounts.md §3 onboarding_survey. */
export type OnboardingSurvey = {
  first_name?: string | null;
  role?: string | null;
  subrole?: string | null;
  timezone?: string | null;
  source?: string | null;
};
/** accounts.md §3 onboarding_checklist. */
export type OnboardingChecklist = {
  checklist_id: string;
  hidden: boolean;
  items: { onboarding_checklist_item_id: string; is_completed: boolean }[];
};
/** accounts.md §3 terms_agreed_to: when each agreement was accepted (unix seconds). */
export type TermsAgreedTo = Partial<
  Record<
    | 'conversational_ai_agreement'
    | 'voice_design_agreement'
    | 'licensing'
    | 'privacy'
    | 'content'
    | 'publishing_payouts_agreement'
    | 'batch_calling_agreement',
    number
  >
>;
export type PromptsShown = { long_content_use_projects: boolean; dubbing_use_cases_banner: boolean };

/**
 * Why an account cannot sign in: disabled by a workspace admin, deleted (kept as a tombstone so the
 * sign-in answer can say so), banned for a policy violation.
 */
export const ACCOUNT_STATES = ['active', 'disabled', 'deleted', 'banned'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

// The user entity of accounts.md §3 beside better-auth's own `users` row (one-to-one), with the spec's defaults.
export const userProfiles = pgTable('user_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The workspace the user works in now (their personal one at first). */
  workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
  publicUserId: text('public_user_id').notNull().unique(),
  /** The name shown on the user's shared items (POST /v1/user/update-public-user-name); null until set. */
  publicUserName: text('public_user_name'),
  firstName: text('first_name'),
  isNewUser: boolean('is_new_user').notNull().default(true),
  agreesToProductUpdates: boolean('agrees_to_product_updates').notNull().default(true),
  isOnboardingCompleted: boolean('is_onboarding_completed').notNull().default(true),
  isOnboardingChecklistCompleted: boolean('is_onboarding_checklist_completed').notNull().default(true),
  onboardingSurvey: jsonb('onboarding_survey').$type<OnboardingSurvey>(),
  onboardingChecklist: jsonb('onboarding_checklist').$type<OnboardingChecklist>(),
  promptsShown: jsonb('prompts_shown')
    .$type<PromptsShown>()
    .notNull()
    .default({ long_content_use_projects: false, dubbing_use_cases_banner: false }),
  termsAgreedTo: jsonb('terms_agreed_to').$type<TermsAgreedTo>().notNull().default({}),
  geoLocation: text('geo_location'),
  /** accounts.md §3 Location (region, country, city) from the sign-up request's address. */
  location: jsonb('location').$type<Location>(),
  ccpaOptOut: boolean('ccpa_opt_out').notNull().default(false),
  acceptedBipaTerms: boolean('accepted_bipa_terms').notNull().default(false),
  acceptedBipaTermsAt: timestamp('accepted_bipa_terms_at', { withTimezone: true }),
  /** accounts.md §6 alpha access (has_alpha_access) and when the user asked for it. */
  hasAlphaAccess: boolean('has_alpha_access').notNull().default(false),
  alphaAccessRequestedAt: timestamp('alpha_access_requested_at', { withTimezone: true }),
  registrationAttribution: jsonb('registration_attribution').$type<RegistrationAttribution>(),
  allowedToExtendCharacterLimit: boolean('allowed_to_extend_character_limit').notNull().default(false),
  maxCharacterLimitExtension: integer('max_character_limit_extension'),
  profilePageHandle: text('profile_page_handle').unique(),
  isInProbation: boolean('is_in_probation').notNull().default(false),
  backupCodeHash: text('backup_code_hash'),
  referralLinkCode: text('referral_link_code'),
  partnerstackPartnerDefaultLink: text('partnerstack_partner_default_link'),
  moderationWarningDismissed: boolean('moderation_warning_dismissed').notNull().default(false),
  isProducer: boolean('is_producer').notNull().default(false),
  /** Staff account (company email domain). */
  isInternal: boolean('is_internal').notNull().default(false),
  accountState: text('account_state', { enum: ACCOUNT_STATES }).notNull().default('active'),
  accountStateReason: text('account_state_reason'),
  accountStateChangedAt: timestamp('account_state_changed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
