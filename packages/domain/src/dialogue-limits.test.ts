import { describe, expect, it } from 'vitest';
import { dialogueLimitViolation, dialogueVoiceIds, MAX_DIALOGUE_VOICES } from './dialogue-limits';
import type { DialogueLine } from './saved-dialogue';

const line = (text: string, voice_id = 'v1'): DialogueLine => ({ text, voice_id });
const lines = (n: number, voices = 1) =>
  Array.from({ length: n }, (_, i) => line(`line ${i}`, `v${i % voices}`));

describe('MAX_DIALOGUE_VOICES ("The maximum number of unique voice IDs is 10")', () => {
  it('is 10', () => expect(MAX_DIALOGUE_VOICES).toBe(10));
});

describe('dialogueVoiceIds', () => {
  it('lists each voice once, in order of first use', () => {
    expect(dialogueVoiceIds([line('a', 'b'), line('b', 'a'), line('c', 'b')])).toEqual(['b', 'a']);
  });
});

describe('dialogueLimitViolation', () => {
  it.each([
    ['one line', [line('Hello.')]],
    ['50 lines ("Max 50 saved dialogue lines")', lines(50)],
    ['10 distinct voices', lines(10, 10)],
    [
      'exactly 3000 characters ("dialogue limit 3000 characters")',
      [line('a'.repeat(1500)), line('b'.repeat(1500), 'v2')],
    ],
  ])('accepts %s', (_name, input) => {
    expect(dialogueLimitViolation(input)).toBeNull();
  });

  it.each([
    ['no lines', [], 'empty_dialogue', 'A dialogue needs at least one line.'],
    ['51 lines', lines(51), 'too_many_dialogue_lines', 'A dialogue has at most 50 lines; this one has 51.'],
    [
      '11 distinct voices',
      lines(11, 11),
      'too_many_dialogue_voices',
      'A dialogue uses at most 10 different voices; this one uses 11.',
    ],
    [
      '3001 characters',
      [line('a'.repeat(3000)), line('b', 'v2')],
      'dialogue_too_long',
      'A dialogue is at most 3,000 characters; this one has 3,001.',
    ],
  ])('refuses %s', (_name, input, code, message) => {
    expect(dialogueLimitViolation(input as DialogueLine[])).toEqual({ code, message });
  });

  it('reports the line count before the voices and the voices before the length', () => {
    const big = Array.from({ length: 60 }, (_, i) => line('x'.repeat(100), `v${i}`));
    expect(dialogueLimitViolation(big)?.code).toBe('too_many_dialogue_lines');
    expect(dialogueLimitViolation(big.slice(0, 40))?.code).toBe('too_many_dialogue_voices');
  });
});
