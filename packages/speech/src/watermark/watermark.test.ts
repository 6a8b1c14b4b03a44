import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../audio/ffmpeg';
import { encodeAudio } from '../audio/encode';
import { resample } from '../audio/resample';
import { classifyPcm, markedProbability } from './classify';
import { detectWatermark, falsePositiveBound, THRESHOLD } from './detect';
import { embedWatermark, WatermarkEmbedder } from './embed';
import { BANDS, PERIOD, patternOf } from './scheme';

const KEY = 'unit-test-key';

/** A speech-like test signal: a gliding harmonic tone (f0 100-180 Hz) in syllable-like bursts, with breath noise. */
function speechLike(seconds: number, rate: number, seed = 1): Int16Array {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  const out = new Int16Array(Math.round(seconds * rate));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    const f0 = 140 + 40 * Math.sin(2 * Math.PI * 0.7 * t);
    phase += (2 * Math.PI * f0) / rate;
    let v = 0;
    for (let h = 1; h * f0 < rate / 2 && h <= 40; h++) v += Math.sin(h * phase + h * h) / h ** 0.7;
    const syllable = Math.max(0, Math.sin(2 * Math.PI * 2.5 * t)) ** 2;
    out[i] = Math.round(2500 * syllable * v + 300 * rand());
  }
  return out;
}

describe('patternOf', () => {
  it('is the same for the same key, different for another, and balanced', () => {
    const a = patternOf(KEY);
    expect(a.length).toBe(PERIOD * BANDS);
    expect(patternOf(KEY)).toEqual(a);
    const b = patternOf('another key');
    const agree = a.reduce((n, v, i) => n + (v === b[i] ? 1 : 0), 0);
    expect(agree / a.length).toBeGreaterThan(0.4);
    expect(agree / a.length).toBeLessThan(0.6);
    const plus = a.filter((v) => v === 1).length;
    expect(Math.abs(plus / a.length - 0.5)).toBeLessThan(0.1);
  });
});

describe('WatermarkEmbedder', () => {
  it('gives the same samples whether the stream comes whole or in blocks split anywhere', () => {
    const pcm = speechLike(1.5, 22050);
    const whole = embedWatermark(pcm, 22050, KEY);
    const e = new WatermarkEmbedder(KEY, 22050);
    const parts: Int16Array[] = [];
    for (let at = 0, n = 1; at < pcm.length; at += n, n = (n * 7 + 13) % 5000)
      parts.push(e.push(pcm.subarray(at, at + n)));
    const joined = new Int16Array(pcm.length);
    parts.reduce((at, p) => (joined.set(p, at), at + p.length), 0);
    expect(joined).toEqual(whole);
  });

  it('stays far below the signal and adds nothing to silence', () => {
    const pcm = speechLike(2, 24000);
    const marked = embedWatermark(pcm, 24000, KEY);
    let mark = 0;
    let sig = 0;
    for (let i = 0; i < pcm.length; i++) {
      mark += (marked[i]! - pcm[i]!) ** 2;
      sig += pcm[i]! ** 2;
    }
    expect(10 * Math.log10(mark / sig)).toBeLessThan(-20);
    expect(embedWatermark(new Int16Array(4800), 24000, KEY)).toEqual(new Int16Array(4800));
  });
});

describe('detectWatermark', () => {
  it('finds the mark at every output rate, and not without it or with another key', async () => {
    for (const rate of [8000, 16000, 22050, 44100]) {
      const pcm = speechLike(4, rate, rate);
      const marked = await resample(embedWatermark(pcm, rate, KEY), rate, 16000);
      const d = detectWatermark(marked, KEY);
      expect(d.marked, `${rate} Hz scored ${d.score}`).toBe(true);
      expect(detectWatermark(marked, 'another key').marked).toBe(false);
      expect(detectWatermark(await resample(pcm, rate, 16000), KEY).marked).toBe(false);
    }
  }, 30_000);

  it('survives mp3 at 64 kbit/s and a cut that starts mid-frame', async () => {
    const pcm = speechLike(6, 44100, 7);
    const mp3 = await encodeAudio(embedWatermark(pcm, 44100, KEY), 44100, 'mp3_44100_64');
    const decoded = await decodeAudio(mp3, 16000);
    const cut = decoded.subarray(16000 + 123, 16000 + 123 + 3 * 16000);
    expect(detectWatermark(cut, KEY).score).toBeGreaterThanOrEqual(THRESHOLD);
  }, 30_000);

  it('states a false-positive bound that falls with the score', () => {
    expect(falsePositiveBound(0)).toBe(1);
    expect(falsePositiveBound(THRESHOLD)).toBeLessThan(1e-3);
    expect(falsePositiveBound(8)).toBeLessThan(falsePositiveBound(6));
    expect(markedProbability(2.5)).toBeLessThan(0.01);
    expect(markedProbability(THRESHOLD)).toBeGreaterThan(0.9);
  });

  it('says a silent clip is not marked', () => {
    const c = classifyPcm(new Int16Array(32000), KEY);
    expect(c.generatedHere).toBe(false);
    expect(c.analysedSeconds).toBe(0);
    expect(c.durationSeconds).toBe(2);
  });
});
