import type { Voice } from '@vocalis/contracts/voices';
import { describe, expect, it } from 'vitest';

import { defaultVoices, labelValues, myVoices, profileSummary } from './my-voices';

const voice = (o: Partial<Voice>): Voice =>
  ({
    voice_id: o.name ?? 'x',
    name: 'x',
    category: 'cloned',
    description: null,
    labels: {},
    preview_url: null,
    created_at_unix: 0,
    ...o,
  }) as Voice;

describe('myVoices', () => {
  const list = [
    voice({ name: 'Bravo', created_at_unix: 2, labels: { accent: 'irish' } }),
    voice({ name: 'alpha', created_at_unix: 3, category: 'generated' }),
    voice({ name: 'Rachel', category: 'premade' }),
    voice({ name: 'Charlie', created_at_unix: 1, category: 'professional' }),
  ];

  it('lists only the workspace’s own voices, newest first by default order', () => {
    expect(myVoices(list, '', 'newest').map((v) => v.name)).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(myVoices(list, '', 'oldest').map((v) => v.name)).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(myVoices(list, '', 'name').map((v) => v.name)).toEqual(['alpha', 'Bravo', 'Charlie']);
  });

  it('searches names, descriptions and labels', () => {
    expect(myVoices(list, 'IRISH', 'name').map((v) => v.name)).toEqual(['Bravo']);
  });
});

describe('default voices', () => {
  const premade = [
    voice({
      name: 'A',
      category: 'premade',
      labels: { gender: 'female', accent: 'british', use_case: 'narration' },
    }),
    voice({
      name: 'B',
      category: 'premade',
      labels: { gender: 'male', accent: 'american', use_case: 'news' },
    }),
    voice({ name: 'C', category: 'cloned', labels: { gender: 'male' } }),
  ];
  it('filters premade voices by gender, accent and use case', () => {
    expect(
      defaultVoices(premade, { gender: 'male', accent: '', useCase: '' }, '').map((v) => v.name),
    ).toEqual(['B']);
    expect(
      defaultVoices(premade, { gender: '', accent: 'british', useCase: 'narration' }, '').map((v) => v.name),
    ).toEqual(['A']);
    expect(labelValues(premade, 'gender')).toEqual(['female', 'male']);
  });
});

describe('profileSummary', () => {
  it('says what was fitted and that it is not a neural clone (decision 060)', () => {
    const s = profileSummary({
      voice_profile: {
        kind: 'profile',
        base_gender: 'male',
        pitch_median_hz: 112.4,
        pitch_range_semitones: 5.25,
        syllables_per_second: 4.12,
        brightness_db: -2.3,
        loudness_dbfs: -20,
        speech_seconds: 12,
      },
    });
    expect(s).toBe(
      "A built-in male voice fitted to the samples: pitch 112 Hz (range 5.3 semitones), pace 4.1 syllables/s, brightness -2.3 dB. Not a neural clone: the speaker's timbre is not reproduced.",
    );
    expect(profileSummary({ voice_profile: null })).toBeNull();
  });
});
