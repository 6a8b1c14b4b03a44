/**
 * Rules of sharing a voice in the voice library (content-and-workspace.md §3 "Voice sharing settings",
 * §4 "Voice sharing", §5 "Voice list hides … copied_disabled"). The spec names the settings and the
 * states but shows no values for the notice period and the rate: the ranges here are ours (decision 080).
 */

/** Sharing states: an owner's voice is enabled or disabled; a library copy is copied, then copied_disabled. */
export const SHARING_STATES = ['enabled', 'disabled', 'copied', 'copied_disabled'] as const;
export type SharingState = (typeof SHARING_STATES)[number];

/** Days a copy stays usable after its owner stops sharing (the owner's choice, within these bounds). */
export const MIN_NOTICE_PERIOD_DAYS = 0;
export const MAX_NOTICE_PERIOD_DAYS = 730;
export const DEFAULT_NOTICE_PERIOD_DAYS = 7;

/** A custom rate multiplies the characters a use costs the user of a copy; 1 is the plain rate. */
export const MIN_CUSTOM_RATE = 0.5;
export const MAX_CUSTOM_RATE = 5;

/** The library's page size: the SDK documents "Can not exceed 100, defaults to 30". */
export const LIBRARY_PAGE_SIZE_DEFAULT = 30;
export const LIBRARY_PAGE_SIZE_MAX = 100;

/** Labels the library filters on, in the voice's `labels`. */
export const LIBRARY_LABELS = ['gender', 'age', 'accent', 'descriptive', 'use_case'] as const;

export type SharingSettings = {
  enableLibrary: boolean;
  noticePeriodDays: number;
  customRate: number | null;
  liveModeration: boolean;
  freeUsersAllowed: boolean;
  readerAppEnabled: boolean;
  readerRestrictedOn: unknown[];
};

export const sharingRefusals = {
  copy: 'A voice added from the voice library cannot be shared again; only its owner shares it.',
  customRateForFreeUsers:
    'A voice with a custom rate cannot be offered to free users: turn off free_users_allowed or remove the custom rate.',
  readerRestrictionsWithoutReader: 'reader_restricted_on only applies when reader_app_enabled is true.',
  notShared: 'This voice is not shared.',
  freeUsersNotAllowed:
    'The owner of this voice does not offer it to free plans. Upgrade your plan to add it.',
  notInvited: 'This voice is shared with invited people only, and your email is not one of them.',
  ownVoice: 'This is your own voice: it is already in your voices.',
  alreadyAdded: 'This voice is already in your voices.',
  copiedDisabled: (name: string) =>
    `The voice "${name}" is no longer available: its owner stopped sharing it in the voice library.`,
} as const;

/** Why these settings cannot be saved for this voice, or null when they can. */
export function refuseSharingSettings(s: SharingSettings, voice: { isCopy: boolean }): string | null {
  if (voice.isCopy) return sharingRefusals.copy;
  if (s.customRate !== null && s.freeUsersAllowed) return sharingRefusals.customRateForFreeUsers;
  if (s.readerRestrictedOn.length && !s.readerAppEnabled)
    return sharingRefusals.readerRestrictionsWithoutReader;
  return null;
}

/** Why a workspace may not add a shared voice, or null when it may. */
export function refuseLibraryAdd(input: {
  sharing: {
    status: 'enabled' | 'disabled';
    enableLibrary: boolean;
    freeUsersAllowed: boolean;
    whitelistedEmails: string[];
  };
  ownerWorkspaceId: string;
  workspaceId: string;
  tier: string;
  email: string | null;
  alreadyAdded: boolean;
}): { status: number; code: string; message: string } | null {
  const { sharing } = input;
  if (sharing.status !== 'enabled')
    return { status: 404, code: 'voice_not_shared', message: sharingRefusals.notShared };
  if (input.ownerWorkspaceId === input.workspaceId)
    return { status: 400, code: 'own_voice', message: sharingRefusals.ownVoice };
  if (!sharing.enableLibrary && !canSeeByInvitation(sharing.whitelistedEmails, input.email))
    return { status: 403, code: 'voice_not_shared_with_you', message: sharingRefusals.notInvited };
  if (!sharing.freeUsersAllowed && input.tier === 'free')
    return { status: 403, code: 'free_users_not_allowed', message: sharingRefusals.freeUsersNotAllowed };
  if (input.alreadyAdded)
    return { status: 409, code: 'voice_already_added', message: sharingRefusals.alreadyAdded };
  return null;
}

/** A voice shared outside the library is open to the listed emails (any case); with no list, to anyone with its link. */
export function canSeeByInvitation(emails: string[], email: string | null): boolean {
  if (!emails.length) return true;
  return email !== null && emails.some((e) => e.toLowerCase() === email.toLowerCase());
}

const DAY_MS = 86_400_000;

/** When copies stop working: the owner's notice period after sharing was turned off. */
export function copyDisableAt(disabledAt: Date, noticePeriodDays: number): Date {
  return new Date(disabledAt.getTime() + noticePeriodDays * DAY_MS);
}

/** What others see of the rate: the multiplier of the characters a use costs (1 without a custom rate). */
export function rateMultiplier(customRate: number | null): number {
  return customRate ?? 1;
}

/** The notice a copy shows while it counts down (the web app formats the date in the user's locale). */
export function copyRemovalNotice(date: string): string {
  return `This voice will be removed on ${date} because its owner stopped sharing it`;
}

/** Share stats ranges: the caller's `range` (content-and-workspace.md §9 "Sharing stats range is a caller parameter"). */
export const SHARE_STATS_RANGES = { '1d': 1, '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export type ShareStatsRange = keyof typeof SHARE_STATS_RANGES;

/** The start of a stats range ending at `now`. */
export function statsRangeStart(range: ShareStatsRange, now: Date): Date {
  return new Date(now.getTime() - SHARE_STATS_RANGES[range] * DAY_MS);
}
