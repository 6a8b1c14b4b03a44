import { appRoutes, type AppRoute } from '@vocalis/domain/app-routes';

import { builtAppRoutes } from './paths';

/**
 * The sidebar, grouped by product the way users of voice platforms expect. Every product of the spec
 * has its entry here already; an entry shows once its route is built in the shared route table, so a
 * new product appears by marking its route built (and giving it a page in the router).
 */
export type NavEntry = {
  readonly route: AppRoute;
  /** The name in the sidebar (the page title, from the route table, may be longer). */
  readonly label: string;
  /** One line for the start page's quick actions; entries without one are not quick actions. */
  readonly description?: string;
};

export type NavSection = {
  readonly id: string;
  /** The heading above the section; null for the top entries (Home). */
  readonly label: string | null;
  readonly entries: readonly NavEntry[];
};

const entry = (route: AppRoute, label = route.label, description?: string): NavEntry => ({
  route,
  label,
  ...(description ? { description } : {}),
});

export const NAVIGATION: readonly NavSection[] = [
  { id: 'start', label: null, entries: [entry(appRoutes.home)] },
  {
    id: 'create',
    label: 'Create',
    entries: [
      entry(appRoutes.textToSpeech, 'Text to speech', 'Turn text into speech, with one voice or a dialogue.'),
      entry(appRoutes.speechToSpeech, 'Speech to speech', 'Say it your way and hear it in another voice.'),
      entry(appRoutes.soundEffects, 'Sound effects', 'Describe a sound and get it as audio.'),
      entry(appRoutes.speechToText, 'Speech to text', 'Transcribe recordings with word timings.'),
      entry(appRoutes.voiceIsolator, 'Voice isolator', 'Remove background noise from speech.'),
      entry(appRoutes.aiClassifier, 'AI classifier', 'Check whether a clip was generated here.'),
      entry(appRoutes.studio, 'Studio', 'Long-form audio in chapters and blocks.'),
      entry(appRoutes.audioNative, 'Audio Native', 'Narrate articles with a player for any site.'),
      entry(appRoutes.pronunciationDictionaries, 'Pronunciation'),
      entry(appRoutes.dubbing, 'Dubbing', 'Translate video and audio into other languages.'),
      entry(appRoutes.voiceoverStudio, 'Voiceover studio', 'Voice a video with clips on a timeline.'),
      entry(appRoutes.textToSpeechHistory, 'History'),
    ],
  },
  {
    id: 'voices',
    label: 'Voices',
    entries: [
      entry(appRoutes.voiceLab, 'My voices', 'Clone a voice from a recording, or design one.'),
      entry(appRoutes.voiceLibrary, 'Library', 'Voices shared by the community.'),
      entry(appRoutes.voiceLibraryCollections, 'Collections'),
      entry(appRoutes.defaultVoices, 'Default voices'),
      entry(appRoutes.workspaceVoices, 'Workspace voices'),
      entry(appRoutes.professionalVoiceCloning, 'Professional cloning'),
      entry(appRoutes.voiceVerification, 'Voice verification'),
    ],
  },
  {
    id: 'agents',
    label: 'Agents',
    entries: [
      entry(appRoutes.conversationalAi, 'Agents', 'Conversational voice agents.'),
      entry(appRoutes.convaiTalkTo, 'Talk to an agent'),
      entry(appRoutes.convaiHistory, 'Call history'),
      entry(appRoutes.convaiKnowledgeBase, 'Knowledge base'),
      entry(appRoutes.convaiTools, 'Tools'),
      entry(appRoutes.convaiPhoneNumbers, 'Phone numbers'),
      entry(appRoutes.convaiBatchCalling, 'Batch calling'),
    ],
  },
  {
    id: 'workspace',
    label: 'Workspace',
    entries: [
      entry(appRoutes.workspace, 'Workspace'),
      entry(appRoutes.workspaceMembers, 'Members'),
      entry(appRoutes.workspaceGroups, 'Groups'),
      entry(appRoutes.workspaceSecurity, 'Security'),
      entry(appRoutes.usage, 'Usage', 'Characters used, by day, voice and key.'),
      entry(appRoutes.settingsApiKeys, 'API keys', 'Call the API from your own code.'),
      entry(appRoutes.workspaceWebhooks, 'Webhooks'),
      entry(appRoutes.workspaceServiceAccounts, 'Service accounts'),
      entry(appRoutes.settingsWebhooks, 'My webhooks'),
      entry(appRoutes.settings, 'Settings'),
    ],
  },
];

/** The sections with only the entries whose page exists; sections left empty are dropped. */
export function visibleNavigation(sections: readonly NavSection[] = NAVIGATION): NavSection[] {
  return sections
    .map((section) => ({ ...section, entries: section.entries.filter((e) => e.route.built) }))
    .filter((section) => section.entries.length > 0);
}

/**
 * Whether `pathname` is the page of `pattern` or below it, segment by segment (/app/usage covers
 * /app/usage/workspace, not /app/usage-x); a `:param` segment matches any one non-empty segment.
 */
function covers(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (got.length > want.length && got[got.length - 1] === '') got.pop();
  if (got.length < want.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]));
}

/**
 * The entry of the page at `pathname`: the visible entry whose path covers it most specifically
 * (/app/settings/api-keys is API keys, not Settings; /app/usage/workspace is Usage).
 */
export function currentNavEntry(
  pathname: string,
  sections: readonly NavSection[] = visibleNavigation(),
): NavEntry | undefined {
  let best: NavEntry | undefined;
  for (const section of sections)
    for (const e of section.entries)
      if (covers(e.route.path, pathname) && (!best || e.route.path.length > best.route.path.length)) best = e;
  return best;
}

/** What the start page offers as quick actions: the visible entries that describe themselves. */
export function quickActions(sections: readonly NavSection[] = visibleNavigation()): NavEntry[] {
  return sections.flatMap((section) => section.entries.filter((e) => e.description));
}

/** The header's page title: the label of the most specific built page covering `pathname`. */
export function pageTitle(pathname: string, routes: readonly AppRoute[] = builtAppRoutes): string {
  let best: AppRoute | undefined;
  for (const route of routes)
    if (covers(route.path, pathname) && (!best || route.path.length > best.path.length)) best = route;
  return best?.label ?? '';
}
