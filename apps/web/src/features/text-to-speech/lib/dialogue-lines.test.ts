import { describe, expect, it } from 'vitest';

import {
  addLine,
  dialogueProblem,
  initialLines,
  moveLine,
  removeLine,
  spokenLines,
  startingVoices,
  toSaved,
  updateLine,
} from './dialogue-lines';

const texts = (lines: { text: string }[]) => lines.map((l) => l.text);

describe('initialLines', () => {
  it('restores a valid saved dialogue, dropping empty lines and keeping at most 50', () => {
    const saved = JSON.stringify([
      { text: 'Hi.', voice_id: 'a' },
      { text: '  ', voice_id: 'b' },
      { text: 'Hello.', voice_id: 'b' },
    ]);
    expect(toSaved(initialLines(saved, ['x']))).toEqual([
      { text: 'Hi.', voice_id: 'a' },
      { text: 'Hello.', voice_id: 'b' },
    ]);
    const many = Array.from({ length: 60 }, (_, i) => ({ text: `line ${i}`, voice_id: 'a' }));
    expect(initialLines(many, ['x'])).toHaveLength(50);
  });

  it.each([
    ['nothing saved', null],
    ['invalid data', '{"text":"hi"}'],
    ['only empty lines', [{ text: '', voice_id: 'a' }]],
  ])('starts with two empty lines for the first two voices after %s', (_name, saved) => {
    expect(toSaved(initialLines(saved, ['v1', 'v2', 'v3']))).toEqual([
      { text: '', voice_id: 'v1' },
      { text: '', voice_id: 'v2' },
    ]);
  });

  it('gives every line its own key', () => {
    const lines = initialLines(null, ['v1']);
    expect(new Set(lines.map((l) => l.key)).size).toBe(2);
  });
});

describe('editing', () => {
  const start = () =>
    initialLines(
      [
        { text: 'one', voice_id: 'a' },
        { text: 'two', voice_id: 'b' },
        { text: 'three', voice_id: 'a' },
      ],
      [],
    );

  it('adds a line that answers the last speaker', () => {
    expect(addLine(start(), 'z').at(-1)).toMatchObject({ text: '', voice_id: 'b' });
    expect(addLine(start().slice(0, 1), 'z').at(-1)).toMatchObject({ voice_id: 'a' });
    expect(addLine([], 'z')).toMatchObject([{ text: '', voice_id: 'z' }]);
  });

  it('moves lines up and down and ignores moves past the ends', () => {
    expect(texts(moveLine(start(), 1, -1))).toEqual(['two', 'one', 'three']);
    expect(texts(moveLine(start(), 1, 1))).toEqual(['one', 'three', 'two']);
    expect(texts(moveLine(start(), 0, -1))).toEqual(['one', 'two', 'three']);
    expect(texts(moveLine(start(), 2, 1))).toEqual(['one', 'two', 'three']);
  });

  it('removes and updates one line, keeping the keys of the others', () => {
    const lines = start();
    const removed = removeLine(lines, 1);
    expect(texts(removed)).toEqual(['one', 'three']);
    expect(removed.map((l) => l.key)).toEqual([lines[0]!.key, lines[2]!.key]);
    expect(updateLine(lines, 2, { voice_id: 'c' })[2]).toMatchObject({ text: 'three', voice_id: 'c' });
  });

  it('sends only lines with text', () => {
    const lines = updateLine(start(), 1, { text: '   ' });
    expect(spokenLines(lines)).toEqual([
      { text: 'one', voice_id: 'a' },
      { text: 'three', voice_id: 'a' },
    ]);
  });
});

describe('dialogueProblem', () => {
  const line = (text: string, voice_id = 'a') => ({ text, voice_id });
  it.each([
    ['no lines', [], 'Write at least one line.'],
    ['a voice that is not available', [line('Hi.'), line('Yo.', 'gone')], 'Pick a voice for every line.'],
    [
      'a dialogue past 3,000 characters',
      [line('x'.repeat(3001))],
      'A dialogue is at most 3,000 characters; this one has 3,001.',
    ],
    ['a ready dialogue', [line('Hi.'), line('Hello.', 'b')], null],
  ])('%s', (_name, lines, expected) => {
    expect(dialogueProblem(lines, ['a', 'b'])).toBe(expected);
  });
});

describe('startingVoices', () => {
  const v = (voice_id: string, gender?: string) => ({
    voice_id,
    labels: (gender ? { gender } : {}) as Record<string, string>,
  });
  it.each([
    [
      'the first voice and the first of another gender',
      [v('a', 'male'), v('b', 'male'), v('c', 'female')],
      ['a', 'c'],
    ],
    ['the first two when all share a gender', [v('a', 'male'), v('b', 'male')], ['a', 'b']],
    ['the first two without gender labels', [v('a'), v('b', 'female')], ['a', 'b']],
    ['the only voice', [v('a', 'male')], ['a']],
    ['nothing without voices', [], []],
  ])('%s', (_name, voices, expected) => {
    expect(startingVoices(voices)).toEqual(expected);
  });
});
