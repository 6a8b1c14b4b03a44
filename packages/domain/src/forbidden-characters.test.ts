import { describe, expect, it } from 'vitest';
import {
  findForbiddenCharacter,
  findForbiddenCharacters,
  forbiddenCharacterMessage,
} from './forbidden-characters';

describe('findForbiddenCharacter', () => {
  it.each([
    ['plain text', 'Hello world'],
    ['the empty string', ''],
    ['tab, line feed, vertical tab, form feed, carriage return', 'a\tb\nc\u000Bd\u000Ce\rf'],
    ['DEL and C1 controls (valid Unicode, stored as is)', 'a\u007Fb\u0085c'],
    ['a surrogate pair (an emoji)', 'hi \uD83D\uDE00'],
    ['non-Latin text', 'Grüße, こんにちは, مرحبا'],
    ['a literal backslash-u sequence', '\\u0000'],
  ])('accepts %s', (_name, text) => {
    expect(findForbiddenCharacter(text)).toBeNull();
  });

  it.each([
    ['NUL', 'Hello\u0000world', 5, 0x0000, 'control_character'],
    ['NUL first', '\u0000', 0, 0x0000, 'control_character'],
    ['bell', 'a\u0007', 1, 0x0007, 'control_character'],
    ['backspace', 'ab\u0008', 2, 0x0008, 'control_character'],
    ['shift out', '\u000E', 0, 0x000e, 'control_character'],
    ['escape', 'x\u001B[31m', 1, 0x001b, 'control_character'],
    ['unit separator', '\u001F', 0, 0x001f, 'control_character'],
    ['a lone high surrogate', 'a\uD800b', 1, 0xd800, 'unpaired_surrogate'],
    ['a high surrogate at the end', 'ab\uDBFF', 2, 0xdbff, 'unpaired_surrogate'],
    ['a lone low surrogate', '\uDC00', 0, 0xdc00, 'unpaired_surrogate'],
    ['reversed pair', '\uDE00\uD83D', 0, 0xde00, 'unpaired_surrogate'],
    ['the earlier of two problems', '\uD800x\u0000', 0, 0xd800, 'unpaired_surrogate'],
    ['a control before a surrogate', 'x\u0001\uD800', 1, 0x0001, 'control_character'],
  ])('finds %s', (_name, text, index, codeUnit, kind) => {
    expect(findForbiddenCharacter(text)).toEqual({ index, codeUnit, kind });
  });
});

describe('findForbiddenCharacters', () => {
  it('walks objects and arrays and reports paths, keys included', () => {
    const body = {
      text: 'Hello\u0000world',
      voice_settings: { stability: 0.5, style: 'ok' },
      inputs: [{ text: 'fine' }, { text: 'bad\u0001' }],
      'key\u0000': 'value',
      n: 1,
      flag: true,
      nothing: null,
    };
    const found = findForbiddenCharacters(body);
    expect(found).toHaveLength(3);
    expect(found).toEqual(
      expect.arrayContaining([
        { path: ['text'], index: 5, codeUnit: 0, kind: 'control_character', inKey: false },
        { path: ['inputs', 1, 'text'], index: 3, codeUnit: 1, kind: 'control_character', inKey: false },
        { path: ['key\u0000'], index: 3, codeUnit: 0, kind: 'control_character', inKey: true },
      ]),
    );
  });

  it('checks a bare string (a path parameter or a text body)', () => {
    expect(findForbiddenCharacters('a\u0000')).toEqual([
      { path: [], index: 1, codeUnit: 0, kind: 'control_character', inKey: false },
    ]);
  });

  it('walks the dictionaries query parsers make (no Object.prototype)', () => {
    const bare = Object.assign(Object.create(null) as object, { q: 'a\u0000' });
    function Empty() {}
    Empty.prototype = Object.create(null) as object;
    const fast = Object.assign(new (Empty as unknown as new () => object)(), { voice_id: 'b\u0001' });
    expect(findForbiddenCharacters(bare).map((f) => f.path)).toEqual([['q']]);
    expect(findForbiddenCharacters(fast).map((f) => f.path)).toEqual([['voice_id']]);
  });

  it('does not walk class instances (streams, maps), which may hold cycles', () => {
    class Holder {
      self = this;
      text = 'a\u0000';
    }
    expect(findForbiddenCharacters(new Holder())).toEqual([]);
    expect(findForbiddenCharacters(new Map([['k', '\u0000']]))).toEqual([]);
  });

  it('finds nothing in clean values and skips buffers', () => {
    expect(findForbiddenCharacters({ a: ['x', { b: 'y' }], c: 2 })).toEqual([]);
    expect(findForbiddenCharacters(Buffer.from([0, 1, 2]))).toEqual([]);
    expect(findForbiddenCharacters(undefined)).toEqual([]);
  });

  it('stops after the limit', () => {
    expect(
      findForbiddenCharacters(
        Array.from({ length: 50 }, () => '\u0000'),
        20,
      ),
    ).toHaveLength(20);
  });

  it('walks a body nested far deeper than the call stack allows', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const [finding] = findForbiddenCharacters(deep);
    expect(finding?.path.length).toBe(100_000);
  });
});

describe('forbiddenCharacterMessage', () => {
  it.each([
    [
      { index: 5, codeUnit: 0, kind: 'control_character' as const },
      'Control characters are not allowed: U+0000 in the value at position 5.',
    ],
    [
      { index: 0, codeUnit: 0x1b, kind: 'control_character' as const, inKey: true },
      'Control characters are not allowed: U+001B in the key at position 0.',
    ],
    [
      { index: 2, codeUnit: 0xd800, kind: 'unpaired_surrogate' as const },
      'Text must be valid Unicode: unpaired surrogate U+D800 in the value at position 2.',
    ],
  ])('describes %j', (finding, message) => {
    expect(forbiddenCharacterMessage(finding)).toBe(message);
  });
});
