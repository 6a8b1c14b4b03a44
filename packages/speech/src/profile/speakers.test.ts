import { describe, expect, it } from 'vitest';
import { resample } from '../audio/resample';
import { createEspeakEngine } from '../engines/espeak';
import { createFliteEngine } from '../engines/flite';
import { HARVARD_SENTENCES } from '../quality/sentences';
import { concat, synthesizeToPcm } from '../synthesize';
import { poolFeatures, separateSpeakers, speakerAudio, speakerDistance, voiceFeatures } from './speakers';

const RATE = 16000;

async function say(engine: Parameters<typeof synthesizeToPcm>[0]['engine'], voice: string, text: string) {
  const a = await synthesizeToPcm({ engine, voice, text });
  return resample(a.pcm, a.sampleRate, RATE);
}

describe('speaker separation', () => {
  it('splits a dialogue of a low male and a high female voice into two speakers at the right turns', async () => {
    const espeak = await createEspeakEngine();
    const flite = createFliteEngine();
    const gap = new Int16Array(RATE * 0.7);
    const turns: { who: 'm' | 'f'; pcm: Int16Array }[] = [];
    for (let i = 0; i < 6; i++) {
      const who = i % 2 ? 'f' : 'm';
      const text = HARVARD_SENTENCES[i]!;
      turns.push({
        who,
        pcm: who === 'm' ? await say(espeak, 'en-us+m3', text) : await say(flite, 'slt', text),
      });
    }
    const clip = concat(turns.flatMap((t) => [t.pcm, gap]));
    let at = 0;
    const truth = turns.map((t) => {
      const r = { who: t.who, start: at / RATE, end: (at + t.pcm.length) / RATE };
      at += t.pcm.length + gap.length;
      return r;
    });

    const speakers = separateSpeakers(clip, RATE);
    expect(speakers).toHaveLength(2);
    // Every segment lies inside one turn, and each speaker's segments all belong to one voice.
    const whoOf = (s: { start: number; end: number }) =>
      truth.find((t) => s.start >= t.start - 0.05 && s.end <= t.end + 0.1)?.who;
    const voices = speakers.map((sp) => new Set(sp.segments.map(whoOf)));
    expect(voices.map((v) => [...v])).toEqual(expect.arrayContaining([['m'], ['f']]));
    const female = speakers.find((sp) => whoOf(sp.segments[0]!) === 'f')!;
    expect(female.pitchHz).toBeGreaterThan(160);
    // The speaker's audio holds its own turns only (with short joins).
    const femaleSeconds = truth.filter((t) => t.who === 'f').reduce((s, t) => s + t.end - t.start, 0);
    const audio = speakerAudio(clip, RATE, female.segments);
    expect(audio.length / RATE).toBeGreaterThan(femaleSeconds * 0.8);
    expect(audio.length / RATE).toBeLessThan(femaleSeconds + 2);
  }, 60_000);

  it('keeps one reader of several sentences as one speaker', async () => {
    const flite = createFliteEngine();
    const gap = new Int16Array(RATE * 0.7);
    const parts: Int16Array[] = [];
    for (const text of HARVARD_SENTENCES.slice(0, 5)) parts.push(await say(flite, 'kal16', text), gap);
    const speakers = separateSpeakers(concat(parts), RATE);
    expect(speakers).toHaveLength(1);
    expect(speakers[0]!.segments.length).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it('places two readings of one voice close together and a different voice far away (the captcha check)', async () => {
    const espeak = await createEspeakEngine();
    const flite = createFliteEngine();
    const features = async (engine: Parameters<typeof say>[0], voice: string, texts: string[]) =>
      voiceFeatures(concat(await Promise.all(texts.map((t) => say(engine, voice, t)))), RATE)!;
    const samples = poolFeatures([
      await features(flite, 'kal16', HARVARD_SENTENCES.slice(0, 2)),
      await features(flite, 'kal16', HARVARD_SENTENCES.slice(2, 4)),
    ])!;
    const sameVoice = (await features(flite, 'kal16', HARVARD_SENTENCES.slice(6, 7))).features;
    const woman = (await features(flite, 'slt', HARVARD_SENTENCES.slice(6, 7))).features;
    const otherMan = (await features(espeak, 'en-us+m3', HARVARD_SENTENCES.slice(6, 7))).features;
    expect(speakerDistance(samples, sameVoice)).toBeLessThan(2);
    expect(speakerDistance(samples, woman)).toBeGreaterThan(6);
    expect(speakerDistance(samples, otherMan)).toBeGreaterThan(speakerDistance(samples, sameVoice));
    expect(voiceFeatures(new Int16Array(RATE), RATE)).toBeUndefined();
  }, 60_000);
});
