import type { PermissionType } from '@vocalis/contracts/api-keys';
import { ANY_KEY, SESSION_ONLY, type KeyAccess } from '@vocalis/domain/api-key-permissions';

/**
 * What an xi-api-key needs for every /v1 and /v2 route: `'METHOD /fastify/url/:param'` → an ElevenLabs
 * permission name, SESSION_ONLY or ANY_KEY (decision 031). Checked once, by the hook in permissions.ts,
 * before the body is read. A new route adds one line here; `permissions.routes.test.ts` fails for any
 * route without one, and at run time a restricted key is refused on it. HEAD follows GET.
 * Sessions are never limited by this table.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, KeyAccess<PermissionType>>> = {
  // The user and their profile.
  'GET /v1/user': 'user_read',
  'GET /v1/user/subscription': 'user_read',
  'GET /v1/user/rand': 'user_read',
  'GET /v1/user/has-alpha-access': 'user_read',
  'GET /v1/user/referral-link': 'user_read',
  'POST /v1/user/generate-name': 'user_read',
  'POST /v1/user/edit': 'user_write',
  'POST /v1/user/edit-user-metadata': 'user_write',
  'POST /v1/user/dismiss-moderation-warning': 'user_write',
  'POST /v1/user/request-alpha-access': 'user_write',
  'POST /v1/user/record-device-fingerprint': 'user_write',
  'POST /v1/user/post-registration-user-setup': 'user_write',
  'POST /v1/user/update-public-user-name': 'user_write',
  'POST /v1/google-ads-visit': 'user_write',
  'POST /v1/user/onboarding-survey-complete': 'user_write',
  'POST /v1/user/onboarding-checklist/initiate': 'user_write',
  'POST /v1/user/onboarding-checklist/update': 'user_write',
  'POST /v1/user/onboarding-checklist/hide': 'user_write',
  'POST /v1/user/onboarding-checklist/mark-complete': 'user_write',
  'POST /v1/user/register-geolocation': 'user_write',
  'POST /v1/user/accept-bipa-terms': 'terms_of_service_accept',
  'GET /v1/messages': 'user_read',
  'POST /v1/messages/read-all': 'user_write',
  'POST /v1/messages/:message_id/read': 'user_write',
  // The live channel pushes the user's documents; the WebSocket checks this entry itself (the /v1 hooks skip it).
  'GET /v1/live': 'user_read',

  // Account security: password, email, second factor, sensitive actions, support access, deletion.
  'DELETE /v1/user/delete': SESSION_ONLY,
  'PUT /v1/user/email': SESSION_ONLY,
  'POST /v1/user/send-email-change-verification': SESSION_ONLY,
  'POST /v1/user/set-password': SESSION_ONLY,
  'POST /v1/user/prepare-internal-verification': SESSION_ONLY,
  'POST /v1/user/verify-sensitive-action-code': SESSION_ONLY,
  'POST /v1/user/sign-in-requests/verify': SESSION_ONLY,
  'POST /v1/support/sign-in-requests': SESSION_ONLY,
  'POST /v1/user/update-mfa-factors': SESSION_ONLY,
  'POST /v1/user/backup-code': SESSION_ONLY,
  'POST /v1/user/backup-code/:code/remove-mfa': SESSION_ONLY,

  // Anonymous flows: a key adds nothing to them, so it is not in the way either.
  'POST /v1/user/pre-sign-up': ANY_KEY,
  'POST /v1/user/opt-out-of-updates': ANY_KEY,
  'POST /v1/user/send-verification-email': ANY_KEY,
  'POST /v1/user/send-password-reset-email': ANY_KEY,
  'POST /v1/user/check-password-reset-code': ANY_KEY,
  'POST /v1/user/attach-internal-code': ANY_KEY,
  'GET /v1/sign-in-providers': ANY_KEY,
  'GET /v1/geolocation': ANY_KEY,
  'GET /v1/privacy/visitor': ANY_KEY,
  'GET /v1/shared/:share_id': ANY_KEY,
  'GET /v1/shared/:share_id/audio': ANY_KEY,
  'POST /v1/billing/stripe-webhook': ANY_KEY,

  // API keys (decision 009): a key needs create_user_api_key to manage keys.
  'GET /v1/service-accounts/:service_account_user_id/api-keys': 'create_user_api_key',
  'POST /v1/service-accounts/:service_account_user_id/api-keys': 'create_user_api_key',
  'PATCH /v1/service-accounts/:service_account_user_id/api-keys/:api_key_id': 'create_user_api_key',
  'DELETE /v1/service-accounts/:service_account_user_id/api-keys/:api_key_id': 'create_user_api_key',

  // The workspace.
  'GET /v1/workspace/training-opt-out': 'workspace_read',
  'POST /v1/workspace/training-opt-out': 'workspace_write',

  // Billing and usage (reads user_read, changes user_write, as billing.policy.ts).
  'GET /v1/usage/character-stats': 'user_read',
  'GET /v1/billing/info': 'user_read',
  'GET /v1/billing/invoices': 'user_read',
  'POST /v1/billing/validate-promocode': 'user_read',
  'POST /v1/billing/create-checkout-session': 'user_write',
  'POST /v1/billing/create-update-payment-methods-session': 'user_write',
  'POST /v1/billing/verify-card': 'user_write',
  'POST /v1/billing/create-portal-session': 'user_write',
  'POST /v1/billing/change-subscription': 'user_write',
  'POST /v1/billing/cancel-downgrade': 'user_write',
  'POST /v1/billing/renew-subscription': 'user_write',
  'POST /v1/billing/cancel-subscription': 'user_write',
  'POST /v1/billing/apply-discount': 'user_write',
  'POST /v1/billing/create-connect-account': 'user_write',
  'POST /v1/billing/create-connect-account-management-link': 'user_write',

  // Models and voices.
  'GET /v1/models': 'models_read',
  'GET /v1/voices': 'voices_read',
  'GET /v2/voices': 'voices_read',
  'GET /v1/voices/settings/default': 'voices_read',
  'GET /v1/voices/:voice_id': 'voices_read',
  'GET /v1/voices/:voice_id/settings': 'voices_read',
  'GET /v1/voices/:voice_id/preview': 'voices_read',
  'POST /v1/voices/:voice_id/settings/edit': 'voices_write',
  'POST /v1/voices/add': 'voices_write',
  'POST /v1/voices/:voice_id/edit': 'voices_write',
  'DELETE /v1/voices/:voice_id': 'voices_write',
  'DELETE /v1/voices/:voice_id/samples/:sample_id': 'voices_write',
  'GET /v1/voices/:voice_id/samples/:sample_id/audio': 'voices_read',
  // Professional voice cloning (decision 084).
  'POST /v1/voices/pvc': 'voices_write',
  'POST /v1/voices/pvc/:voice_id': 'voices_write',
  'POST /v1/voices/pvc/:voice_id/train': 'voices_write',
  'GET /v1/voices/pvc/:voice_id/captcha': 'voices_read',
  'POST /v1/voices/pvc/:voice_id/captcha': 'voices_write',
  'POST /v1/voices/pvc/:voice_id/verification': 'voices_write',
  'POST /v1/voices/pvc/:voice_id/samples': 'voices_write',
  'POST /v1/voices/pvc/:voice_id/samples/:sample_id': 'voices_write',
  'DELETE /v1/voices/pvc/:voice_id/samples/:sample_id': 'voices_write',
  'GET /v1/voices/pvc/:voice_id/samples/:sample_id/audio': 'voices_read',
  'GET /v1/voices/pvc/:voice_id/samples/:sample_id/waveform': 'voices_read',
  'POST /v1/voices/pvc/:voice_id/samples/:sample_id/separate-speakers': 'voices_write',
  'GET /v1/voices/pvc/:voice_id/samples/:sample_id/speakers': 'voices_read',
  'GET /v1/voices/pvc/:voice_id/samples/:sample_id/speakers/:speaker_id/audio': 'voices_read',
  'POST /v1/text-to-voice/create-previews': 'voices_write',
  'POST /v1/text-to-voice/design': 'voices_write',
  'POST /v1/text-to-voice/:voice_id/remix': 'voices_write',
  'POST /v1/text-to-voice': 'voices_write',
  'POST /v1/text-to-voice/create-voice-from-preview': 'voices_write',
  'GET /v1/text-to-voice/:generated_voice_id/stream': 'voices_read',
  // The voice library and collections.
  'POST /v1/voices/:voice_id/share-library': 'voices_write',
  'POST /v1/voices/:voice_id/share': 'voices_write',
  'GET /v1/voices/:voice_id/share/stats': 'voices_read',
  'GET /v1/shared-voices': 'voices_read',
  'GET /v1/shared-voices/:public_user_id/:voice_id/preview': 'voices_read',
  'GET /v1/voices/:public_user_id/:voice_id': 'voices_read',
  'POST /v1/voices/add/:public_user_id/:voice_id': 'voices_write',
  'POST /v1/similar-voices': 'voices_read',
  // ElevenLabs has no classifier permission; it reads only the upload and stores nothing (decision 100).
  'POST /v1/ai-speech-classifier': ANY_KEY,
  'GET /v1/voices/collections': 'voices_read',
  'POST /v1/voices/collections': 'voices_write',
  'GET /v1/voices/collections/:collection_id': 'voices_read',
  'PATCH /v1/voices/collections/:collection_id': 'voices_write',
  'DELETE /v1/voices/collections/:collection_id': 'voices_write',
  'POST /v1/voices/collections/:collection_id/voice/:voice_id': 'voices_write',
  'DELETE /v1/voices/collections/:collection_id/voice/:voice_id': 'voices_write',

  // Speech: text to speech and text to dialogue (ElevenLabs has no separate dialogue permission).
  'POST /v1/text-to-speech/:voice_id': 'text_to_speech',
  'POST /v1/text-to-speech/:voice_id/stream': 'text_to_speech',
  'POST /v1/text-to-speech/:voice_id/with-timestamps': 'text_to_speech',
  'POST /v1/text-to-speech/:voice_id/stream/with-timestamps': 'text_to_speech',
  'POST /v1/audio/speech': 'text_to_speech',
  // Speech to text and forced alignment (decision 090).
  'POST /v1/speech-to-text': 'speech_to_text',
  'GET /v1/speech-to-text/transcripts': 'speech_to_text',
  'GET /v1/speech-to-text/transcripts/:transcription_id': 'speech_to_text',
  'DELETE /v1/speech-to-text/transcripts/:transcription_id': 'speech_to_text',
  'POST /v1/audio/transcriptions': 'speech_to_text',
  'POST /v1/forced-alignment': 'forced_alignment',
  'POST /v1/text-to-dialogue': 'text_to_speech',
  'POST /v1/text-to-dialogue/stream': 'text_to_speech',
  'POST /v1/text-to-dialogue/with-timestamps': 'text_to_speech',
  'POST /v1/text-to-dialogue/stream/with-timestamps': 'text_to_speech',
  'POST /v1/speech-to-speech/:voice_id': 'speech_to_speech',
  'POST /v1/speech-to-speech/:voice_id/stream': 'speech_to_speech',
  'POST /v1/audio-isolation': 'audio_isolation',
  'POST /v1/audio-isolation/stream': 'audio_isolation',
  'GET /v1/audio-isolation/history': 'audio_isolation',
  'DELETE /v1/audio-isolation/history/:history_item_id': 'audio_isolation',
  'GET /v1/audio-isolation/history/:history_item_id/audio': 'audio_isolation',
  'GET /v1/audio-isolation/history/:history_item_id/original': 'audio_isolation',

  // Speech history and its share links.
  'GET /v1/history': 'speech_history_read',
  'GET /v1/history/:history_item_id': 'speech_history_read',
  'GET /v1/history/:history_item_id/audio': 'speech_history_read',
  'POST /v1/history/download': 'speech_history_read',
  'DELETE /v1/history/:history_item_id': 'speech_history_write',
  'POST /v1/history/:history_item_id/feedback': 'speech_history_write',
  'GET /v1/history/:history_item_id/share-link': 'speech_history_write',
  'POST /v1/history/:history_item_id/share-link': 'speech_history_write',
  'DELETE /v1/history/:history_item_id/share-link': 'speech_history_write',
  'GET /v1/history/:history_item_id/share-link/status': 'speech_history_read',
  'POST /v1/history/:history_item_id/video': 'speech_history_write',
  'GET /v1/history/:history_item_id/video': 'speech_history_read',
  'GET /v1/history/:history_item_id/video/preview': 'speech_history_read',

  // Conversational agents (conversationalAi.*, issue 14).
  'POST /v1/convai/agents/create': 'convai_write',
  'GET /v1/convai/agents': 'convai_read',
  'GET /v1/convai/agents/:agent_id': 'convai_read',
  'PATCH /v1/convai/agents/:agent_id': 'convai_write',
  'POST /v1/convai/agents/:agent_id/duplicate': 'convai_write',
  'DELETE /v1/convai/agents/:agent_id': 'convai_write',
  'POST /v1/convai/secrets': 'convai_write',
  'GET /v1/convai/secrets': 'convai_read',
  'PATCH /v1/convai/secrets/:secret_id': 'convai_write',
  'DELETE /v1/convai/secrets/:secret_id': 'convai_write',
  'GET /v1/convai/llm': 'convai_read',
  'PUT /v1/convai/llm': 'convai_write',
  'DELETE /v1/convai/llm': 'convai_write',
};

/** The rule for a route (HEAD as GET), or undefined when the table has no entry for it. */
export function routeAccess(method: string, url: string): string | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return Object.hasOwn(ROUTE_PERMISSIONS, key) ? ROUTE_PERMISSIONS[key] : undefined;
}
