import { appRoutes, type AppRoute } from '@vocalis/domain/app-routes';
import { describe, expect, it } from 'vitest';

import {
  NAVIGATION,
  currentNavEntry,
  pageTitle,
  quickActions,
  visibleNavigation,
  type NavSection,
} from './navigation';

const labels = (sections: readonly NavSection[]) =>
  sections.map((s) => [s.label, s.entries.map((e) => e.label)] as const);

describe('navigation model', () => {
  it('groups every product of the platform: home, create, voices, agents, workspace', () => {
    expect(labels(NAVIGATION)).toEqual([
      [null, ['Home']],
      [
        'Create',
        [
          'Text to speech',
          'Speech to speech',
          'Sound effects',
          'Speech to text',
          'Voice isolator',
          'AI classifier',
          'Studio',
          'Audio Native',
          'Pronunciation',
          'Dubbing',
          'Voiceover studio',
          'History',
        ],
      ],
      [
        'Voices',
        [
          'My voices',
          'Library',
          'Collections',
          'Default voices',
          'Workspace voices',
          'Professional cloning',
          'Voice verification',
        ],
      ],
      [
        'Agents',
        [
          'Agents',
          'Talk to an agent',
          'Call history',
          'Knowledge base',
          'Tools',
          'Phone numbers',
          'Batch calling',
        ],
      ],
      [
        'Workspace',
        [
          'Workspace',
          'Members',
          'Groups',
          'Security',
          'Usage',
          'API keys',
          'Webhooks',
          'Service accounts',
          'My webhooks',
          'Settings',
        ],
      ],
    ]);
  });

  // Today's build: every entry of the model has its page (the agents' playground, phone numbers, batch calling,
  // integrations and settings pages are not in the navigation yet).
  it('shows only the entries whose page exists in this build', () => {
    expect(labels(visibleNavigation())).toEqual([
      [null, ['Home']],
      [
        'Create',
        [
          'Text to speech',
          'Speech to speech',
          'Sound effects',
          'Speech to text',
          'Voice isolator',
          'AI classifier',
          'Studio',
          'Audio Native',
          'Pronunciation',
          'Dubbing',
          'Voiceover studio',
          'History',
        ],
      ],
      [
        'Voices',
        [
          'My voices',
          'Library',
          'Collections',
          'Default voices',
          'Workspace voices',
          'Professional cloning',
          'Voice verification',
        ],
      ],
      [
        'Agents',
        [
          'Agents',
          'Talk to an agent',
          'Call history',
          'Knowledge base',
          'Tools',
          'Phone numbers',
          'Batch calling',
        ],
      ],
      [
        'Workspace',
        [
          'Workspace',
          'Members',
          'Groups',
          'Security',
          'Usage',
          'API keys',
          'Webhooks',
          'Service accounts',
          'My webhooks',
          'Settings',
        ],
      ],
    ]);
  });

  it('shows a product the moment its route is built, and drops sections left empty', () => {
    const built = (route: AppRoute): AppRoute => ({ ...route, built: true });
    const sections: NavSection[] = [
      { id: 'a', label: 'Voices', entries: [{ route: built(appRoutes.voiceLibrary), label: 'Library' }] },
      {
        id: 'b',
        label: 'Agents',
        entries: [{ route: appRoutes.convaiIntegrations, label: 'Integrations' }],
      },
    ];
    expect(labels(visibleNavigation(sections))).toEqual([['Voices', ['Library']]]);
  });

  it('points every entry at a page route, never at a redirecting path', () => {
    for (const section of NAVIGATION)
      for (const e of section.entries) expect(e.route.redirectTo, e.label).toBeUndefined();
  });

  it.each([
    ['/app/home', 'Home'],
    ['/app/workspace/webhooks', 'Webhooks'],
    ['/app/settings/webhooks', 'My webhooks'],
    ['/app/workspace/service-accounts', 'Service accounts'],
    ['/app/speech-synthesis/text-to-speech', 'Text to speech'],
    ['/app/speech-synthesis/text-to-speech/history', 'History'],
    ['/app/settings', 'Settings'],
    ['/app/settings/api-keys', 'API keys'],
    ['/app/settings/api-keys/', 'API keys'],
    ['/app/usage/workspace', 'Usage'],
    ['/app/ai-classifier', 'AI classifier'],
    ['/app/sound-effects/explore/category', 'Sound effects'],
    ['/app/dubbing', 'Dubbing'],
    ['/app/voiceover-studio', 'Voiceover studio'],
    ['/app/studio/p1', 'Studio'],
    ['/app/audio-native/settings/player', 'Audio Native'],
    ['/app/pronunciation-dictionaries', 'Pronunciation'],
    ['/app/subscription', undefined],
    ['/app/usage-x', undefined],
  ])('on %s the current entry is %s', (pathname, label) => {
    expect(currentNavEntry(pathname)?.label).toBe(label);
  });

  it('offers the existing products (and usage and API keys), not history or settings, as quick actions', () => {
    expect(quickActions().map((e) => e.label)).toEqual([
      'Text to speech',
      'Speech to speech',
      'Sound effects',
      'Speech to text',
      'Voice isolator',
      'AI classifier',
      'Studio',
      'Audio Native',
      'Dubbing',
      'Voiceover studio',
      'My voices',
      'Library',
      'Agents',
      'Usage',
      'API keys',
    ]);
    expect(quickActions(NAVIGATION).map((e) => e.label)).toEqual([
      'Text to speech',
      'Speech to speech',
      'Sound effects',
      'Speech to text',
      'Voice isolator',
      'AI classifier',
      'Studio',
      'Audio Native',
      'Dubbing',
      'Voiceover studio',
      'My voices',
      'Library',
      'Agents',
      'Usage',
      'API keys',
    ]);
  });
});

describe('pageTitle', () => {
  it.each([
    ['/app/home', 'Home'],
    ['/app/speech-synthesis/text-to-speech/history', 'Text to speech history'],
    ['/app/usage/workspace', 'Workspace usage'],
    ['/app/settings/api-keys', 'API keys'],
    ['/app/subscription', 'Subscription'],
    // A redirecting path is never a title (/app would otherwise title every page).
    ['/app/nope', ''],
  ])('%s is titled %j', (pathname, title) => {
    expect(pageTitle(pathname)).toBe(title);
  });

  it('matches :param segments of a route', () => {
    const shared = { ...appRoutes.voiceLabShare, built: true };
    expect(pageTitle('/app/voice-lab/share/u1/v1', [appRoutes.voiceLab, shared])).toBe('Shared voice');
  });
});
