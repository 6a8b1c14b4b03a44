import { describe, expect, it } from 'vitest';
import { resample } from '../audio/resample';
import { createEspeakEngine } from '../engines/espeak';
import { createFliteEngine } from '../engines/flite';
import { measureVoice } from '../profile/measure';
import { findRecogniser, transcribe } from '../quality/pocketsphinx';
import { EVERYDAY_SENTENCES } from '../quality/sentences';
import { wordAccuracy } from '../quality/word-accuracy';
import { synthesizeToPcm } from '../synthesize';
import { conversionPlan, convertVoice } from './voice-convert';

/** Stated tolerances (decision 095): pitch median within 5 % of the target; recogniser accuracy drops ≤ 15 points. */
const PITCH_TOLERANCE = 0.05;
const ACCURACY_DROP = 0.15;
const RATE = 16000;
const flite = createFliteEngine();

async function speak(voice: string, text: string, engine = flite, prosody = {}) {
  const s = await synthesizeToPcm({ engine, voice, text, prosody, speakerBoost: true });
  return resample(s.pcm, s.sampleRate, RATE);
}

describe('DSP speech-to-speech conversion', () => {
  const texts = EVERYDAY_SENTENCES.slice(0, 4);

  it.each([
    [
      'a male voice up to a female target',
      'kal16',
      { pitchHz: 200, pitchRangeSemitones: 5, brightnessDb: -12 },
    ],
    [
      'a female voice down to a male target',
      'slt',
      { pitchHz: 105, pitchRangeSemitones: 4, brightnessDb: -16 },
    ],
    [
      'a male voice to a lower male target',
      'kal16',
      { pitchHz: 80, pitchRangeSemitones: 3, brightnessDb: -14 },
    ],
  ])(
    'moves %s: pitch median within 5 %, length kept',
    async (_, voice, target) => {
      const pcm = await speak(voice, texts.join(' '));
      const { pcm: out, report } = convertVoice(pcm, RATE, target);
      expect(out.length).toBe(pcm.length);
      expect(report.unvoiced).toBe(false);
      const got = measureVoice(out, RATE);
      expect(Math.abs(got.pitchHz / target.pitchHz - 1)).toBeLessThan(PITCH_TOLERANCE);
      // The brightness moves toward the target's.
      const before = measureVoice(pcm, RATE).brightnessDb;
      expect(Math.abs(got.brightnessDb - target.brightnessDb)).toBeLessThan(
        Math.abs(before - target.brightnessDb) + 0.5,
      );
    },
    60_000,
  );

  it('keeps the intonation shape: the range scales by the plan, the median by the target', async () => {
    const espeak = await createEspeakEngine();
    const pcm = await speak('en-us+m3', texts.join(' '), espeak);
    const source = measureVoice(pcm, RATE);
    const target = {
      pitchHz: 180,
      pitchRangeSemitones: source.pitchRangeSemitones * 1.5,
      brightnessDb: source.brightnessDb,
    };
    const got = measureVoice(convertVoice(pcm, RATE, target).pcm, RATE);
    expect(got.pitchRangeSemitones / source.pitchRangeSemitones).toBeGreaterThan(1.2);
    expect(got.pitchRangeSemitones / source.pitchRangeSemitones).toBeLessThan(1.8);
  }, 60_000);

  it('leaves the words recognisable (PocketSphinx accuracy before and after)', async (ctx) => {
    const recogniser = await findRecogniser();
    if (!recogniser) return ctx.skip();
    const text = texts.join(' ');
    const pcm = await speak('slt', text);
    const out = convertVoice(pcm, RATE, { pitchHz: 120, pitchRangeSemitones: 4, brightnessDb: -15 }).pcm;
    const before = wordAccuracy([{ reference: text, hypothesis: await transcribe(recogniser, pcm, RATE) }]);
    const after = wordAccuracy([{ reference: text, hypothesis: await transcribe(recogniser, out, RATE) }]);
    expect(before).toBeGreaterThan(0.6);
    expect(after).toBeGreaterThan(before - ACCURACY_DROP);
  }, 120_000);

  it('plans formants from the pitch ratio and limits every factor', () => {
    const source = {
      ...measureVoice(new Int16Array(0), RATE),
      pitchHz: 100,
      pitchRangeSemitones: 4,
      brightnessDb: -10,
    };
    expect(conversionPlan(source, { pitchHz: 200, pitchRangeSemitones: 8, brightnessDb: -14 })).toMatchObject(
      {
        targetPitchHz: 200,
        rangeFactor: 2,
        formantScale: 1.2, // 2 ** 0.3 = 1.23, limited
        brightnessDb: -4,
        unvoiced: false,
      },
    );
    expect(conversionPlan(source, { pitchHz: 50, pitchRangeSemitones: 40, brightnessDb: 30 })).toMatchObject({
      rangeFactor: 2.5,
      formantScale: 0.85,
      brightnessDb: 9,
    });
  });

  it('only changes brightness of audio without voiced frames', () => {
    let seed = 1;
    const noise = Int16Array.from({ length: RATE }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.round((seed / 2147483648 - 0.5) * 6000);
    });
    const { report } = convertVoice(noise, RATE, { pitchHz: 200, pitchRangeSemitones: 4, brightnessDb: -10 });
    expect(report.formantScale).toBe(1);
  });
});
