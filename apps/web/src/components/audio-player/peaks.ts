/**
 * Peaks for the waveform: the loudest absolute sample of each of `bars` equal slices of the decoded
 * audio, normalised so the loudest bar is 1 (silence stays 0).
 */
export function computePeaks(samples: Float32Array, bars: number): number[] {
  if (bars <= 0 || samples.length === 0) return [];
  const size = samples.length / bars;
  const peaks: number[] = [];
  for (let i = 0; i < bars; i++) {
    const start = Math.floor(i * size);
    const end = Math.max(start + 1, Math.floor((i + 1) * size));
    let max = 0;
    for (let j = start; j < end && j < samples.length; j++) {
      const v = Math.abs(samples[j]!);
      if (v > max) max = v;
    }
    peaks.push(max);
  }
  const top = Math.max(...peaks);
  return top > 0 ? peaks.map((p) => p / top) : peaks;
}

/** Decodes an encoded audio file with Web Audio and returns `bars` peaks of its first channel. */
export async function decodePeaks(bytes: ArrayBuffer, bars: number): Promise<number[]> {
  const Ctx =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return [];
  const context = new Ctx();
  try {
    const buffer = await context.decodeAudioData(bytes.slice(0));
    return computePeaks(buffer.getChannelData(0), bars);
  } finally {
    void context.close();
  }
}
