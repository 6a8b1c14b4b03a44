import { describe, expect, it } from 'vitest';
import { resample } from '../audio/resample';
import { createFliteEngine } from '../engines/flite';
import { HARVARD_SENTENCES } from '../quality/sentences';
import { concat, synthesizeToPcm } from '../synthesize';
import { fineTarget, sentenceStats } from './fine-fit';

const RATE = 16000;

describe('the professional profile', () => {
  it('measures sentence by sentence: count, pause lengths, pitch per sentence, falling contour', async () => {
    const flite = createFliteEngine();
    const parts: Int16Array[] = [];
    const pause = new Int16Array(RATE * 0.8);
    for (const text of HARVARD_SENTENCES.slice(0, 4)) {
      const a = await synthesizeToPcm({ engine: flite, voice: 'slt', text });
      parts.push(await resample(a.pcm, a.sampleRate, RATE), pause);
    }
    const stats = sentenceStats([concat(parts)]);
    expect(stats.sentences).toBe(4);
    // The 0.8 s pauses between sentences, plus the synthesizer's own silence at each sentence's ends.
    expect(stats.pauseMedianSeconds).toBeGreaterThan(0.8);
    expect(stats.pauseMedianSeconds).toBeLessThan(1.6);
    expect(stats.sentencePitchMedianHz).toBeGreaterThan(150);
    expect(stats.sentenceRateMedian).toBeGreaterThan(2);
    // Declarative sentences fall: the last third sits below the first.
    expect(stats.contourSemitones[2]).toBeLessThan(stats.contourSemitones[0]);

    const target = await fineTarget([{ pcm: concat(parts), sampleRate: RATE }]);
    expect(target.measure.pitchHz).toBe(stats.sentencePitchMedianHz);
  }, 60_000);
});
