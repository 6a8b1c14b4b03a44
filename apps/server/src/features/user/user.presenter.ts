import { mayCloneInstantly } from '@vocalis/domain/voices/voice-cloning';
import type { User, UserSubscription } from '@vocalis/contracts/user';
import type { WorkspaceUsage } from '../usage/usage.service';
import type { MemberRow, ProfileRow, UserRow } from './user.repo';

/** The free plan's subscription until billing lands (billing.md: free 10,000 characters, 3 custom voices). */
export function freeSubscription(profile: ProfileRow, usage?: WorkspaceUsage): UserSubscription {
  const voiceLimit = 3;
  return {
    tier: 'free',
    character_count: usage?.character_count ?? 0,
    character_limit: usage?.character_limit ?? 10_000,
    max_character_limit_extension: profile.maxCharacterLimitExtension,
    max_credit_limit_extension: 0,
    can_extend_character_limit: false,
    allowed_to_extend_character_limit: profile.allowedToExtendCharacterLimit,
    allowed_to_use_projects_api: false,
    next_character_count_reset_unix: usage?.next_character_count_reset_unix ?? null,
    voice_slots_used: 0,
    professional_voice_slots_used: 0,
    professional_voice_slots_used_in_workspace: 0,
    voice_limit: voiceLimit,
    // content-and-workspace.md §3: max voice add/edits = round(1.5 × voice_limit + 50).
    max_voice_add_edits: Math.round(1.5 * voiceLimit + 50),
    voice_add_edit_counter: 0,
    professional_voice_limit: 0,
    can_extend_voice_limit: false,
    can_use_instant_voice_cloning: mayCloneInstantly('free'),
    can_use_professional_voice_cloning: false,
    currency: 'usd',
    current_overage: { amount: '0', currency: 'usd' },
    status: 'free',
    billing_period: 'monthly_period',
    character_refresh_period: 'monthly_period',
  };
}

const TERMS = [
  'conversational_ai_agreement',
  'voice_design_agreement',
  'licensing',
  'privacy',
  'content',
  'publishing_payouts_agreement',
  'batch_calling_agreement',
] as const;

/** The API shape of a user (accounts.md §3) in the workspace they work in now. */
export function presentUser(input: {
  user: UserRow;
  profile: ProfileRow;
  member: MemberRow;
  apiKeyPreview: string | null;
  totpEnrolledAt?: Date | null;
  /** The current workspace's character quota. */
  usage?: WorkspaceUsage;
}): User {
  const { user, profile, member } = input;
  const createdAt = Math.floor(user.createdAt.getTime() / 1000);
  const survey = profile.onboardingSurvey;
  return {
    user_id: user.id,
    workspace_id: member.workspaceId,
    // Billing's subscription when the app has it (GET /v1/user/subscription agrees); the free plan otherwise.
    subscription: input.usage?.subscription ?? freeSubscription(profile, input.usage),
    voices: [],
    is_new_user: profile.isNewUser,
    agrees_to_product_updates: profile.agreesToProductUpdates,
    xi_api_key: null,
    xi_api_key_preview: input.apiKeyPreview,
    is_api_key_hashed: true,
    public_user_id: profile.publicUserId,
    audio_native: null,
    created_at_unix: createdAt,
    created_at: createdAt,
    sms_mfa_factor: null,
    totp_mfa_factor: input.totpEnrolledAt
      ? { enrolled_at_unix: Math.floor(input.totpEnrolledAt.getTime() / 1000) }
      : null,
    prompts_shown: profile.promptsShown,
    terms_agreed_to: Object.fromEntries(
      TERMS.map((t) => [t, profile.termsAgreedTo[t] ?? null]),
    ) as User['terms_agreed_to'],
    first_name: profile.firstName,
    is_onboarding_completed: profile.isOnboardingCompleted,
    onboarding_survey: survey
      ? {
          first_name: survey.first_name ?? null,
          role: survey.role ?? null,
          subrole: survey.subrole ?? null,
          timezone: survey.timezone ?? null,
          source: survey.source ?? null,
        }
      : null,
    ccpa_opt_out: profile.ccpaOptOut,
    is_onboarding_checklist_completed: profile.isOnboardingChecklistCompleted,
    onboarding_checklist: profile.onboardingChecklist,
    geo_location: profile.geoLocation,
    profile_page_handle: profile.profilePageHandle,
    accepted_bipa_terms: profile.acceptedBipaTerms,
    is_in_probation: profile.isInProbation,
    // Never the hash itself: only whether backup codes exist.
    backup_code_hash: null,
    referral_link_code: profile.referralLinkCode,
    partnerstack_partner_default_link: profile.partnerstackPartnerDefaultLink,
    moderation_warning_dismissed: profile.moderationWarningDismissed,
    is_producer: profile.isProducer,
    can_use_delayed_payment_methods: false,
    seat_type: member.role === 'admin' ? 'workspace_admin' : 'workspace_member',
    show_compliance_terms: false,
    email: user.email,
    is_email_verified: user.emailVerified,
    is_internal: profile.isInternal,
  };
}
