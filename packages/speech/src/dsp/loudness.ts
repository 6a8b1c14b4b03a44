/** Loudness normalisation for speaker boost: one gain for the whole block, never clipping. */

/** Target RMS level, dBFS: loud and clear for speech without pumping. */
export const TARGET_RMS_DBFS = -18;
/** Ceiling for the loudest sample after gain, dBFS. */
export const PEAK_CEILING_DBFS = -1;

/** RMS and peak of Int16 samples as fractions of full scale. */
export function levels(pcm: Int16Array): { rms: number; peak: number } {
  let sum = 0;
  let peak = 0;
  for (let i = 0; i < pcm.length; i++) {
    const v = pcm[i]! / 32768;
    sum += v * v;
    peak = Math.max(peak, Math.abs(v));
  }
  return { rms: pcm.length ? Math.sqrt(sum / pcm.length) : 0, peak };
}

/**
 * Scales `pcm` towards the target RMS, limited so the peak stays under the ceiling (so nothing clips).
 * Silence is returned unchanged. Returns a new array.
 */
export function normalizeLoudness(
  pcm: Int16Array,
  targetDbfs = TARGET_RMS_DBFS,
  ceilingDbfs = PEAK_CEILING_DBFS,
): Int16Array {
  const { rms, peak } = levels(pcm);
  if (rms < 1e-5) return pcm.slice();
  const gain = Math.min(10 ** (targetDbfs / 20) / rms, 10 ** (ceilingDbfs / 20) / peak);
  const out = new Int16Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(pcm[i]! * gain)));
  return out;
}
