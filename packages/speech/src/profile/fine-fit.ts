/**
 * The professional ("fine") profile of a voice (decision 086). Instant cloning measures the samples as
 * one recording and fits each engine from the base voice's measure on a 12 s calibration text. With
 * more speech the professional fit is finer:
 * 1. per-sentence statistics: the samples are cut into sentences (segments.ts) and measured one by
 *    one; the target pitch is the median of the sentences' medians and the target rate the median of
 *    the sentences' syllable rates (sentences of 1 s or more), which a few fast or hesitant sentences
 *    and the pauses between them cannot pull; pause lengths and the pitch contour's shape (first,
 *    middle, last third of a sentence against its median) are kept with the profile;
 * 2. a longer calibration: each base voice is measured on 28 sentences (three Harvard lists, none of
 *    them in the tests' samples or held-out text) instead of 8, so its rate is less a property of one
 *    text's syllable structure.
 * Tried and dropped (docs/benchmarks.md): calibrating on a PocketSphinx transcript of the samples (the
 * recogniser's words of synthetic speech are poor, and it cost 10–26 s per voice) and a closed-loop
 * correction step (moved pitch off).
 */
import { pitchTrack } from '../dsp/pitch';
import { resample } from '../audio/resample';
import { synthesizeToPcm } from '../synthesize';
import { CALIBRATION_TEXT, measureSamples, MEASURE_RATE, type BaseVoice, type MonoAudio } from './clone';
import { fitRendering, IDENTITY, type FitResult, type FittedRendering } from './fit';
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

/** Harvard lists 3 and 4 after list 2 (clone.ts): the professional calibration text, about 40 s. */
export const LONG_CALIBRATION_TEXT = [
  CALIBRATION_TEXT,
  'The small pup gnawed a hole in the sock. The fish twisted and turned on the bent hook.',
  'Press the pants and sew a button on the vest. The swan dive was far short of perfect.',
  'The beauty of the view stunned the young boy. Two blue fish swam in the tank.',
  'Her purse was full of useless trash. The colt reared and threw the tall rider.',
  'It snowed, rained, and hailed the same morning. Read verse out loud for pleasure.',
  'Hoist the load to your left shoulder. Take the winding path to reach the lake.',
  'Note closely the size of the gas tank. Wipe the grease off his dirty face.',
  'Mend the coat before you go out. The wrist was badly strained and hung limp.',
  'The stray cat gave birth to kittens. The young girl gave no clear response.',
  'The meal was cooked before the bell rang. What joy there is in living.',
].join(' ');

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

/** The samples' measure with pitch and rate taken per sentence (instant measure where a sentence figure is missing). */
export interface FineTarget {
  measure: VoiceMeasure;
  stats: SentenceStats;
}

/** Measures the samples for a professional fit. */
export async function fineTarget(clips: MonoAudio[]): Promise<FineTarget> {
  const whole = await measureSamples(clips);
  const at16k: Int16Array[] = [];
  for (const c of clips) at16k.push(await resample(c.pcm, c.sampleRate, MEASURE_RATE));
  const stats = sentenceStats(at16k);
  return {
    stats,
    measure: {
      ...whole,
      pitchHz: stats.sentencePitchMedianHz || whole.pitchHz,
      syllablesPerSecond: stats.sentenceRateMedian || whole.syllablesPerSecond,
    },
  };
}

const longBaselines = new Map<string, Promise<VoiceMeasure>>();

/** Speaks the long calibration text on a base voice with a rendering and measures it. */
async function speakLong(base: Omit<BaseVoice, 'steps'>, r: FittedRendering): Promise<VoiceMeasure> {
  const audio = await synthesizeToPcm({
    engine: base.engine,
    voice: base.voice,
    language: base.language,
    text: LONG_CALIBRATION_TEXT,
    prosody: { ...r.prosody, range: 1 },
    brightnessDb: r.brightnessDb,
    speakerBoost: true,
  });
  return measureSamples([audio]);
}

/** The base voice's measure on the long calibration text, spoken once per process. */
export function longBaselineOf(base: Omit<BaseVoice, 'steps'>): Promise<VoiceMeasure> {
  const key = `${base.engine.id}:${base.voice}:${base.language ?? ''}`;
  let m = longBaselines.get(key);
  if (!m) {
    m = speakLong(base, IDENTITY);
    longBaselines.set(key, m);
    m.catch(() => longBaselines.delete(key));
  }
  return m;
}

/** Fits a professional rendering of `target` on a base voice (from its long-calibration measure). */
export async function fineFitOnBase(target: FineTarget, base: Omit<BaseVoice, 'steps'>): Promise<FitResult> {
  return fitRendering(target.measure, (r) => speakLong(base, r), {
    baseline: await longBaselineOf(base),
    steps: 0,
  });
}
