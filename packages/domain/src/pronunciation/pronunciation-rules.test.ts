import { describe, expect, it } from 'vitest';
import { addRules, applyAliases, removeRules, type Rule } from './pronunciation-rules';

const alias = (s: string, a: string, extra: Partial<Rule> = {}): Rule => ({ type: 'alias', string_to_replace: s, alias: a, ...extra }) as Rule;

describe('pronunciation rules', () => {
  it('replaces whole words, case-sensitively by default', () => {
    expect(applyAliases('The UN met. UNIX and un.', [[alias('UN', 'United Nations')]])).toBe('The United Nations met. UNIX and un.');
  });
  it('can ignore case and word boundaries', () => {
    expect(applyAliases('Tomato tomato', [[alias('tomato', 'tomahto', { case_sensitive: false })]])).toBe('tomahto tomahto');
    expect(applyAliases('nonstop', [[alias('stop', 'halt', { word_boundaries: false })]])).toBe('nonhalt');
  });
  it('prefers the longer phrase and applies dictionaries in order', () => {
    const d1 = [alias('New York', 'NY'), alias('New York City', 'the big apple')];
    expect(applyAliases('New York City and New York', [d1])).toBe('the big apple and NY');
    expect(applyAliases('cat', [[alias('cat', 'dog')], [alias('dog', 'bird')]])).toBe('bird');
  });
  it('leaves phoneme rules to the engines', () => {
    expect(applyAliases('tomato', [[{ type: 'phoneme', string_to_replace: 'tomato', phoneme: 'təˈmeɪtoʊ', alphabet: 'ipa' }]])).toBe('tomato');
  });
  it('adds (replacing the same string) and removes rules', () => {
    const r = addRules([alias('a', 'x'), alias('b', 'y')], [alias('a', 'z')]);
    expect(r).toEqual([alias('b', 'y'), alias('a', 'z')]);
    expect(removeRules(r, ['b'])).toEqual([alias('a', 'z')]);
  });
});
