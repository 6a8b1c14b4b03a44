import { describe, expect, it } from 'vitest';
import { resample } from '../audio/resample';
import { createFliteEngine } from '../engines/flite';
import { EVERYDAY_SENTENCES } from '../quality/sentences';
import { synthesizeToPcm } from '../synthesize';
import { isolateVoice } from './isolate';
import { makeNoise, mixAtSnr, snrDb } from './snr';
import { speechFrames } from './voice-gate';

/** Stated floor (decision 096): at least 5 dB better SNR on steady noise mixed at 0 and 5 dB. */
const MIN_IMPROVEMENT_DB = 5;

describe('voice isolation', () => {
  let clean: Int16Array;
  const speech = async () => {
    if (!clean) {
      const s = await synthesizeToPcm({
        engine: createFliteEngine(),
        voice: 'slt',
        text: EVERYDAY_SENTENCES.slice(0, 3).join(' '),
        speakerBoost: true,
      });
      clean = await resample(s.pcm, s.sampleRate, 16000);
    }
    return clean;
  };

  it.each([
    ['white', 0],
    ['white', 5],
    ['pink', 0],
    ['pink', 5],
    ['hum', 0],
    ['hum', 5],
  ] as const)(
    'improves speech in %s noise at %s dB SNR by at least 5 dB, keeping its length',
    async (kind, db) => {
      const s = await speech();
      const mix = mixAtSnr(s, makeNoise(kind, 4, 16000), db);
      expect(snrDb(s, mix)).toBeCloseTo(db, 0);
      const out = isolateVoice(mix);
      expect(out.length).toBe(mix.length);
      expect(snrDb(s, out) - snrDb(s, mix)).toBeGreaterThan(MIN_IMPROVEMENT_DB);
    },
    60_000,
  );

  it('leaves clean speech nearly untouched', async () => {
    const s = await speech();
    expect(snrDb(s, isolateVoice(s))).toBeGreaterThan(20);
  }, 60_000);

  it('finds the speech frames and not the silence around them', () => {
    const rate = 16000;
    const pcm = new Int16Array(rate * 2);
    for (let i = rate / 2; i < rate; i++)
      pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 200 * i) / rate));
    for (let i = 0; i < pcm.length; i++) pcm[i]! += ((i * 7919) % 61) - 30; // faint hiss
    const frames = speechFrames(pcm, rate);
    expect(frames[10]).toBe(0);
    expect(frames[30]).toBe(1);
    expect(frames[45]).toBe(1);
    expect(frames[80]).toBe(0);
  });
});
