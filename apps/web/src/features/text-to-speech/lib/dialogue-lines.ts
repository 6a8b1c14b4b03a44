import { dialogueLimitViolation } from '@vocalis/domain/dialogue-limits';
import { parseSavedDialogue, type DialogueLine } from '@vocalis/domain/saved-dialogue';

/** A line in the dialogue editor: the saved pair plus a key that survives reordering. */
export type EditorLine = DialogueLine & { key: number };

let nextKey = 1;
const keyed = (line: DialogueLine): EditorLine => ({ ...line, key: nextKey++ });

/**
 * The editor's lines from the saved dialogue (§5: invalid or empty data gives an empty list, empty
 * lines are dropped, at most 50 are kept). With nothing saved it starts with two empty lines, spoken
 * by the first two voices, so a conversation can be typed right away.
 */
export function initialLines(saved: unknown, voiceIds: readonly string[]): EditorLine[] {
  const lines = parseSavedDialogue(saved);
  if (lines.length > 0) return lines.map(keyed);
  const first = voiceIds[0] ?? '';
  const second = voiceIds[1] ?? first;
  return [keyed({ text: '', voice_id: first }), keyed({ text: '', voice_id: second })];
}

/** What is saved: the pairs without their keys (empty lines are dropped when read back). */
export const toSaved = (lines: readonly EditorLine[]): DialogueLine[] =>
  lines.map(({ text, voice_id }) => ({ text, voice_id }));

/**
 * A new line at the end. Its voice answers the last speaker: the voice of the line before the last
 * (A, B → A), else the last line's voice, else `fallbackVoiceId`.
 */
export function addLine(lines: readonly EditorLine[], fallbackVoiceId: string): EditorLine[] {
  const voice = lines.at(-2)?.voice_id ?? lines.at(-1)?.voice_id ?? fallbackVoiceId;
  return [...lines, keyed({ text: '', voice_id: voice })];
}

/** The line at `index` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveLine(lines: readonly EditorLine[], index: number, delta: -1 | 1): EditorLine[] {
  const to = index + delta;
  if (index < 0 || index >= lines.length || to < 0 || to >= lines.length) return [...lines];
  const next = [...lines];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The lines without the one at `index`. */
export const removeLine = (lines: readonly EditorLine[], index: number): EditorLine[] =>
  lines.filter((_, i) => i !== index);

/** The line at `index` with some fields changed. */
export const updateLine = (
  lines: readonly EditorLine[],
  index: number,
  change: Partial<DialogueLine>,
): EditorLine[] => lines.map((line, i) => (i === index ? { ...line, ...change } : line));

/** The lines that are sent: those with text (blank lines are skipped, as saving drops them). */
export const spokenLines = (lines: readonly EditorLine[]): DialogueLine[] =>
  toSaved(lines.filter((line) => line.text.trim() !== ''));

/**
 * Why a dialogue cannot be generated yet, in the words the editor shows, or null: no line with text,
 * a line whose voice is not (or no longer) available, or a broken limit (domain/dialogue-limits).
 */
export function dialogueProblem(lines: readonly DialogueLine[], voiceIds: readonly string[]): string | null {
  if (lines.length === 0) return 'Write at least one line.';
  if (lines.some((line) => !voiceIds.includes(line.voice_id))) return 'Pick a voice for every line.';
  return dialogueLimitViolation(lines)?.message ?? null;
}

/**
 * The voices a new dialogue starts with: the first voice, and the first one of another gender so the
 * two speakers are easy to tell apart (else simply the second voice).
 */
export function startingVoices(
  voices: readonly { voice_id: string; labels?: Record<string, string> | null }[],
): string[] {
  const [first, ...rest] = voices;
  if (!first) return [];
  const gender = first.labels?.gender;
  const other = rest.find((v) => gender && v.labels?.gender && v.labels.gender !== gender) ?? rest[0];
  return other ? [first.voice_id, other.voice_id] : [first.voice_id];
}
