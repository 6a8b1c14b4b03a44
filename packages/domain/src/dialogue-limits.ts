/**
 * Limits of one text-to-dialogue request. The line count and the character limit are the spec's
 * (content-and-workspace.md §9: "Max 50 saved dialogue lines; dialogue limit 3000 characters"); the
 * voice limit is ElevenLabs' ("The maximum number of unique voice IDs is 10", text-to-dialogue API).
 * The server refuses what the editor already shows as over the limit, with the same words.
 */
import { DIALOGUE_CHARACTER_LIMIT, MAX_DIALOGUE_LINES, type DialogueLine } from './saved-dialogue';

/** "The maximum number of unique voice IDs is 10" (ElevenLabs text-to-dialogue). */
export const MAX_DIALOGUE_VOICES = 10;

export type DialogueLimitViolation = {
  code: 'empty_dialogue' | 'too_many_dialogue_lines' | 'too_many_dialogue_voices' | 'dialogue_too_long';
  message: string;
};

const fmt = (n: number) => n.toLocaleString('en-US');

/** Distinct voice ids of a dialogue, in order of first use. */
export function dialogueVoiceIds(lines: readonly Pick<DialogueLine, 'voice_id'>[]): string[] {
  return [...new Set(lines.map((l) => l.voice_id))];
}

/**
 * The first limit a dialogue breaks, or null when it can be generated: at least one line, at most 50
 * lines, at most 10 distinct voices, at most 3,000 characters in all (3,000 itself is allowed).
 */
export function dialogueLimitViolation(lines: readonly DialogueLine[]): DialogueLimitViolation | null {
  if (lines.length === 0) return { code: 'empty_dialogue', message: 'A dialogue needs at least one line.' };
  if (lines.length > MAX_DIALOGUE_LINES)
    return {
      code: 'too_many_dialogue_lines',
      message: `A dialogue has at most ${MAX_DIALOGUE_LINES} lines; this one has ${lines.length}.`,
    };
  const voices = dialogueVoiceIds(lines).length;
  if (voices > MAX_DIALOGUE_VOICES)
    return {
      code: 'too_many_dialogue_voices',
      message: `A dialogue uses at most ${MAX_DIALOGUE_VOICES} different voices; this one uses ${voices}.`,
    };
  const characters = lines.reduce((sum, l) => sum + l.text.length, 0);
  if (characters > DIALOGUE_CHARACTER_LIMIT)
    return {
      code: 'dialogue_too_long',
      message: `A dialogue is at most ${fmt(DIALOGUE_CHARACTER_LIMIT)} characters; this one has ${fmt(characters)}.`,
    };
  return null;
}
