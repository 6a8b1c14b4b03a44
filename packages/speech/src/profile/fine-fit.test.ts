import { describe, expect, it } from 'vitest';
import { resample } from '../audio/resample';
import { createEspeakEngine } from '../engines/espeak';
import { createFliteEngine } from '../engines/flite';
import { EVERYDAY_SENTENCES, HARVARD_SENTENCES } from '../quality/sentences';
import { concat, synthesizeToPcm } from '../synthesize';
import { fitOnBase, measureSamples } from './clone';
import { fineFitOnBase, fineTarget, sentenceStats } from './fine-fit';
import type { FittedRendering } from './fit';

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

  it('times the rate on the known captcha reading: the clone takes about as long as the speaker on new text', async () => {
    const espeak = await createEspeakEngine();
    const flite = createFliteEngine();
    // The speaker: eSpeak's m3, low and fast. Samples of Harvard sentences; the captcha read aloud.
    const speaker = { engine: espeak, voice: 'en-us+m3', prosody: { pitch: 0.8, rate: 1.15 } };
    const clips = [];
    for (let i = 0; i < 10; i += 2)
      clips.push(await synthesizeToPcm({ ...speaker, text: HARVARD_SENTENCES.slice(i, i + 2).join(' ') }));
    const captcha =
      'I would like to verify that this is my own voice today. The weather is nice and I am reading this out loud.';
    const reading = { audio: await synthesizeToPcm({ ...speaker, text: captcha }), text: captcha };
    const heldOut = EVERYDAY_SENTENCES.join(' ');
    const speakerSeconds = (await measureSamples([await synthesizeToPcm({ ...speaker, text: heldOut })]))
      .speechSeconds;
    const base = { engine: flite, voice: 'kal16' };
    const seconds = async (r: FittedRendering) =>
      (
        await measureSamples([
          await synthesizeToPcm({
            ...base,
            text: heldOut,
            prosody: { ...r.prosody, range: 1 },
            brightnessDb: r.brightnessDb,
          }),
        ])
      ).speechSeconds;
    const error = (s: number) => Math.abs(s / speakerSeconds - 1);

    const target = await fineTarget(clips, reading);
    expect(target.timedReading?.speechSeconds).toBeGreaterThan(3);
    const professional = error(await seconds((await fineFitOnBase(target, base)).rendering));
    const instant = error(
      await seconds((await fitOnBase(await measureSamples(clips), { ...base, steps: 0 })).rendering),
    );
    expect(professional).toBeLessThan(0.06);
    expect(professional).toBeLessThan(instant);
    // Without a reading, the professional rate is the instant one.
    const untimed = await fineFitOnBase(await fineTarget(clips), base);
    expect(untimed.rendering.prosody.rate).toBeCloseTo(
      (await fitOnBase(await measureSamples(clips), { ...base, steps: 0 })).rendering.prosody.rate,
      6,
    );
  }, 120_000);
});
