/** One bar of a sample's waveform: the lowest and highest sample value in its slice (-1..1). */
export type PeakBar = { min: number; max: number };

/**
 * The waveform of a sample: `bars` equal slices of the decoded channel, each with its lowest and
 * highest value, scaled so the loudest bar reaches ±1 (silence stays flat). Drawing min and max keeps
 * a recording's real shape (clipping, DC offset) where an absolute peak would mirror it.
 */
export function peakBars(samples: Float32Array, bars: number): PeakBar[] {
  if (bars <= 0 || samples.length === 0) return [];
  const size = samples.length / bars;
  const out: PeakBar[] = [];
  let loudest = 0;
  for (let i = 0; i < bars; i++) {
    const start = Math.floor(i * size);
    const end = Math.min(samples.length, Math.max(start + 1, Math.floor((i + 1) * size)));
    let min = 0;
    let max = 0;
    for (let j = start; j < end; j++) {
      const v = samples[j]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    loudest = Math.max(loudest, -min, max);
    out.push({ min, max });
  }
  return loudest > 0 ? out.map((b) => ({ min: b.min / loudest, max: b.max / loudest })) : out;
}

/** Decodes encoded audio with Web Audio: its duration and `bars` peak bars of the first channel. */
export async function decodeWaveform(
  bytes: ArrayBuffer,
  bars: number,
): Promise<{ duration: number; bars: PeakBar[] }> {
  const buffer = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(bytes.slice(0));
  return { duration: buffer.duration, bars: peakBars(buffer.getChannelData(0), bars) };
}
