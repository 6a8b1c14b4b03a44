/**
 * Makes a sound effect from a prompt's plan (decision 102): each category's generator, layered (the main
 * one loudest), high-passed of DC, looped seamlessly when asked (the tail cross-fades into the start, so
 * the last sample leads into the first as the signal itself would) or faded at its ends, and normalised.
 * The result has exactly round(seconds x rate) samples.
 */
import type { SoundPlan } from '@vocalis/domain/audio-tools/sound-effects';
import { GENERATORS, rngOf } from './generators';

export const SFX_RATE = 44_100;

export interface SoundRequest {
  plan: SoundPlan;
  seconds: number;
  loop: boolean;
  /** 0..1 (ElevenLabs' prompt_influence): high follows the prompt's reading exactly, low varies it. */
  promptInfluence: number;
  seed?: number;
  rate?: number;
}

const rms = (x: Float32Array) => {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]! * x[i]!;
  return Math.sqrt(s / Math.max(1, x.length));
};

/** Length of the loop cross-fade: a quarter of the sound, at most one second. */
export const loopFadeSamples = (n: number, rate: number) => Math.min(Math.round(rate), Math.floor(n / 4));

/** Float samples of the plan's layers, `n` long, before looping and fades. */
function layers(req: SoundRequest, n: number, rate: number, seed: number): Float32Array {
  const rng = rngOf(seed);
  const variation = Math.min(1, Math.max(0, 1 - req.promptInfluence));
  const mix = new Float32Array(n);
  req.plan.categories.forEach((category, k) => {
    const mod = { ...req.plan.modifiers };
    mod.intensity = Math.min(1, Math.max(0.1, mod.intensity + (rng() - 0.5) * 0.5 * variation));
    const out = new Float32Array(n);
    GENERATORS[category]({ n, rate, rng: rngOf(seed + 7919 * (k + 1)), mod, variation }, out);
    const gain = (k === 0 ? 1 : 0.55) / (rms(out) || 1);
    for (let i = 0; i < n; i++) mix[i]! += gain * out[i]!;
  });
  // DC blocker (20 Hz high-pass).
  const r = 1 - (2 * Math.PI * 20) / rate;
  let px = 0;
  let py = 0;
  for (let i = 0; i < n; i++) {
    const y = mix[i]! - px + r * py;
    px = mix[i]!;
    py = y;
    mix[i] = y;
  }
  return mix;
}

export function synthesizeSound(req: SoundRequest): Int16Array {
  const rate = req.rate ?? SFX_RATE;
  const n = Math.round(req.seconds * rate);
  const seed = req.seed ?? Math.floor(Math.random() * 2 ** 31);
  let y: Float32Array;
  if (req.loop) {
    const xf = loopFadeSamples(n, rate);
    const x = layers(req, n + xf, rate, seed);
    y = x.subarray(0, n);
    // y[0] takes x[n], which follows x[n-1] = y[n-1]: the wrap-around is the signal's own next step.
    for (let i = 0; i < xf; i++) {
      const a = (Math.PI / 2) * (i / xf);
      y[i] = x[i]! * Math.sin(a) + x[n + i]! * Math.cos(a);
    }
  } else {
    y = layers(req, n, rate, seed);
    const fin = Math.min(Math.round(0.003 * rate), n >> 2);
    const fout = Math.min(Math.round(0.03 * rate), n >> 2);
    for (let i = 0; i < fin; i++) y[i]! *= i / fin;
    for (let i = 0; i < fout; i++) y[n - 1 - i]! *= i / fout;
  }
  let peak = 0;
  for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs(y[i]!));
  const gain = peak > 0 ? (0.89 * 32767) / peak : 0;
  const pcm = new Int16Array(n);
  for (let i = 0; i < n; i++) pcm[i] = Math.round(y[i]! * gain);
  return pcm;
}
