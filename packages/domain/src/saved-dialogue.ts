/**
 * Saved dialogue (content-and-workspace.md §5, §9): "Saved dialogue must be a list of text and voice_id
 * pairs. Invalid or empty data gives an empty list, lines with empty text are dropped, and at most 50
 * lines are kept. The dialogue limit is 3000 characters."
 *
 * Parsing enforces the list shape, the empty-line rule and the 50-line rule only. The 3000-character
 * limit is reported (`dialogueCharacterCount`, `isWithinDialogueLimit`), never enforced by cutting text:
 * the editor shows the overflow and blocks generation, and the user's words are not silently lost.
 */

/** "Max 50 saved dialogue lines" (§9). */
export const MAX_DIALOGUE_LINES = 50;

/** "dialogue limit 3000 characters" (§9). */
export const DIALOGUE_CHARACTER_LIMIT = 3000;

/** One line of a dialogue: what is said and by which voice. */
export type DialogueLine = { text: string; voice_id: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The saved dialogue from storage. `raw` is the stored JSON string or an already-parsed value. Unless it
 * is an array whose every entry has a string `text` and a string `voice_id`, the result is `[]` (one bad
 * entry invalidates the whole save). Lines whose text is empty after trimming are dropped, then the first
 * 50 are kept. Text is kept exactly as stored (not trimmed); other keys are left out.
 */
export function parseSavedDialogue(raw: unknown): DialogueLine[] {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const lines: DialogueLine[] = [];
  for (const entry of value as unknown[]) {
    if (!isRecord(entry) || typeof entry.text !== 'string' || typeof entry.voice_id !== 'string') return [];
    lines.push({ text: entry.text, voice_id: entry.voice_id });
  }
  return lines.filter((line) => line.text.trim() !== '').slice(0, MAX_DIALOGUE_LINES);
}

/** Characters of a dialogue: the sum of its lines' text lengths (UTF-16 units, as a text field counts). */
export function dialogueCharacterCount(lines: readonly DialogueLine[]): number {
  return lines.reduce((sum, line) => sum + line.text.length, 0);
}

/** Whether a dialogue stays within the 3000-character limit (3000 itself is allowed). */
export function isWithinDialogueLimit(lines: readonly DialogueLine[]): boolean {
  return dialogueCharacterCount(lines) <= DIALOGUE_CHARACTER_LIMIT;
}
