/**
 * Speech to speech by signal processing (decision 095): the input keeps its words, timing and intonation
 * shape; its pitch level and range, formant scale and brightness move to the target voice's measured
 * profile. Not a neural conversion: timbre beyond those four measures stays the speaker's.
 */
import { pitchTrack } from '../dsp/pitch';
import { measureVoice, type VoiceMeasure } from '../profile/measure';
import { highShelf } from '../profile/spectrum';
import { psola, voicingContour } from './psola';

/** The part of a voice profile the conversion moves toward. */
export type ConversionTarget = Pick<VoiceMeasure, 'pitchHz' | 'pitchRangeSemitones' | 'brightnessDb'>;

/** What was done to one clip, reported to the caller. */
export interface ConversionReport {
  sourcePitchHz: number;
  targetPitchHz: number;
  /** Target range over source range, applied to each frame's distance from the median in semitones. */
  rangeFactor: number;
  formantScale: number;
  brightnessDb: number;
  /** The input had no voiced frames: only brightness was applied. */
  unvoiced: boolean;
}

/** Formants follow pitch by this power of the pitch ratio (vocal tract length only loosely tracks f0). */
export const FORMANT_EXPONENT = 0.3;
const FORMANT_LIMITS = [0.85, 1.2] as const;
const RANGE_LIMITS = [0.4, 2.5] as const;
const BRIGHTNESS_LIMIT_DB = 9;

const clamp = (v: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, v));

/** The conversion's parameters for a measured source and a target (pure; unit-tested). */
export function conversionPlan(source: VoiceMeasure, target: ConversionTarget): ConversionReport {
  const unvoiced = !Number.isFinite(source.pitchHz) || !Number.isFinite(target.pitchHz);
  const ratio = unvoiced ? 1 : target.pitchHz / source.pitchHz;
  const range =
    source.pitchRangeSemitones > 0.5 && target.pitchRangeSemitones > 0
      ? target.pitchRangeSemitones / source.pitchRangeSemitones
      : 1;
  const brightness =
    Number.isFinite(source.brightnessDb) && Number.isFinite(target.brightnessDb)
      ? target.brightnessDb - source.brightnessDb
      : 0;
  return {
    sourcePitchHz: source.pitchHz,
    targetPitchHz: unvoiced ? source.pitchHz : target.pitchHz,
    rangeFactor: clamp(range, RANGE_LIMITS),
    formantScale: clamp(ratio ** FORMANT_EXPONENT, FORMANT_LIMITS),
    brightnessDb: clamp(brightness, [-BRIGHTNESS_LIMIT_DB, BRIGHTNESS_LIMIT_DB]),
    unvoiced,
  };
}

/** Converts mono 16-bit speech toward `target`; the output has the input's length and rate. */
export function convertVoice(
  pcm: Int16Array,
  sampleRate: number,
  target: ConversionTarget,
): { pcm: Int16Array; report: ConversionReport } {
  const source = measureVoice(pcm, sampleRate);
  const report = conversionPlan(source, target);
  let out = pcm;
  if (!report.unvoiced) {
    const contour = voicingContour(pitchTrack(pcm, sampleRate), pcm.length / sampleRate);
    const { sourcePitchHz: from, targetPitchHz: to, rangeFactor } = report;
    // Each frame keeps its place in the intonation: its distance from the median, scaled by the range factor.
    const mapF0 = (f0: number) => to * (f0 / from) ** rangeFactor;
    out = psola(pcm, sampleRate, contour, mapF0, report.formantScale);
  }
  // Formant scaling itself tilts the spectrum: the shelf makes up what is left to the target's brightness.
  if (!report.unvoiced && Number.isFinite(target.brightnessDb)) {
    const after = measureVoice(out, sampleRate).brightnessDb;
    if (Number.isFinite(after))
      report.brightnessDb = clamp(target.brightnessDb - after, [-BRIGHTNESS_LIMIT_DB, BRIGHTNESS_LIMIT_DB]);
  }
  if (report.brightnessDb) out = highShelf(out, sampleRate, report.brightnessDb);
  return { pcm: out, report };
}
