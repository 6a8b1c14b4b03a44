import { z } from 'zod';

const billingPeriod = z.enum(['monthly_period', '3_month_period', '6_month_period', 'annual_period']);
const currency = z.enum(['usd', 'eur', 'inr', 'pln', 'gbp']);

/** The subscription inside GET /v1/user (the keys @elevenlabs/elevenlabs-js requires, and its optional ones). */
export const userSubscription = z
  .object({
    tier: z.string(),
    character_count: z.number().int(),
    character_limit: z.number().int(),
    max_character_limit_extension: z.number().int().nullable(),
    max_credit_limit_extension: z.union([z.number().int(), z.literal('unlimited')]),
    can_extend_character_limit: z.boolean(),
    allowed_to_extend_character_limit: z.boolean(),
    allowed_to_use_projects_api: z.boolean(),
    next_character_count_reset_unix: z.number().int().nullable(),
    voice_slots_used: z.number().int(),
    professional_voice_slots_used: z.number().int(),
    professional_voice_slots_used_in_workspace: z.number().int(),
    voice_limit: z.number().int(),
    max_voice_add_edits: z.number().int().nullable(),
    voice_add_edit_counter: z.number().int(),
    professional_voice_limit: z.number().int(),
    can_extend_voice_limit: z.boolean(),
    can_use_instant_voice_cloning: z.boolean(),
    can_use_professional_voice_cloning: z.boolean(),
    currency: currency.nullable(),
    current_overage: z.object({ amount: z.string(), currency }),
    status: z.enum(['trialing', 'active', 'incomplete', 'past_due', 'free', 'free_disabled']),
    billing_period: billingPeriod.nullable(),
    character_refresh_period: billingPeriod.nullable(),
  })
  .meta({ id: 'UserSubscription' });

const mfaFactor = z.object({ enrolled_at_unix: z.number().int() }).nullable();

/** accounts.md §3 User, plus what the ElevenLabs SDK's `User` requires. */
export const user = z
  .object({
    user_id: z.string(),
    workspace_id: z.string(),
    subscription: userSubscription,
    voices: z.array(z.string()),
    is_new_user: z.boolean(),
    agrees_to_product_updates: z.boolean(),
    /** Keys are stored hashed and never shown again: always null here. */
    xi_api_key: z.string().nullable(),
    xi_api_key_preview: z.string().nullable(),
    is_api_key_hashed: z.boolean(),
    public_user_id: z.string(),
    audio_native: z.record(z.string(), z.unknown()).nullable(),
    created_at_unix: z.number().int(),
    created_at: z.number().int(),
    sms_mfa_factor: mfaFactor,
    totp_mfa_factor: mfaFactor,
    prompts_shown: z.object({
      long_content_use_projects: z.boolean(),
      dubbing_use_cases_banner: z.boolean(),
    }),
    terms_agreed_to: z.object({
      conversational_ai_agreement: z.number().int().nullable(),
      voice_design_agreement: z.number().int().nullable(),
      licensing: z.number().int().nullable(),
      privacy: z.number().int().nullable(),
      content: z.number().int().nullable(),
      publishing_payouts_agreement: z.number().int().nullable(),
      batch_calling_agreement: z.number().int().nullable(),
    }),
    first_name: z.string().nullable(),
    is_onboarding_completed: z.boolean(),
    onboarding_survey: z
      .object({
        first_name: z.string().nullable(),
        role: z.string().nullable(),
        subrole: z.string().nullable(),
        timezone: z.string().nullable(),
        source: z.string().nullable(),
      })
      .nullable(),
    ccpa_opt_out: z.boolean(),
    is_onboarding_checklist_completed: z.boolean(),
    onboarding_checklist: z
      .object({
        checklist_id: z.string(),
        hidden: z.boolean(),
        items: z.array(z.object({ onboarding_checklist_item_id: z.string(), is_completed: z.boolean() })),
      })
      .nullable(),
    geo_location: z.string().nullable(),
    profile_page_handle: z.string().nullable(),
    accepted_bipa_terms: z.boolean(),
    is_in_probation: z.boolean(),
    backup_code_hash: z.string().nullable(),
    referral_link_code: z.string().nullable(),
    partnerstack_partner_default_link: z.string().nullable(),
    moderation_warning_dismissed: z.boolean(),
    is_producer: z.boolean(),
    can_use_delayed_payment_methods: z.boolean(),
    seat_type: z.enum(['workspace_admin', 'workspace_member', 'workspace_lite_member']),
    show_compliance_terms: z.boolean(),
    email: z.string(),
    is_email_verified: z.boolean(),
    is_internal: z.boolean(),
  })
  .meta({ id: 'User' });

/** accounts.md §3 "User metadata (editable)"; every field optional, only the given ones change. */
export const editUserMetadataBody = z
  .object({
    agrees_to_product_updates: z.boolean().optional(),
    geo_location: z.string().max(200).nullable().optional(),
    allowed_to_extend_character_limit: z.boolean().optional(),
    max_character_limit_extension: z.number().int().min(0).nullable().optional(),
    ccpa_opt_out: z.boolean().optional(),
  })
  .strict();

const email = z.email().max(320);
/** "continue address is the sign-in route"; only same-origin allowed targets are honoured. */
const continueUrl = z.string().max(2000).optional();

export const sendVerificationEmailBody = z.object({ email, continue_url: continueUrl });
export const sendPasswordResetEmailBody = z.object({ email, continue_url: continueUrl });
export const checkPasswordResetCodeBody = z.object({ code: z.string().min(1).max(500) });
export const checkPasswordResetCodeResponse = z.object({ email: z.string() });
export const optOutOfUpdatesBody = z.object({ opt_out_updates_key: z.string().min(1).max(500) });
/** POST /v1/user/set-password: a first password for an account made by social sign-in (the rules are checked by the server). */
export const setPasswordBody = z.object({ new_password: z.string().min(1).max(128) });

/** A plain success answer: `{"status":"ok","message":...}` (the spec's generic check reads status 200). */
export const okResponse = z
  .object({ status: z.literal('ok'), message: z.string() })
  .meta({ id: 'OkResponse' });

export type User = z.infer<typeof user>;
export type UserSubscription = z.infer<typeof userSubscription>;
export type EditUserMetadataBody = z.infer<typeof editUserMetadataBody>;
export type OkResponse = z.infer<typeof okResponse>;
export type SetPasswordBody = z.infer<typeof setPasswordBody>;
