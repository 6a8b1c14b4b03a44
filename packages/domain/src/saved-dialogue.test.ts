import { describe, expect, it } from 'vitest';
import {
  DIALOGUE_CHARACTER_LIMIT,
  dialogueCharacterCount,
  isWithinDialogueLimit,
  MAX_DIALOGUE_LINES,
  parseSavedDialogue,
} from './saved-dialogue';
import type { DialogueLine } from './saved-dialogue';

const line = (text: string, voice_id = 'v1'): DialogueLine => ({ text, voice_id });
const many = (n: number) => Array.from({ length: n }, (_, i) => line(`line ${i}`));

describe('constants (§9: "Max 50 saved dialogue lines; dialogue limit 3000 characters")', () => {
  it.each([
    ['MAX_DIALOGUE_LINES', MAX_DIALOGUE_LINES, 50],
    ['DIALOGUE_CHARACTER_LIMIT', DIALOGUE_CHARACTER_LIMIT, 3000],
  ])('%s is %i', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

// §5: "Saved dialogue must be a list of text and voice_id pairs. Invalid or empty data gives an empty list".
describe('parseSavedDialogue gives [] for invalid or empty data', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty string', ''],
    ['malformed JSON', '[{"text":'],
    ['a JSON object', '{"text":"hi","voice_id":"v1"}'],
    ['a JSON number', '42'],
    ['an empty list', '[]'],
    ['an entry without voice_id', [{ text: 'hi' }]],
    ['a non-string voice_id', [{ text: 'hi', voice_id: 7 }]],
    ['a non-string text', [{ text: null, voice_id: 'v1' }]],
    ['an array entry', [['hi', 'v1']]],
    ['one bad entry among good ones', [line('ok'), { text: 'x' }]],
    ['only empty lines', [line(''), line('   \n\t')]],
  ])('%s', (_name, raw) => {
    expect(parseSavedDialogue(raw)).toEqual([]);
  });
});

describe('parseSavedDialogue keeps valid lines', () => {
  it.each<[string, unknown, DialogueLine[]]>([
    [
      'a JSON string',
      JSON.stringify([line('Hello', 'a'), line('Hi', 'b')]),
      [line('Hello', 'a'), line('Hi', 'b')],
    ],
    ['an already-parsed value', [line('Hello', 'a')], [line('Hello', 'a')]],
    [
      'drops lines with empty text (after trim)',
      [line('a'), line('  '), line(''), line('b')],
      [line('a'), line('b')],
    ],
    ['keeps text untrimmed', [line('  spaced  ')], [line('  spaced  ')]],
    ['leaves out other keys', [{ text: 'a', voice_id: 'v', extra: 1 }], [line('a', 'v')]],
  ])('%s', (_name, raw, expected) => {
    expect(parseSavedDialogue(raw)).toEqual(expected);
  });

  // "at most 50 lines are kept"
  it.each([
    [49, 49],
    [50, 50],
    [51, 50],
    [120, 50],
  ])('%i stored lines -> %i kept', (stored, kept) => {
    const parsed = parseSavedDialogue(JSON.stringify(many(stored)));
    expect(parsed).toHaveLength(kept);
    expect(parsed[0]).toEqual(line('line 0'));
    expect(parsed.at(-1)).toEqual(line(`line ${kept - 1}`));
  });

  it('drops empty lines before counting the 50', () => {
    const stored = [line(''), ...many(50), line('beyond')];
    expect(parseSavedDialogue(stored)).toEqual(many(50));
  });

  it('does not cut text beyond the 3000-character limit (it is reported instead)', () => {
    const long = [line('a'.repeat(2500)), line('b'.repeat(2500))];
    const parsed = parseSavedDialogue(long);
    expect(parsed).toEqual(long);
    expect(isWithinDialogueLimit(parsed)).toBe(false);
  });
});

// §5: "The dialogue limit is 3000 characters."
describe('dialogue character limit', () => {
  it.each([
    ['no lines', [], 0, true],
    ['one short line', [line('Hello')], 5, true],
    ['lines add up', [line('abc'), line('de')], 5, true],
    ['exactly 3000', [line('a'.repeat(1000)), line('b'.repeat(2000))], 3000, true],
    ['3001', [line('a'.repeat(1500)), line('b'.repeat(1501))], 3001, false],
  ])('%s: %i characters, within limit %s', (_name, lines, count, within) => {
    expect(dialogueCharacterCount(lines)).toBe(count);
    expect(isWithinDialogueLimit(lines)).toBe(within);
  });
});
