/**
 * Sharing rules (content-and-workspace.md §2 "Share modals", §7 "Sharing and video", §8, §9): the share
 * link is shown shortened to 38 characters plus an ellipsis; copying it says "Share link copied to
 * clipboard"; a public name change says "Public name updated". The spec gives no rule for the public
 * name itself, so ours: trimmed, 1–50 characters, no line breaks, control, bidi-override or invisible
 * characters.
 */

import { hiddenCharacterIn } from './visible-name';

export const SHARE_LINK_DISPLAY_LENGTH = 38;
export const SHARE_LINK_COPIED = 'Share link copied to clipboard';
export const PUBLIC_NAME_UPDATED = 'Public name updated';
/** §9: where the browser has no Web Share API. */
export const SHARE_API_NOT_SUPPORTED = 'Share API not supported';
/** "The share message invites listening to a text to speech made with the product." */
export const SHARE_MESSAGE = 'Listen to this text to speech I made with Vocalis';

/** The three social share targets (§2), each a plain share URL that needs no script of theirs. */
export function socialShareTargets(link: string): { name: string; href: string }[] {
  const url = encodeURIComponent(link);
  const text = encodeURIComponent(SHARE_MESSAGE);
  return [
    { name: 'X', href: `https://x.com/intent/post?text=${text}&url=${url}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ];
}

/** What a shared item shows for a user who never chose a public name. */
export const DEFAULT_PUBLIC_USER_NAME = 'Anonymous';

export const PUBLIC_USER_NAME_MAX_LENGTH = 50;
export const PUBLIC_USER_NAME_EMPTY = 'Public name cannot be empty.';
export const PUBLIC_USER_NAME_TOO_LONG = `Public name must be at most ${PUBLIC_USER_NAME_MAX_LENGTH} characters.`;
export const PUBLIC_USER_NAME_CONTROL = 'Public name cannot contain line breaks or control characters.';

/**
 * §2/§6: "The share button appears only when the workspace tier is not enterprise, or when the
 * video-generation feature flag is on." (No video generation yet: the flag is off by default.)
 */
export const shareButtonVisible = (tier: string | null | undefined, videoGeneration = false): boolean =>
  videoGeneration || tier !== 'enterprise';

/** The link as the share modal shows it: the first 38 characters and an ellipsis when longer. */
export function shortenShareLink(link: string): string {
  const chars = Array.from(link);
  return chars.length > SHARE_LINK_DISPLAY_LENGTH
    ? `${chars.slice(0, SHARE_LINK_DISPLAY_LENGTH).join('')}…`
    : link;
}

/** Why a public name is refused (checked after trimming), or null when it passes. */
export function publicUserNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return PUBLIC_USER_NAME_EMPTY;
  // Control characters, bidi overrides and invisible characters (the visible-name rule).
  if (hiddenCharacterIn(trimmed)) return PUBLIC_USER_NAME_CONTROL;
  if (Array.from(trimmed).length > PUBLIC_USER_NAME_MAX_LENGTH) return PUBLIC_USER_NAME_TOO_LONG;
  return null;
}
