/**
 * The application route table (accounts.md §2, content-and-workspace.md §2), declared once.
 * The web router, the sidebar navigation and the server's redirect allow-list all read it.
 * `built` marks the pages that exist today: navigation shows only those, the router mounts only those.
 */
export type AppRoute = {
  /** Stable key, used by code to refer to a route. */
  readonly key: string;
  /** Path with `:param` placeholders. */
  readonly path: string;
  readonly label: string;
  readonly built: boolean;
  /** Set on a path that leads to another page of the table (that page's path) instead of being one. */
  readonly redirectTo?: string;
};

const r = (key: string, path: string, label: string, built = false): AppRoute => ({
  key,
  path,
  label,
  built,
});

/** A path that sends the visitor on to `target`; it exists exactly when its target does. */
const to = (key: string, path: string, target: AppRoute): AppRoute => ({
  key,
  path,
  label: target.label,
  built: target.built,
  redirectTo: target.path,
});

const home = r('home', '/app/home', 'Home', true);
const textToSpeechHistory = r(
  'textToSpeechHistory',
  '/app/speech-synthesis/text-to-speech/history',
  'Text to speech history',
  true,
);

export const accountRoutes = {
  signIn: r('signIn', '/sign-in', 'Sign in', true),
  signUp: r('signUp', '/sign-up', 'Sign up', true),
  actionLink: r('actionLink', '/action', 'Account action', true),
} as const;

/** Pages anyone may open, signed in or not (billing.md §2 "Public pricing page: /pricing"). */
export const publicRoutes = {
  pricing: r('pricing', '/pricing', 'Pricing', true),
  /** A shared text to speech (content-and-workspace.md §2 "Share modals"): plays without signing in. */
  sharedSpeech: r('sharedSpeech', '/share/:shareId', 'Shared speech', true),
} as const;

