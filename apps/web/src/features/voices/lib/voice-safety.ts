import type { Voice } from '@vocalis/contracts/voices';

export type SafetyDialog = { kind: 'blocked' | 'captcha'; voice: Pick<Voice, 'voice_id' | 'name'> };

/**
 * The dialog to open after the first voice fetch (content-and-workspace.md §4 voice safety): a voice
 * with safety_control BAN not flagged before opens voiceBlocked; otherwise a voice with CAPTCHA opens
 * voiceCaptcha, unless a new voice-cloning flow is in progress. Null: nothing to open.
 */
export function safetyDialogFor(
  voices: Pick<Voice, 'voice_id' | 'name' | 'safety_control'>[],
  flaggedIds: readonly string[],
  cloningInProgress: boolean,
): SafetyDialog | null {
  const banned = voices.find((v) => v.safety_control === 'BAN' && !flaggedIds.includes(v.voice_id));
  if (banned) return { kind: 'blocked', voice: banned };
  const captcha = voices.find((v) => v.safety_control === 'CAPTCHA');
  if (captcha && !cloningInProgress) return { kind: 'captcha', voice: captcha };
  return null;
}
