import { Field, Input, inputClasses } from '@/components/ui/input';

import type { Rule } from '../api/pronunciation';

export type RuleDraft = {
  type: 'alias' | 'phoneme';
  word: string;
  alias: string;
  phoneme: string;
  alphabet: 'ipa' | 'cmu-arpabet';
};

export const emptyRule: RuleDraft = { type: 'alias', word: '', alias: '', phoneme: '', alphabet: 'ipa' };

/** The rule a draft makes, or null while it is incomplete. */
export function ruleOf(d: RuleDraft): Rule | null {
  const word = d.word.trim();
  if (!word) return null;
  if (d.type === 'alias')
    return d.alias.trim() ? { type: 'alias', string_to_replace: word, alias: d.alias.trim() } : null;
  return d.phoneme.trim()
    ? { type: 'phoneme', string_to_replace: word, phoneme: d.phoneme.trim(), alphabet: d.alphabet }
    : null;
}

/** One rule's fields: the word, and either the alias said instead or its phonemes in IPA or CMU Arpabet. */
export function RuleFields({ value, onChange }: { value: RuleDraft; onChange: (d: RuleDraft) => void }) {
  const set = (patch: Partial<RuleDraft>) => onChange({ ...value, ...patch });
  return (
    <div className="grid gap-3 md:grid-cols-4">
      <Field label="Rule type">
        {(id) => (
          <select
            id={id}
            className={inputClasses}
            value={value.type}
            onChange={(e) => set({ type: e.target.value as RuleDraft['type'] })}
          >
            <option value="alias">Alias</option>
            <option value="phoneme">Phoneme</option>
          </select>
        )}
      </Field>
      <Field label="Word or phrase">
        {(id) => (
          <Input id={id} value={value.word} maxLength={200} onChange={(e) => set({ word: e.target.value })} />
        )}
      </Field>
      {value.type === 'alias' ? (
        <Field label="Say it as" hint="Works with every voice engine.">
          {(id) => (
            <Input
              id={id}
              value={value.alias}
              maxLength={500}
              onChange={(e) => set({ alias: e.target.value })}
            />
          )}
        </Field>
      ) : (
        <>
          <Field
            label="Phonemes"
            hint="Spoken by the eSpeak-NG model (English); Flite, RHVoice and remote engines say the word as written."
          >
            {(id) => (
              <Input
                id={id}
                value={value.phoneme}
                maxLength={500}
                onChange={(e) => set({ phoneme: e.target.value })}
              />
            )}
          </Field>
          <Field label="Alphabet">
            {(id) => (
              <select
                id={id}
                className={inputClasses}
                value={value.alphabet}
                onChange={(e) => set({ alphabet: e.target.value as RuleDraft['alphabet'] })}
              >
                <option value="ipa">IPA</option>
                <option value="cmu-arpabet">CMU Arpabet</option>
              </select>
            )}
          </Field>
        </>
      )}
    </div>
  );
}
