/**
 * The onboarding checklist (accounts.md §4 "Onboarding checklist"): initiate, update an item, hide,
 * mark complete. An item moves from not completed to completed when its event happens on the server,
 * and a completed item is not completed again. Items link to their landing pages.
 * Only items whose landing page exists in this build are offered (the shared route table says which);
 * the others stay in the stored state and appear once their product ships.
 */
import { matchRoute } from './app-routes';

/** The server events that complete an item (accounts.md §4). */
export const CHECKLIST_EVENTS = [
  'text_to_speech_generated',
  'speech_to_speech_generated',
  'voice_added_from_library',
  'voice_designed',
  'dub_created',
  'affiliate_link_generated',
  'api_key_revealed',
] as const;
export type ChecklistEvent = (typeof CHECKLIST_EVENTS)[number];

export type ChecklistItemDefinition = {
  id: string;
  title: string;
  description: string;
  /** The page the item's action opens: the spec's landing pages (speech synthesis … docs). */
  href: string;
  /** Further reading linked beside the action. */
  docsHref?: string;
  event: ChecklistEvent;
  /** A global dialog of the app shell (`?dialog=<name>`) the step happens in: offered once it is built. */
  dialog?: string;
};

/**
 * The app shell's global dialogs that exist in this build. "Design a voice" is a dialog over the voice
 * lab (issue 10): the voice lab page alone does not make its step completable.
 */
export const BUILT_DIALOGS: readonly string[] = ['design-voice'];

/** The items in display order, each with its landing page and its completing event. */
export const CHECKLIST_ITEMS: readonly ChecklistItemDefinition[] = [
  {
    id: 'generate_speech',
    title: 'Generate your first speech',
    description: 'Turn text into speech with one of the built-in voices.',
    href: '/app/speech-synthesis/text-to-speech',
    event: 'text_to_speech_generated',
  },
  {
    id: 'try_speech_to_speech',
    title: 'Transform your own voice',
    description: 'Record or upload speech and hear it in another voice.',
    href: '/app/speech-synthesis/speech-to-speech',
    event: 'speech_to_speech_generated',
  },
  {
    id: 'add_library_voice',
    title: 'Add a voice from the library',
    description: 'Pick a community voice and add it to your voices.',
    href: '/app/voice-library',
    event: 'voice_added_from_library',
  },
  {
    id: 'design_voice',
    title: 'Design a voice',
    description: 'Describe a voice and create it in the voice lab.',
    href: '/app/voice-lab?dialog=design-voice',
    dialog: 'design-voice',
    event: 'voice_designed',
  },
  {
    id: 'create_dub',
    title: 'Dub a video',
    description: 'Translate a video or audio file into another language.',
    href: '/app/dubbing',
    event: 'dub_created',
  },
  {
    id: 'generate_affiliate_link',
    title: 'Generate an affiliate link',
    description: 'Share the product and earn from referrals.',
    href: '/affiliates',
    event: 'affiliate_link_generated',
  },
  {
    id: 'reveal_api_key',
    title: 'Create an API key',
    description: 'Create a key and call the API from your own code; the docs show how.',
    href: '/app/settings/api-keys',
    docsHref: '/docs',
    event: 'api_key_revealed',
  },
];

/** The spec's toast when a step completes (accounts.md §8). */
export const CHECKLIST_STEP_TOAST = 'Congratulations on completing a step in your onboarding checklist.';

export type ChecklistItemState = { onboarding_checklist_item_id: string; is_completed: boolean };
export type ChecklistState = { checklist_id: string; hidden: boolean; items: ChecklistItemState[] };

/** A fresh checklist: every item not completed, visible. */
export function initiateChecklist(checklistId: string): ChecklistState {
  return {
    checklist_id: checklistId,
    hidden: false,
    items: CHECKLIST_ITEMS.map((item) => ({ onboarding_checklist_item_id: item.id, is_completed: false })),
  };
}

/** Whether `itemId` names an item of the checklist. */
export function isChecklistItemId(itemId: string): boolean {
  return CHECKLIST_ITEMS.some((item) => item.id === itemId);
}

/**
 * Completes one item. `changed` is false when the item was already completed (it is never completed
 * twice) or is not on the checklist; the state is then returned as it was.
 */
export function completeChecklistItem(
  state: ChecklistState,
  itemId: string,
): { state: ChecklistState; changed: boolean } {
  const item = state.items.find((i) => i.onboarding_checklist_item_id === itemId);
  if (!item || item.is_completed) return { state, changed: false };
  return {
    state: {
      ...state,
      items: state.items.map((i) =>
        i.onboarding_checklist_item_id === itemId ? { ...i, is_completed: true } : i,
      ),
    },
    changed: true,
  };
}

/** The item an event completes, if any. */
export function checklistItemForEvent(event: ChecklistEvent): string | undefined {
  return CHECKLIST_ITEMS.find((item) => item.event === event)?.id;
}

/** Whether an item's page exists in this build: a built page of the route table. */
export function isChecklistItemAvailable(item: ChecklistItemDefinition): boolean {
  const path = item.href.split('?')[0]!;
  return matchRoute(path)?.built === true && (!item.dialog || BUILT_DIALOGS.includes(item.dialog));
}

/** The items of `state` to offer, in display order: those on the checklist whose page exists. */
export function visibleChecklistItems(
  state: ChecklistState,
  isAvailable: (item: ChecklistItemDefinition) => boolean = isChecklistItemAvailable,
): ChecklistItemDefinition[] {
  const ids = new Set(state.items.map((i) => i.onboarding_checklist_item_id));
  return CHECKLIST_ITEMS.filter((item) => ids.has(item.id) && isAvailable(item));
}

/** Whether every offered item is completed (steps of products not in this build do not hold it open). */
export function isChecklistFinished(
  state: ChecklistState,
  isAvailable: (item: ChecklistItemDefinition) => boolean = isChecklistItemAvailable,
): boolean {
  const done = new Set(state.items.filter((i) => i.is_completed).map((i) => i.onboarding_checklist_item_id));
  const offered = visibleChecklistItems(state, isAvailable);
  return offered.length > 0 && offered.every((item) => done.has(item.id));
}

/**
 * Whether a change from `before` to `after` earns the congratulation toast: a step became completed and
 * the checklist is not hidden.
 */
export function shouldCongratulate(before: ChecklistState | null, after: ChecklistState | null): boolean {
  if (!before || !after || after.hidden) return false;
  const done = new Set(before.items.filter((i) => i.is_completed).map((i) => i.onboarding_checklist_item_id));
  return after.items.some((i) => i.is_completed && !done.has(i.onboarding_checklist_item_id));
}
