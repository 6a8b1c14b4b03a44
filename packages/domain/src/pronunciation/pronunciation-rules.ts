/**
 * Pronunciation dictionary rules (issue 12, decision 133): alias rules replace a word or phrase with another
 * spelling before synthesis; phoneme rules (IPA or CMU Arpabet) are kept and exported, and spoken by engines
 * that accept phonemes. The SDK allows three dictionaries per request, applied in order.
 */

export type AliasRule = { type: 'alias'; string_to_replace: string; alias: string; case_sensitive?: boolean | null; word_boundaries?: boolean | null };
export type PhonemeRule = {
  type: 'phoneme';
  string_to_replace: string;
  phoneme: string;
  alphabet: string;
  case_sensitive?: boolean | null;
  word_boundaries?: boolean | null;
};
export type Rule = AliasRule | PhonemeRule;

/** The SDK's limit of dictionaries per request. */
export const MAX_LOCATORS = 3;
export const PHONEME_ALPHABETS = ['ipa', 'cmu-arpabet'] as const;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern a rule matches: whole words by default, case-sensitive by default. */
export function rulePattern(rule: Rule): RegExp {
  const body = escape(rule.string_to_replace);
  const bounded = rule.word_boundaries === false ? body : `(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`;
  return new RegExp(bounded, rule.case_sensitive === false ? 'giu' : 'gu');
}

/**
 * Applies the alias rules of each dictionary in order (the first dictionary's rules first; within one, longer
 * strings first so "New York City" wins over "New York"). Phoneme rules are left out here.
 */
export function applyAliases(text: string, dictionaries: Rule[][]): string {
  let out = text;
  for (const rules of dictionaries) {
    const aliases = rules
      .filter((r): r is AliasRule => r.type === 'alias' && r.string_to_replace.length > 0)
      .sort((a, b) => b.string_to_replace.length - a.string_to_replace.length);
    for (const r of aliases) out = out.replace(rulePattern(r), () => r.alias);
  }
  return out;
}

/** A rule set after adding rules: a rule for the same string replaces the old one. */
export function addRules(existing: Rule[], added: Rule[]): Rule[] {
  const keys = new Set(added.map((r) => r.string_to_replace));
  return [...existing.filter((r) => !keys.has(r.string_to_replace)), ...added];
}

/** A rule set without the rules for these strings. */
export function removeRules(existing: Rule[], strings: string[]): Rule[] {
  const gone = new Set(strings);
  return existing.filter((r) => !gone.has(r.string_to_replace));
}
