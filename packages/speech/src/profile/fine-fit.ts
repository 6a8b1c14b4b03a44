/**
 * The professional ("fine") profile of a voice (decision 086). Instant cloning measures the samples as
 * one recording. The professional fit cuts the samples into sentences (segments.ts) and measures each:
 * the target pitch is the median of the sentences' medians (a few hesitant or shouted sentences cannot
 * pull it), and it keeps per-sentence statistics with the profile (sentence pitch spread, sentence
 * rate, pause lengths, and the pitch contour's shape: first, middle and last third of a sentence
 * against its median). Pitch, range and brightness are fitted from the base voice's calibration
 * measure (clone.ts). The rate is timed on known words (decision 088): the accepted captcha reading is
 * a recording of a known text by the speaker, so the base voice reads the same text and the rate
 * multiplier is the ratio of the two speaking times; without one, the whole-sample syllable rate as
 * for an instant clone. Measured against instant cloning on held-out speech (docs/benchmarks.md,
 * "Professional against instant"). Tried and dropped: the sentences' median rate with a 40 s
 * calibration text, calibrating on a PocketSphinx transcript of the samples (recogniser errors), a
 * closed-loop correction step, and syllable-rate ratios on the captcha text (syllable nuclei merge).
 */
import { pitchTrack } from '../dsp/pitch';
import { resample } from '../audio/resample';
import { synthesizeToPcm } from '../synthesize';
import { fitOnBase, measureSamples, MEASURE_RATE, type BaseVoice, type MonoAudio } from './clone';
import { IDENTITY, withRate, type FitResult } from './fit';
import { measureVoice, type VoiceMeasure } from './measure';
import { sliceSegment, speechSegments } from './segments';

/** What the professional profile keeps beyond the instant measure. */
export interface SentenceStats {
  sentences: number;
  /** Median over sentences of each one's median f0, Hz, and the spread (10th..90th percentile) of those. */
  sentencePitchMedianHz: number;
  sentencePitchSpreadSemitones: number;
  /** Median syllable rate of sentences of at least one second, syllables per second. */
  sentenceRateMedian: number;
  /** Median and 90th percentile of pauses between sentences, seconds. */
  pauseMedianSeconds: number;
  pauseP90Seconds: number;
  /** Pitch contour shape: median f0 of a sentence's first, middle and last third over its median, semitones. */
  contourSemitones: [number, number, number];
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : NaN;
};
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const round = (v: number, d = 2) => (Number.isFinite(v) ? Math.round(v * 10 ** d) / 10 ** d : 0);

/** Per-sentence pitch, rate, pause and contour statistics of 16 kHz clips. */
export function sentenceStats(clips: Int16Array[]): SentenceStats {
  const pitches: number[] = [];
  const rates: number[] = [];
  const pauses: number[] = [];
  const thirds: [number[], number[], number[]] = [[], [], []];
  for (const pcm of clips) {
    const segments = speechSegments(pcm, MEASURE_RATE);
    segments.forEach((s, i) => {
      if (i) pauses.push(s.start - segments[i - 1]!.end);
      const part = sliceSegment(pcm, MEASURE_RATE, s);
      const f0 = pitchTrack(part, MEASURE_RATE).f0;
      if (f0.length < 5) return;
      const med = q(f0, 0.5);
      pitches.push(med);
      for (let k = 0; k < 3; k++) {
        const third = f0.slice(Math.floor((k * f0.length) / 3), Math.floor(((k + 1) * f0.length) / 3));
        if (third.length) thirds[k]!.push(12 * Math.log2(q(third, 0.5) / med));
      }
      if (s.end - s.start >= 1) {
        const m = measureVoice(part, MEASURE_RATE);
        if (Number.isFinite(m.syllablesPerSecond)) rates.push(m.syllablesPerSecond);
      }
    });
  }
  return {
    sentences: pitches.length,
    sentencePitchMedianHz: round(q(pitches, 0.5), 1),
    sentencePitchSpreadSemitones: round(
      pitches.length ? 12 * Math.log2(q(pitches, 0.9) / q(pitches, 0.1)) : 0,
    ),
    sentenceRateMedian: round(q(rates, 0.5)),
    pauseMedianSeconds: round(q(pauses, 0.5)),
    pauseP90Seconds: round(q(pauses, 0.9)),
    contourSemitones: thirds.map((t) => round(mean(t))) as [number, number, number],
  };
}

/** A recording of known words by the speaker: the accepted captcha reading (decision 088). */
export interface KnownReading {
  audio: MonoAudio;
  text: string;
}

/** The samples' measure with the pitch taken per sentence (the whole-sample one when no sentence had pitch). */
export interface FineTarget {
  measure: VoiceMeasure;
  stats: SentenceStats;
  /** The speaker's speaking time (pauses left out) of a known text, when a reading was given. */
  timedReading?: { text: string; speechSeconds: number };
}

/** Measures the samples (and the known reading, when given) for a professional fit. */
export async function fineTarget(clips: MonoAudio[], reading?: KnownReading): Promise<FineTarget> {
  const whole = await measureSamples(clips);
  const at16k: Int16Array[] = [];
  for (const c of clips) at16k.push(await resample(c.pcm, c.sampleRate, MEASURE_RATE));
  const stats = sentenceStats(at16k);
  const timed = reading ? (await measureSamples([reading.audio])).speechSeconds : NaN;
  return {
    stats,
    measure: { ...whole, pitchHz: stats.sentencePitchMedianHz || whole.pitchHz },
    ...(reading && timed > 0 ? { timedReading: { text: reading.text, speechSeconds: timed } } : {}),
  };
}

const readingTimes = new Map<string, Promise<number>>();

/** The base voice's speaking time of a text as it is (kept per process: a captcha text recurs). */
function baseReadingSeconds(base: Omit<BaseVoice, 'steps'>, text: string): Promise<number> {
  const key = `${base.engine.id}:${base.voice}:${base.language ?? ''}:${text}`;
  let time = readingTimes.get(key);
  if (!time) {
    time = synthesizeToPcm({
      engine: base.engine,
      voice: base.voice,
      language: base.language,
      text,
      prosody: { ...IDENTITY.prosody, range: 1 },
    }).then(async (a) => (await measureSamples([a])).speechSeconds);
    readingTimes.set(key, time);
    time.catch(() => readingTimes.delete(key));
  }
  return time;
}

/**
 * Fits a professional rendering of `target` on a base voice: pitch, range and brightness from its
 * calibration measure; the rate from the known reading when there is one (one short synthesis of its
 * text per base voice: the rate that makes the base voice take as long as the speaker did).
 */
export async function fineFitOnBase(target: FineTarget, base: Omit<BaseVoice, 'steps'>): Promise<FitResult> {
  const fit = await fitOnBase(target.measure, { ...base, steps: 0 });
  if (!target.timedReading) return fit;
  const baseSeconds = await baseReadingSeconds(base, target.timedReading.text);
  if (!(baseSeconds > 0)) return fit;
  return { ...fit, rendering: withRate(fit.rendering, baseSeconds / target.timedReading.speechSeconds) };
}
