import { describe, expect, it } from 'vitest';
import { applyEspeakPhonemes, espeakPhonemes, espeakRules } from './espeak-phonemes';

describe('phoneme rules for eSpeak-NG', () => {
  it('renders IPA in eSpeak English mnemonics, stress marks included', () => {
    expect(espeakPhonemes({ phoneme: 'pəˈteɪtoʊ', alphabet: 'ipa' })).toBe("p@'teItoU");
    expect(espeakPhonemes({ phoneme: '/təˈmɑːtoʊ/', alphabet: 'ipa' })).toBe("t@'mA:toU");
    expect(espeakPhonemes({ phoneme: 'ˈθɪŋk ˈðæt', alphabet: 'ipa' })).toBe("'TINk 'Dat");
    expect(espeakPhonemes({ phoneme: 'tʃɜːtʃ', alphabet: 'ipa' })).toBe('tS3:tS');
  });

  it('renders CMU Arpabet, with reduced AH0 and ER0 and stress before the vowel', () => {
    expect(espeakPhonemes({ phoneme: 'P AH0 T EY1 T OW2', alphabet: 'cmu-arpabet' })).toBe("p@t'eIt,oU");
    expect(espeakPhonemes({ phoneme: 'B ER1 D', alphabet: 'cmu-arpabet' })).toBe("b'3:d");
    expect(espeakPhonemes({ phoneme: 'W AO1 T ER0', alphabet: 'cmu-arpabet' })).toBe("w'O:t3");
  });

  it('refuses a symbol outside the English phone set instead of guessing', () => {
    expect(espeakPhonemes({ phoneme: 'ʁɛ̃', alphabet: 'ipa' })).toBeNull();
    expect(espeakPhonemes({ phoneme: 'P XX T', alphabet: 'cmu-arpabet' })).toBeNull();
    expect(espeakPhonemes({ phoneme: 'ˈ', alphabet: 'ipa' })).toBeNull();
    expect(espeakPhonemes({ phoneme: 'pa', alphabet: 'x-sampa' })).toBeNull();
  });

  it('replaces whole words with [[mnemonics]], first dictionary first, leaving alias and unrenderable rules out', () => {
    const rules = espeakRules([
      [
        { type: 'phoneme', string_to_replace: 'tomato', phoneme: 'pəˈteɪtoʊ', alphabet: 'ipa' },
        { type: 'alias', string_to_replace: 'soup', alias: 'stew' },
        { type: 'phoneme', string_to_replace: 'roux', phoneme: 'ʁu', alphabet: 'ipa' },
      ],
      [
        {
          type: 'phoneme',
          string_to_replace: 'tomato',
          phoneme: 'T AH0 M EY1 T OW2',
          alphabet: 'cmu-arpabet',
        },
      ],
    ]);
    expect(rules).toEqual([
      {
        string_to_replace: 'tomato',
        case_sensitive: undefined,
        word_boundaries: undefined,
        espeak: "p@'teItoU",
      },
    ]);
    expect(applyEspeakPhonemes('A tomato soup, tomatoes and Tomato roux.', rules)).toBe(
      "A [[p@'teItoU]] soup, tomatoes and Tomato roux.",
    );
    expect(
      applyEspeakPhonemes(
        'Tomato.',
        espeakRules([
          [
            {
              type: 'phoneme',
              string_to_replace: 'tomato',
              phoneme: 'pəˈteɪtoʊ',
              alphabet: 'ipa',
              case_sensitive: false,
            },
          ],
        ]),
      ),
    ).toBe("[[p@'teItoU]].");
  });
});
