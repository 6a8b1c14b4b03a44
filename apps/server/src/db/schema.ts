import * as accountCodes from './schema/account-codes';
import * as accountSignals from './schema/account-signals';
import * as apiKeys from './schema/api-keys';
import * as audioIsolations from './schema/audio-isolations';
import * as audioNative from './schema/audio-native';
import * as auth from './schema/auth';
import * as billing from './schema/billing';
import * as dubTables from './schema/dubs';
import * as conversationalAi from './schema/conversational-ai';
import * as convaiTelephony from './schema/convai-telephony';
import * as history from './schema/history';
import * as jwks from './schema/jwks';
import * as mail from './schema/mail';
import * as messages from './schema/messages';
import * as nodes from './schema/nodes';
import * as notificationPreferences from './schema/notification-preferences';
import * as rateLimits from './schema/rate-limits';
import * as serviceAccounts from './schema/service-accounts';
import * as sms from './schema/sms';
import * as sso from './schema/sso';
import * as soundEffects from './schema/sound-effects';
import * as studio from './schema/studio';
import * as transcriptTables from './schema/transcripts';
import * as twoFactor from './schema/two-factor';
import * as usage from './schema/usage';
import * as userProfiles from './schema/user-profiles';
import * as voicePreviews from './schema/voice-previews';
import * as voiceLibrary from './schema/voice-library';
import * as voiceSettings from './schema/voice-settings';
import * as voices from './schema/voices';
import * as voiceover from './schema/voiceover';
import * as webhooks from './schema/webhooks';
import * as workspaces from './schema/workspaces';
import * as workspaceAdmin from './schema/workspace-admin';

/** The whole drizzle schema; each feature's tables live in db/schema/<area>.ts. */
export const schema = {
  ...auth,
  ...apiKeys,
  ...messages,
  ...notificationPreferences,
  ...mail,
  ...workspaces,
  ...workspaceAdmin,
  ...sso,
  ...userProfiles,
  ...accountSignals,
  ...accountCodes,
  ...rateLimits,
  ...twoFactor,
  ...sms,
  ...usage,
  ...history,
  ...audioIsolations,
  ...voiceSettings,
  ...voices,
  ...voiceover,
  ...voicePreviews,
  ...voiceLibrary,
  ...transcriptTables,
  ...billing,
  ...jwks,
  ...nodes,
  ...webhooks,
  ...serviceAccounts,
  ...soundEffects,
  ...dubTables,
  ...studio,
  ...audioNative,
  ...conversationalAi,
  ...convaiTelephony,
};
export type Schema = typeof schema;
