import { describe, expect, it } from 'vitest';
import type { DubSegment, DubSpeaker } from '../../db/schema/dubs';
import { clipBytes, clipKey, clipPcm, isStale, secondsToSpeak } from './dub-clips';

const voice: DubSpeaker['voices'][string] = {
  voice: 'es+f3',
  gender: 'female',
  rendering: { prosody: { pitch: 1.1, rate: 0.95, pitchVariation: 1 }, brightnessDb: 0.5 },
};
const seg = (over: Partial<DubSegment> = {}): DubSegment => ({
  id: 'a',
  speaker: 0,
  start: 1,
  end: 3,
  text: 'Good morning.',
  translations: { es: 'Buenos días.' },
  ...over,
});
const speakers: DubSpeaker[] = [{ id: 0, voices: { es: voice } }];
const spoken = (s: DubSegment): DubSegment => ({
  ...s,
  clips: { es: { path: 'p', key: clipKey(s, 'es', voice), tempo: 1 } },
});

describe('spoken clips of dub segments (decision 180)', () => {
  it('keeps a clip while words, slot length and voice are the same, whatever the key order jsonb gives', () => {
    const s = spoken(seg());
    expect(isStale({ speakers }, s, 'es')).toBe(false);
    // jsonb reorders object keys: the key must not depend on them.
    const reordered = JSON.parse(
      JSON.stringify({ rendering: voice.rendering, gender: 'female', voice: 'es+f3' }),
    );
    expect(clipKey(s, 'es', reordered)).toBe(clipKey(s, 'es', voice));
    // Moved without changing its length: the same speech fits.
    expect(isStale({ speakers }, { ...s, start: 2, end: 4 }, 'es')).toBe(false);
  });

  it('speaks again after the translation, the slot length or the voice changed', () => {
    const s = spoken(seg());
    expect(isStale({ speakers }, { ...s, translations: { es: 'Hola.' } }, 'es')).toBe(true);
    expect(isStale({ speakers }, { ...s, end: 3.5 }, 'es')).toBe(true);
    expect(isStale({ speakers: [{ id: 0, voices: { es: { ...voice, voice: 'es+m2' } } }] }, s, 'es')).toBe(
      true,
    );
    expect(isStale({ speakers }, { ...s, speaker: 1 }, 'es')).toBe(true);
    // A language never spoken; a silent segment has nothing to speak.
    expect(isStale({ speakers }, { ...s, translations: { ...s.translations, fr: 'Bonjour.' } }, 'fr')).toBe(
      true,
    );
    expect(isStale({ speakers }, { ...s, translations: { es: ' ' } }, 'es')).toBe(false);
  });

  it('counts the seconds of slots to speak per language, for the chosen segments only', () => {
    const row = {
      speakers,
      segments: [spoken(seg()), seg({ id: 'b', start: 4, end: 6.5 }), seg({ id: 'c', start: 7, end: 8 })],
    };
    expect(secondsToSpeak(row, ['es'], null)).toEqual({ es: 3.5 });
    expect(secondsToSpeak(row, ['es'], ['a', 'c'])).toEqual({ es: 1 });
  });

  it('stores clips as little-endian 16-bit samples', () => {
    const pcm = Int16Array.from([0, 1, -1, 32767, -32768]);
    expect([...clipPcm(clipBytes(pcm))]).toEqual([...pcm]);
  });
});
