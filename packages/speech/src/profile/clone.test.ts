import { describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../engines/espeak';
import { createFliteEngine } from '../engines/flite';
import { EVERYDAY_SENTENCES, HARVARD_SENTENCES } from '../quality/sentences';
import { synthesizeToPcm } from '../synthesize';
import { fitOnBase, measureSamples } from './clone';
import { baseGender } from './fit';
import type { VoiceMeasure } from './measure';

/** Stated tolerances of a profile clone (docs/decisions/060): pitch median ±6 %, speech rate ±15 %. */
const PITCH_TOLERANCE = 0.06;
const RATE_TOLERANCE = 0.15;

const flite = createFliteEngine();

/** Clones a sample onto Flite and speaks other text with the clone. */
async function cloneAndSpeak(sample: { pcm: Int16Array; sampleRate: number }) {
  const target = await measureSamples([sample]);
  const voice = baseGender(target.pitchHz) === 'female' ? 'slt' : 'kal16';
  const { rendering } = await fitOnBase(target, { engine: flite, voice, steps: 0 });
  const spoken = await synthesizeToPcm({
    engine: flite,
    voice,
    text: EVERYDAY_SENTENCES.join(' '),
    prosody: { ...rendering.prosody, range: 1 },
    brightnessDb: rendering.brightnessDb,
    speakerBoost: true,
  });
  return { target, voice, got: await measureSamples([spoken]) };
}

const near = (got: number, want: number, tolerance: number) => Math.abs(got / want - 1) <= tolerance;

describe('a profile clone', () => {
  let low: { target: VoiceMeasure; voice: string; got: VoiceMeasure };
  let high: { target: VoiceMeasure; voice: string; got: VoiceMeasure };

  it('speaks like a low, quick male sample (eSpeak) on a male base voice', async () => {
    const espeak = await createEspeakEngine();
    const sample = await synthesizeToPcm({
      engine: espeak,
      voice: 'en-us+m3',
      text: HARVARD_SENTENCES.join(' '),
      prosody: { pitch: 0.8, rate: 1.15 },
    });
    low = await cloneAndSpeak(sample);
    expect(low.target.pitchHz).toBeLessThan(110);
    expect(low.voice).toBe('kal16');
    expect(near(low.got.pitchHz, low.target.pitchHz, PITCH_TOLERANCE)).toBe(true);
    expect(near(low.got.syllablesPerSecond, low.target.syllablesPerSecond, RATE_TOLERANCE)).toBe(true);
  }, 120_000);

  it('speaks like a high, slow female sample (Flite slt shifted up) on a female base voice', async () => {
    const sample = await synthesizeToPcm({
      engine: flite,
      voice: 'slt',
      text: HARVARD_SENTENCES.join(' '),
      prosody: { pitch: 1.3, rate: 0.85 },
    });
    high = await cloneAndSpeak(sample);
    expect(high.target.pitchHz).toBeGreaterThan(200);
    expect(high.voice).toBe('slt');
    expect(near(high.got.pitchHz, high.target.pitchHz, PITCH_TOLERANCE)).toBe(true);
    expect(near(high.got.syllablesPerSecond, high.target.syllablesPerSecond, RATE_TOLERANCE)).toBe(true);
  }, 120_000);

  it('tells the two clones apart: each is nearer its own sample than the other', () => {
    const distance = (a: VoiceMeasure, b: VoiceMeasure) =>
      Math.abs(Math.log2(a.pitchHz / b.pitchHz)) +
      Math.abs(Math.log2(a.syllablesPerSecond / b.syllablesPerSecond));
    expect(distance(low.got, low.target)).toBeLessThan(distance(low.got, high.target));
    expect(distance(high.got, high.target)).toBeLessThan(distance(high.got, low.target));
    expect(high.got.pitchHz / low.got.pitchHz).toBeGreaterThan(1.8);
  });
});
