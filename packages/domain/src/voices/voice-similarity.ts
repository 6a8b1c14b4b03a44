/**
 * Similar voices (POST /v1/similar-voices): library voices ranked by the distance between voice profiles
 * (decision 060's measure: pitch median and range, syllable rate, brightness). Each feature difference is
 * scaled by a just-noticeable-ish step so one unit means "clearly different"; the distance is the root
 * mean square of those, capped at 2 (the SDK's similarity_threshold runs from 0 to 2). Decision 082.
 */

export type ProfileFeatures = {
  pitchHz: number;
  pitchRangeSemitones: number;
  syllablesPerSecond: number;
  brightnessDb: number;
};

/** One unit of difference per feature: an octave of pitch … 6 dB of spectral tilt. */
const SCALE = { pitchSemitones: 6, rangeSemitones: 6, syllablesPerSecond: 1.5, brightnessDb: 6 } as const;
/** Pitch matters most for telling voices apart; range least (it varies with the text). */
const WEIGHT = { pitch: 3, range: 0.5, rate: 1, brightness: 1 } as const;

export const MAX_DISTANCE = 2;
export const DEFAULT_TOP_K = 10;
export const MAX_TOP_K = 100;

const finite = (v: number) => (Number.isFinite(v) ? v : undefined);

/** Distance between two profiles, 0 (same) to 2 (as far as it counts); missing measures count as no difference. */
export function profileDistance(a: ProfileFeatures, b: ProfileFeatures): number {
  const diff = (x: number | undefined, y: number | undefined, scale: number) =>
    x === undefined || y === undefined ? 0 : (x - y) / scale;
  const semis = (x: number, y: number) =>
    finite(x) && finite(y) && x > 0 && y > 0 ? 12 * Math.log2(x / y) : undefined;
  const terms = [
    [WEIGHT.pitch, diff(semis(a.pitchHz, b.pitchHz), 0, SCALE.pitchSemitones)],
    [WEIGHT.range, diff(finite(a.pitchRangeSemitones), finite(b.pitchRangeSemitones), SCALE.rangeSemitones)],
    [WEIGHT.rate, diff(finite(a.syllablesPerSecond), finite(b.syllablesPerSecond), SCALE.syllablesPerSecond)],
    [WEIGHT.brightness, diff(finite(a.brightnessDb), finite(b.brightnessDb), SCALE.brightnessDb)],
  ] as const;
  const total = terms.reduce((s, [w]) => s + w, 0);
  const d = Math.sqrt(terms.reduce((s, [w, v]) => s + w * v * v, 0) / total);
  return Math.min(MAX_DISTANCE, d);
}

/** Candidates nearest first, at most `topK`, only those within `threshold` when one is given. */
export function rankBySimilarity<T extends { features: ProfileFeatures }>(
  sample: ProfileFeatures,
  candidates: T[],
  options: { threshold?: number; topK?: number },
): (T & { distance: number })[] {
  return candidates
    .map((c) => ({ ...c, distance: profileDistance(sample, c.features) }))
    .filter((c) => options.threshold === undefined || c.distance <= options.threshold)
    .sort((x, y) => x.distance - y.distance)
    .slice(0, options.topK ?? DEFAULT_TOP_K);
}
