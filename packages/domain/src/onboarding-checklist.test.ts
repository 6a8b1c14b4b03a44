import { describe, expect, it } from 'vitest';
import {
  BUILT_DIALOGS,
  CHECKLIST_EVENTS,
  CHECKLIST_ITEMS,
  CHECKLIST_STEP_TOAST,
  checklistItemForEvent,
  completeChecklistItem,
  initiateChecklist,
  isChecklistFinished,
  isChecklistItemAvailable,
  isChecklistItemId,
  shouldCongratulate,
  visibleChecklistItems,
  type ChecklistItemDefinition,
  type ChecklistState,
} from './onboarding-checklist';
import { appRoutes } from './app-routes';

const fresh = () => initiateChecklist('c1');
const withDone = (ids: string[], hidden = false): ChecklistState => ({
  ...fresh(),
  hidden,
  items: fresh().items.map((i) => ({ ...i, is_completed: ids.includes(i.onboarding_checklist_item_id) })),
});

describe('onboarding checklist', () => {
  it('starts with every item not completed and visible', () => {
    const state = fresh();
    expect(state).toMatchObject({ checklist_id: 'c1', hidden: false });
    expect(state.items).toHaveLength(CHECKLIST_ITEMS.length);
    expect(state.items.every((i) => !i.is_completed)).toBe(true);
  });

  // "Items link to landing pages: speech synthesis, speech to speech, voice library, voice lab, dubbing, affiliates, docs."
  // The API key step opens the API keys page, where a key is created; the docs are linked beside it.
  it('links its items to the landing pages of the spec, the API key step to the API keys page', () => {
    expect(CHECKLIST_ITEMS.map((i) => [i.href, i.docsHref])).toEqual([
      ['/app/speech-synthesis/text-to-speech', undefined],
      ['/app/speech-synthesis/speech-to-speech', undefined],
      ['/app/voice-library', undefined],
      ['/app/voice-lab?dialog=design-voice', undefined],
      ['/app/dubbing', undefined],
      ['/affiliates', undefined],
      ['/app/settings/api-keys', '/docs'],
    ]);
  });

  it('does not offer the design step for the voice lab page alone: it happens in the design dialog', () => {
    const design = CHECKLIST_ITEMS.find((i) => i.id === 'design_voice')!;
    expect(appRoutes.voiceLab.built).toBe(true);
    expect(isChecklistItemAvailable(design)).toBe(BUILT_DIALOGS.includes('design-voice'));
  });

  // The steps of products this build has: text to speech and API keys (the route table's built pages).
  it('offers only the steps whose page exists in this build', () => {
    expect(CHECKLIST_ITEMS.filter(isChecklistItemAvailable).map((i) => i.id)).toEqual([
      'generate_speech',
      'try_speech_to_speech',
      'add_library_voice',
      'design_voice',
      'create_dub',
      'reveal_api_key',
    ]);
    expect(visibleChecklistItems(fresh()).map((i) => i.id)).toEqual([
      'generate_speech',
      'try_speech_to_speech',
      'add_library_voice',
      'design_voice',
      'create_dub',
      'reveal_api_key',
    ]);
  });

  it('offers the items of the stored state only, in display order', () => {
    const everything = () => true;
    const state: ChecklistState = { ...fresh(), items: fresh().items.slice(2).reverse() };
    expect(visibleChecklistItems(state, everything).map((i) => i.id)).toEqual([
      'add_library_voice',
      'design_voice',
      'create_dub',
      'generate_affiliate_link',
      'reveal_api_key',
    ]);
  });

  it('maps each server event to exactly one item', () => {
    for (const event of CHECKLIST_EVENTS) expect(checklistItemForEvent(event), event).toBeDefined();
    expect(new Set(CHECKLIST_EVENTS.map(checklistItemForEvent)).size).toBe(CHECKLIST_EVENTS.length);
  });

  it.each([
    ['text_to_speech_generated', 'generate_speech'],
    ['speech_to_speech_generated', 'try_speech_to_speech'],
    ['voice_added_from_library', 'add_library_voice'],
    ['voice_designed', 'design_voice'],
    ['dub_created', 'create_dub'],
    ['affiliate_link_generated', 'generate_affiliate_link'],
    ['api_key_revealed', 'reveal_api_key'],
  ] as const)('%s completes %s', (event, item) => {
    expect(checklistItemForEvent(event)).toBe(item);
  });

  it.each([
    ['a not completed item', [], 'generate_speech', true],
    ['an item already completed (never twice)', ['generate_speech'], 'generate_speech', false],
    ['an unknown item', [], 'nope', false],
  ])('completing %s changes the state: %s', (_name, done, item, changed) => {
    const before = withDone(done);
    const result = completeChecklistItem(before, item);
    expect(result.changed).toBe(changed);
    if (!changed) expect(result.state).toBe(before);
    else
      expect(result.state.items.find((i) => i.onboarding_checklist_item_id === item)?.is_completed).toBe(
        true,
      );
  });

  it('knows its item ids', () => {
    expect(isChecklistItemId('reveal_api_key')).toBe(true);
    expect(isChecklistItemId('reveal_api_keys')).toBe(false);
  });

  it('is finished only when every item is completed', () => {
    const everything = () => true;
    expect(isChecklistFinished(withDone(CHECKLIST_ITEMS.map((i) => i.id)), everything)).toBe(true);
    expect(isChecklistFinished(withDone(CHECKLIST_ITEMS.slice(1).map((i) => i.id)), everything)).toBe(false);
  });

  const only =
    (...ids: string[]) =>
    (item: ChecklistItemDefinition) =>
      ids.includes(item.id);
  it.each([
    [
      'every offered step done',
      ['generate_speech', 'reveal_api_key'],
      only('generate_speech', 'reveal_api_key'),
      true,
    ],
    [
      'one offered step left',
      ['generate_speech', 'design_voice'],
      only('generate_speech', 'reveal_api_key'),
      false,
    ],
    ['nothing offered', CHECKLIST_ITEMS.map((i) => i.id), only(), false],
    // This build: text to speech, speech to speech, the voice library, voice design, dubbing and the API key.
    [
      'this build, every step done',
      [
        'generate_speech',
        'try_speech_to_speech',
        'add_library_voice',
        'design_voice',
        'create_dub',
        'reveal_api_key',
      ],
      undefined,
      true,
    ],
    [
      'this build, five steps done',
      ['generate_speech', 'add_library_voice', 'design_voice', 'create_dub', 'reveal_api_key'],
      undefined,
      false,
    ],
  ])('is finished when %s: %s', (_name, done, isAvailable, expected) => {
    expect(isChecklistFinished(withDone(done), isAvailable)).toBe(expected);
  });

  // "Completing a step shows a congratulation toast unless the checklist is hidden."
  it.each([
    ['a step completed', withDone([]), withDone(['design_voice']), true],
    ['a step completed while hidden', withDone([]), withDone(['design_voice'], true), false],
    ['nothing changed', withDone(['design_voice']), withDone(['design_voice']), false],
    ['no checklist before', null, withDone(['design_voice']), false],
    ['checklist removed', withDone([]), null, false],
  ])('congratulates when %s: %s', (_name, before, after, expected) => {
    expect(shouldCongratulate(before, after)).toBe(expected);
  });

  it('quotes the spec toast', () => {
    expect(CHECKLIST_STEP_TOAST).toBe('Congratulations on completing a step in your onboarding checklist.');
  });
});
