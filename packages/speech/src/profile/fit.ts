/**
 * Fitting a voice profile: which engine voice to start from (gender from pitch) and the prosody and
 * brightness that move it onto the measured sample. Engines do not respond linearly (RHVoice's rate
 * changes pauses too, Flite's f0 targets are not its output f0), so the fit is closed-loop: measure
 * the base voice, set each control to target/base, speak again, correct by target/achieved.
 */
import type { Prosody } from '../engine';
import type { VoiceMeasure } from './measure';

/** What a fitted voice applies on one engine voice. */
export interface FittedRendering {
  prosody: Required<Pick<Prosody, 'pitch' | 'rate' | 'pitchVariation'>>;
  /** High-shelf gain (profile/spectrum.ts), dB. */
  brightnessDb: number;
}

/** The rendering that leaves an engine voice as it is. */
export const IDENTITY: FittedRendering = {
  prosody: { pitch: 1, rate: 1, pitchVariation: 1 },
  brightnessDb: 0,
};

/** Median f0 at or above which the female base voice is used (male ~85–155 Hz, female ~165–255 Hz). */
export const FEMALE_FROM_HZ = 160;

/** The gender of the base voice for a measured pitch. */
export const baseGender = (pitchHz: number): 'male' | 'female' =>
  Number.isFinite(pitchHz) && pitchHz >= FEMALE_FROM_HZ ? 'female' : 'male';

const LIMITS = {
  pitch: [0.5, 2],
  rate: [0.5, 2],
  pitchVariation: [0.25, 3],
  brightnessDb: [-12, 12],
} as const;

const clamp = (v: number, [lo, hi]: readonly [number, number]) =>
  Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : 1;
const ratio = (want: number, got: number) =>
  Number.isFinite(want) && Number.isFinite(got) && got > 0 ? want / got : 1;

/**
 * One step of the fit: `current` was spoken and measured as `achieved` (`baseline`: the base voice
 * as it is, same text); returns the rendering that should land on `target` (multiplicative for pitch,
 * rate and range, additive for brightness). The achieved rate is the baseline's syllable rate scaled
 * by how much shorter the speaking time got: syllable nuclei merge at fast rates (measured: Flite kal16
 * at rate 1.6 showed 25 of 36 syllables), speaking time does not.
 */
export function correct(
  current: FittedRendering,
  target: VoiceMeasure,
  achieved: VoiceMeasure,
  baseline: VoiceMeasure,
): FittedRendering {
  const tilt = target.brightnessDb - achieved.brightnessDb;
  const achievedRate = baseline.syllablesPerSecond * ratio(baseline.speechSeconds, achieved.speechSeconds);
  return {
    prosody: {
      pitch: clamp(current.prosody.pitch * ratio(target.pitchHz, achieved.pitchHz), LIMITS.pitch),
      rate: clamp(current.prosody.rate * ratio(target.syllablesPerSecond, achievedRate), LIMITS.rate),
      pitchVariation: clamp(
        current.prosody.pitchVariation * ratio(target.pitchRangeSemitones, achieved.pitchRangeSemitones),
        LIMITS.pitchVariation,
      ),
    },
    brightnessDb: clamp(current.brightnessDb + (Number.isFinite(tilt) ? tilt : 0), LIMITS.brightnessDb),
  };
}

/** `r` with its speaking-rate multiplier replaced (kept within the engines' range). */
export const withRate = (r: FittedRendering, rate: number): FittedRendering => ({
  ...r,
  prosody: { ...r.prosody, rate: clamp(rate, LIMITS.rate) },
});

/** Speaks a fixed calibration text with a rendering and measures it. */
export type SpeakAndMeasure = (rendering: FittedRendering) => Promise<VoiceMeasure>;

/** The outcome of a fit: the rendering, and how the last spoken check measured. */
export interface FitResult {
  rendering: FittedRendering;
  baseline: VoiceMeasure;
  /** The measure of the last rendering actually spoken (the baseline when no step was taken). */
  checked: VoiceMeasure;
}

/**
 * Fits a rendering to `target`: from the base voice's `baseline` (measured when not given), then
 * `steps` closed-loop corrections, each one more synthesis.
 */
export async function fitRendering(
  target: VoiceMeasure,
  speak: SpeakAndMeasure,
  o: { baseline?: VoiceMeasure; steps?: number } = {},
): Promise<FitResult> {
  const baseline = o.baseline ?? (await speak(IDENTITY));
  let rendering = correct(IDENTITY, target, baseline, baseline);
  let checked = baseline;
  for (let i = 0; i < (o.steps ?? 1); i++) {
    checked = await speak(rendering);
    rendering = correct(rendering, target, checked, baseline);
  }
  return { rendering, baseline, checked };
}
