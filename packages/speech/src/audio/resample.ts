/**
 * Sample-rate conversion with the Speex resampler (WASM, ~1,250× real time). The module is loaded
 * once; each call creates and destroys its own resampler state, so calls are independent.
 */
import SpeexResampler, { type SpeexModule } from '@echogarden/speex-resampler-wasm';

let loaded: Promise<SpeexModule> | undefined;
const speex = () => (loaded ??= SpeexResampler());

/** Speex quality 0..10; 7 is transparent for speech and still fast. */
const QUALITY = 7;

/** Resamples mono Int16 PCM; the output length is `round(length * to / from)`. */
export async function resample(pcm: Int16Array, from: number, to: number): Promise<Int16Array> {
  if (from === to || pcm.length === 0) return pcm.slice();
  const m = await speex();
  const expected = Math.round((pcm.length * to) / from);
  const err = m._malloc(4);
  const state = m._speex_resampler_init(1, from, to, QUALITY, err);
  if (!state) {
    m._free(err);
    throw new Error(`speex resampler init failed (${from} → ${to})`);
  }
  // Skip the filter's start-up zeros, then feed its latency worth of silence to flush the tail.
  m._speex_resampler_skip_zeros(state);
  const latency = m._speex_resampler_get_input_latency(state);
  const input = new Int16Array(pcm.length + latency);
  input.set(pcm);
  const outCapacity = expected + 64;
  const inPtr = m._malloc(input.length * 2);
  const outPtr = m._malloc(outCapacity * 2);
  const lens = m._malloc(8);
  try {
    m.HEAP16.set(input, inPtr >> 1);
    m.HEAPU32[lens >> 2] = input.length;
    m.HEAPU32[(lens >> 2) + 1] = outCapacity;
    m._speex_resampler_process_int(state, 0, inPtr, lens, outPtr, lens + 4);
    const produced = m.HEAPU32[(lens >> 2) + 1]!;
    const out = new Int16Array(expected);
    out.set(m.HEAP16.subarray(outPtr >> 1, (outPtr >> 1) + Math.min(produced, expected)));
    return out;
  } finally {
    m._speex_resampler_destroy(state);
    for (const p of [err, inPtr, outPtr, lens]) m._free(p);
  }
}
