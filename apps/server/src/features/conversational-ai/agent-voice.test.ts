import { describe, expect, it } from 'vitest';
import { SentenceSplitter } from './agent-voice';

describe('SentenceSplitter', () => {
  it('hands back sentences as soon as they end, whatever the pieces', () => {
    const s = new SentenceSplitter();
    expect(s.push('Hello the')).toEqual([]);
    expect(s.push('re. How are')).toEqual(['Hello there.']);
    expect(s.push(' you today? I am')).toEqual(['How are you today?']);
    expect(s.push(' fine')).toEqual([]);
    expect(s.flush()).toBe('I am fine');
    expect(s.flush()).toBeNull();
  });
});