export const appRoutes = {
  /** The bare app path opens the start page. */
  appRoot: to('appRoot', '/app', home),
  home,
  aiClassifier: r('aiClassifier', '/app/ai-classifier', 'AI speech classifier', true),
  audioNative: r('audioNative', '/app/audio-native', 'Audio Native', true),
  audioNativeSettings: r('audioNativeSettings', '/app/audio-native/settings', 'Audio Native settings', true),
  audioNativePlayer: r('audioNativePlayer', '/app/audio-native/settings/player', 'Audio Native player', true),
  pronunciationDictionaries: r(
    'pronunciationDictionaries',
    '/app/pronunciation-dictionaries',
    'Pronunciation dictionaries',
    true,
  ),
  conversationalAi: r('conversationalAi', '/app/conversational-ai', 'Conversational AI', true),
  convaiAgents: r('convaiAgents', '/app/conversational-ai/agents', 'Agents'),
  convaiIntegrations: r('convaiIntegrations', '/app/conversational-ai/integrations', 'Integrations'),
  convaiKnowledgeBase: r(
    'convaiKnowledgeBase',
    '/app/conversational-ai/knowledge-base',
    'Knowledge base',
    true,
  ),
  /** Not in the spec's list: ElevenLabs keeps workspace tools on their own page (issue 14, decision 250). */
  convaiTools: r('convaiTools', '/app/conversational-ai/tools', 'Tools', true),
  convaiPhoneNumbers: r('convaiPhoneNumbers', '/app/conversational-ai/phone-numbers', 'Phone numbers', true),
  convaiBatchCalling: r('convaiBatchCalling', '/app/conversational-ai/batch-calling', 'Batch calling', true),
  convaiSettings: r('convaiSettings', '/app/conversational-ai/settings', 'Agent settings'),
  convaiHistory: r('convaiHistory', '/app/conversational-ai/history', 'Call history', true),
  convaiPlayground: r('convaiPlayground', '/app/conversational-ai/playground', 'Playground'),
  convaiTalkTo: r('convaiTalkTo', '/app/conversational-ai/talk-to', 'Talk to an agent', true),
  dubbing: r('dubbing', '/app/dubbing', 'Dubbing', true),
  onboarding: r('onboarding', '/app/onboarding', 'Onboarding', true),
  onboardingNext: r('onboardingNext', '/app/onboarding/next', 'Onboarding', true),
  onboardingChecklist: r('onboardingChecklist', '/app/onboarding-checklist', 'Getting started', true),
  payouts: r('payouts', '/app/payouts', 'Payouts'),
  productions: r('productions', '/app/productions', 'Productions'),
  productionsActive: r('productionsActive', '/app/productions/active', 'Active productions'),
  productionsDashboard: r('productionsDashboard', '/app/productions/dashboard', 'Productions dashboard'),
  productionsHistory: r('productionsHistory', '/app/productions/history', 'Productions history'),
  productionsSettings: r('productionsSettings', '/app/productions/settings', 'Productions settings'),
  productionsQualifications: r(
    'productionsQualifications',
    '/app/productions/settings/qualifications',
    'Qualifications',
  ),
  productionsUnclaimed: r('productionsUnclaimed', '/app/productions/unclaimed', 'Unclaimed productions'),
  profiles: r('profiles', '/app/profiles', 'Profiles'),
  soundEffects: r('soundEffects', '/app/sound-effects', 'Sound effects', true),
  soundEffectsGenerate: r(
    'soundEffectsGenerate',
    '/app/sound-effects/generate',
    'Generate sound effects',
    true,
  ),
  soundEffectsHistory: r('soundEffectsHistory', '/app/sound-effects/history', 'Sound effects history', true),
  soundEffectsExplore: r('soundEffectsExplore', '/app/sound-effects/explore', 'Explore sound effects', true),
  soundEffectsExploreSearch: r(
    'soundEffectsExploreSearch',
    '/app/sound-effects/explore/search',
    'Search sound effects',
    true,
  ),
  soundEffectsExploreCategory: r(
    'soundEffectsExploreCategory',
    '/app/sound-effects/explore/category',
    'Sound effect categories',
    true,
  ),
  professionalVoiceCloning: r(
    'professionalVoiceCloning',
    '/app/professional-voice-cloning',
    'Professional voice cloning',
    true,
  ),
  settings: r('settings', '/app/settings', 'Settings', true),
  settingsApiKeys: r('settingsApiKeys', '/app/settings/api-keys', 'API keys', true),
  settingsWorkspaceInvites: r(
    'settingsWorkspaceInvites',
    '/app/settings/workspace-invites',
    'Workspace invites',
    true,
  ),
  settingsWebhooks: r('settingsWebhooks', '/app/settings/webhooks', 'Webhooks', true),
  voiceVerification: r('voiceVerification', '/app/voice-verification', 'Voice verification', true),
  studio: r('studio', '/app/studio', 'Studio', true),
  studioProject: r('studioProject', '/app/studio/:id', 'Studio project', true),
  speechSynthesis: r('speechSynthesis', '/app/speech-synthesis', 'Speech synthesis'),
  textToSpeech: r('textToSpeech', '/app/speech-synthesis/text-to-speech', 'Text to speech', true),
  textToSpeechHistory,
  speechToSpeech: r('speechToSpeech', '/app/speech-synthesis/speech-to-speech', 'Speech to speech', true),
  speechToSpeechHistory: r(
    'speechToSpeechHistory',
    '/app/speech-synthesis/speech-to-speech/history',
    'Speech to speech history',
    true,
  ),
  speechToText: r('speechToText', '/app/speech-to-text', 'Speech to text', true),
  subscription: r('subscription', '/app/subscription', 'Subscription', true),
  workspace: r('workspace', '/app/workspace', 'Workspace', true),
  workspaceMembers: r('workspaceMembers', '/app/workspace/members', 'Members', true),
  workspaceGroups: r('workspaceGroups', '/app/workspace/groups', 'Groups', true),
  workspaceServiceAccounts: r(
    'workspaceServiceAccounts',
    '/app/workspace/service-accounts',
    'Service accounts',
    true,
  ),
  workspaceSecurity: r('workspaceSecurity', '/app/workspace/security', 'Security', true),
  workspaceWebhooks: r('workspaceWebhooks', '/app/workspace/webhooks', 'Workspace webhooks', true),
  workspaceVoiceLibrary: r(
    'workspaceVoiceLibrary',
    '/app/workspace/voice-library',
    'Workspace voice library',
  ),
  usage: r('usage', '/app/usage', 'Usage', true),
  usageWorkspace: r('usageWorkspace', '/app/usage/workspace', 'Workspace usage', true),
  voiceLab: r('voiceLab', '/app/voice-lab', 'My voices', true),
  voiceLabShare: r('voiceLabShare', '/app/voice-lab/share/:publicUserId/:voiceId', 'Shared voice', true),
  voiceLabCollections: r('voiceLabCollections', '/app/voice-lab/collections', 'Collections', true),
  defaultVoices: r('defaultVoices', '/app/default-voices', 'Default voices', true),
  workspaceVoices: r('workspaceVoices', '/app/workspace-voices', 'Workspace voices', true),
  voiceoverStudio: r('voiceoverStudio', '/app/voiceover-studio', 'Voiceover studio', true),
  voiceLibrary: r('voiceLibrary', '/app/voice-library', 'Voice library', true),
  voiceLibraryCollections: r(
    'voiceLibraryCollections',
    '/app/voice-library/collections',
    'Voice library collections',
    true,
  ),
  voiceIsolator: r('voiceIsolator', '/app/voice-isolator', 'Voice isolator', true),
  publishing: r('publishing', '/app/publishing', 'Publishing'),
  music: r('music', '/app/music', 'Music'),
  eleven: r('eleven', '/app/eleven', 'Reader'),
  /** The spec's /app/history: today speech is the only history, so it opens the speech history. */
  history: to('history', '/app/history', textToSpeechHistory),
} as const;

export type AppRouteKey = keyof typeof appRoutes;

/** Every route of the table: account, public and app routes together. */
export const allRoutes: readonly AppRoute[] = [
  ...Object.values(accountRoutes),
  ...Object.values(publicRoutes),
  ...Object.values(appRoutes),
];

/** Fills `:param` placeholders; throws when one is missing so a broken link never renders. */
export function routePath(route: AppRoute, params: Record<string, string> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${route.key}`);
    return encodeURIComponent(value);
  });
}

/**
 * Whether `pathname` matches a `:param` path pattern segment by segment; a `:param` matches exactly one
 * non-empty segment, static segments compare case-sensitively, and a single trailing slash is ignored.
 */
export function matchesPathPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => {
    const actual = got[i] ?? '';
    return segment.startsWith(':') ? actual !== '' : segment === actual;
  });
}

/** The route of the table whose path matches `pathname` (see `matchesPathPattern`), if any. */
export function matchRoute(pathname: string): AppRoute | undefined {
  return allRoutes.find((route) => matchesPathPattern(route.path, pathname));
}
