import { accountCodesFeature } from './account-codes/account-codes.feature';
import { aiClassifierFeature } from './ai-classifier/ai-classifier.feature';
import { apiKeysFeature } from './api-keys/api-keys.feature';
import { audioIsolationFeature } from './audio-isolation/audio-isolation.feature';
import { billingFeature } from './billing/billing.feature';
import { conversationalAiFeature } from './conversational-ai/conversational-ai.feature';
import { healthFeature } from './health/health.feature';
import { historyFeature } from './history/history.feature';
import { devOutboxesFeature } from './mailbox/mailbox.feature';
import { dubbingFeature } from './dubbing/dubbing.feature';
import { messagesFeature } from './messages/messages.feature';
import { pvcFeature } from './pvc/pvc.feature';
import { serviceAccountsFeature } from './service-accounts/service-accounts.feature';
import { sharingFeature } from './sharing/sharing.feature';
import { pronunciationFeature } from './pronunciation/pronunciation.feature';
import { studioFeature } from './studio/studio.feature';
import { audioNativeFeature } from './audio-native/audio-native.feature';
import { speechToTextFeature } from './speech-to-text/speech-to-text.feature';
import { speechToSpeechFeature } from './speech-to-speech/speech-to-speech.feature';
import { soundEffectsFeature } from './sound-effects/sound-effects.feature';
import { socialSignInFeature } from './social-sign-in/social-sign-in.feature';
import { ttsFeature } from './tts/tts.feature';
import { twoFactorFeature } from './two-factor/two-factor.feature';
import { userFeature } from './user/user.feature';
import { voiceDesignFeature } from './voice-design/voice-design.feature';
import { voiceoverFeature } from './voiceover/voiceover.feature';
import { voiceLibraryFeature } from './voice-library/voice-library.feature';
import { webhooksFeature } from './webhooks/webhooks.feature';
import { workspaceFeature } from './workspace/workspace.feature';
import { ssoFeature } from './sso/sso.feature';

/**
 * Every product area, once, in registration order (a new feature adds one line here). The user feature comes
 * first: its onboarding checklist hook must see the routes of every later feature.
 */
export const FEATURES = [
  userFeature,
  healthFeature,
  messagesFeature,
  accountCodesFeature,
  apiKeysFeature,
  twoFactorFeature,
  socialSignInFeature,
  ttsFeature,
  voiceDesignFeature,
  speechToSpeechFeature,
  audioIsolationFeature,
  voiceLibraryFeature,
  speechToTextFeature,
  pvcFeature,
  historyFeature,
  sharingFeature,
  aiClassifierFeature,
  soundEffectsFeature,
  devOutboxesFeature,
  billingFeature,
  webhooksFeature,
  serviceAccountsFeature,
  workspaceFeature,
  ssoFeature,
  dubbingFeature,
  voiceoverFeature,
  studioFeature,
  audioNativeFeature,
  pronunciationFeature,
  conversationalAiFeature,
] as const;
