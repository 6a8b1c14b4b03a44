import { describe, expect, it } from 'vitest';

import { languageHint, modelLanguages, modelSummary, voiceLanguage } from './model-summary';

const lang = (name: string, id = name.toLowerCase()) => ({ language_id: id, name });
const english = {
  name: 'English',
  languages: [lang('English', 'en'), lang('American English', 'en-us'), lang('British English', 'en-gb')],
  maximum_text_length_per_request: 5000,
};
const many = {
  name: 'Multi',
  languages: Array.from({ length: 138 }, (_, i) => lang(`L${i}`, `l${i}`)),
  maximum_text_length_per_request: 10000,
};
const two = {
  name: 'Two',
  languages: [lang('German', 'de'), lang('French', 'fr')],
  maximum_text_length_per_request: 5000,
};
const kal = { name: 'Kal', labels: { accent: 'american', gender: 'male' } };

describe('modelLanguages', () => {
  it.each([
    [english, 'English only'],
    [many, '138 languages'],
    [two, 'German and French'],
    [{ languages: [lang('German')] }, 'German only'],
    [{ languages: [] }, ''],
  ])('%#', (model, expected) => expect(modelLanguages(model)).toBe(expected));
});

describe('modelSummary', () => {
  it('says languages and the request size, no engine names', () => {
    expect(modelSummary(english)).toBe('English only, up to 5,000 characters per generation.');
    expect(modelSummary(many)).toBe('138 languages, up to 10,000 characters per generation.');
    expect(modelSummary({ languages: [], maximum_text_length_per_request: 300 })).toBe(
      'Up to 300 characters per generation.',
    );
  });
});

describe('voiceLanguage', () => {
  it('names the language label through the model, else the accent', () => {
    expect(voiceLanguage({ labels: { language: 'de' } }, two)).toBe('German');
    expect(voiceLanguage({ labels: { language: 'xx' } }, two)).toBe('xx');
    expect(voiceLanguage(kal)).toBe('American English');
    expect(voiceLanguage({ labels: { accent: 'martian' } })).toBeNull();
    expect(voiceLanguage({ labels: {} })).toBeNull();
  });
});

describe('languageHint', () => {
  it.each([
    [kal, english, 'Write in English: this model reads English only.'],
    [
      kal,
      many,
      'Kal speaks American English best. This model reads 138 languages: write in the language you want to hear.',
    ],
    [
      { name: 'X', labels: {} },
      two,
      'This model reads German and French: write in the language you want to hear.',
    ],
    [undefined, many, 'This model reads 138 languages: write in the language you want to hear.'],
    [kal, undefined, null],
  ])('%#', (voice, model, expected) => expect(languageHint(voice, model)).toBe(expected));
});
