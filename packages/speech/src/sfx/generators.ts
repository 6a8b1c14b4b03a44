/**
 * Procedural generators, one per sound category (decision 102): filtered noise, envelopes, oscillators and
 * grains laid out in time. Each writes `n` float samples at `rate` from its modifiers and a seeded random
 * source, so the same request gives the same sound.
 */
import type { SoundCategory, SoundModifiers } from '@vocalis/domain/audio-tools/sound-effects';

export type Rng = () => number;

/** mulberry32: a small seeded generator. */
export function rngOf(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenContext {
  n: number;
  rate: number;
  rng: Rng;
  mod: SoundModifiers;
  /** 0..1: how much the sound varies from the plain reading of the prompt (1 - prompt_influence). */
  variation: number;
}

const TAU = 2 * Math.PI;
const white = (rng: Rng) => rng() * 2 - 1;

/** One-pole low-pass coefficient for a cutoff. */
const onePole = (hz: number, rate: number) => 1 - Math.exp((-TAU * hz) / rate);

/** State-variable filter band-pass output, cutoff and q may change every sample. */
class Svf {
  private low = 0;
  private band = 0;
  step(x: number, hz: number, q: number, rate: number): { low: number; band: number; high: number } {
    const f = 2 * Math.sin((Math.PI * Math.min(hz, rate / 6)) / rate);
    this.low += f * this.band;
    const high = x - this.low - this.band / q;
    this.band += f * high;
    return { low: this.low, band: this.band, high };
  }
}

/** Adds a decaying noise burst (band-limited by a one-pole pair) at `at` samples. */
function burst(out: Float32Array, at: number, len: number, amp: number, lp: number, hp: number, rng: Rng) {
  let l = 0;
  let h = 0;
  for (let i = 0; i < len && at + i < out.length; i++) {
    const x = white(rng);
    l += lp * (x - l);
    h += hp * (l - h);
    out[at + i]! += amp * (l - h) * Math.exp((-6 * i) / len);
  }
}

/** Adds a decaying sine (a thump or a bell partial). */
function ping(
  out: Float32Array,
  at: number,
  hz: number,
  seconds: number,
  amp: number,
  rate: number,
  bend = 0,
) {
  const len = Math.round(seconds * rate);
  let phase = 0;
  for (let i = 0; i < len && at + i < out.length; i++) {
    const attack = Math.min(1, i / (0.002 * rate));
    phase += (TAU * hz * (1 + (bend * i) / len)) / rate;
    out[at + i]! += amp * attack * Math.exp((-5 * i) / len) * Math.sin(phase);
  }
}

function rain({ n, rate, rng, mod }: GenContext, out: Float32Array) {
  const drops = (60 + 500 * mod.intensity) / rate;
  const a = onePole(3000, rate);
  let l = 0;
  for (let i = 0; i < n; i++) {
    const x = white(rng);
    l += a * (x - l);
    out[i]! += 0.12 * (x - l) + 0.08 * l; // the hiss of distant drops
    if (rng() < drops) {
      const len = Math.round((0.002 + 0.01 * rng()) * rate);
      burst(out, i, len, 0.3 + 2 * rng() ** 2, onePole(2000 + 8000 * rng(), rate), onePole(500, rate), rng);
    }
  }
}

function thunder({ n, rate, rng, mod }: GenContext, out: Float32Array) {
  const seconds = n / rate;
  const claps = Math.max(1, Math.round(seconds / 9));
  const lp = onePole(90 + 60 * (mod.pitch + 1), rate);
  for (let c = 0; c < claps; c++) {
    const at = Math.floor(((c + 0.1 * rng()) * n) / claps);
    const len = Math.min(n - at, Math.round((5 + 3 * rng()) * rate));
    let l1 = 0;
    let l2 = 0;
    for (let i = 0; i < len; i++) {
      const t = i / rate;
      const crack = mod.intensity * 1.5 * Math.exp(-t / 0.08) * white(rng);
      l1 += lp * (white(rng) - l1);
      l2 += lp * (l1 - l2);
      const roll = 1 + 0.6 * Math.sin(TAU * 0.7 * t + c) * Math.sin(TAU * 1.9 * t);
      out[at + i]! += crack + 14 * l2 * roll * Math.exp(-t / 1.8) * Math.min(1, t / 0.05);
    }
  }
}

function wind({ n, rate, rng, mod, variation }: GenContext, out: Float32Array) {
  const svf = new Svf();
  const base = 350 * 2 ** (mod.pitch * 0.8);
  const p1 = rng() * TAU;
  const p2 = rng() * TAU;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const gust =
      0.55 + 0.45 * Math.sin(TAU * 0.11 * t + p1) * Math.sin(TAU * (0.05 + 0.05 * variation) * t + p2);
    const hz = base * (0.6 + 1.4 * gust);
    out[i]! += (0.4 + mod.intensity) * gust * svf.step(white(rng), hz, 3 + 6 * gust, rate).band;
  }
}

function ocean({ n, rate, rng, mod }: GenContext, out: Float32Array) {
  const period = 7 - 2 * mod.intensity;
  const svf = new Svf();
  const phase = rng();
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const w = ((t / period + phase) % 1) * period;
    // A swell over 40% of the period, then a long wash out.
    const env =
      w < 0.4 * period ? (w / (0.4 * period)) ** 2 : Math.exp(-(w - 0.4 * period) / (0.25 * period));
    const hz = 300 + 2500 * env;
    out[i]! += (0.15 + env * (0.5 + mod.intensity)) * svf.step(white(rng), hz, 0.7, rate).low;
  }
}

function fire({ n, rate, rng, mod }: GenContext, out: Float32Array) {
  const lp = onePole(180, rate);
  let l = 0;
  const crackles = (15 + 60 * mod.intensity) / rate;
  for (let i = 0; i < n; i++) {
    l += lp * (white(rng) - l);
    out[i]! += 2.5 * l;
    if (rng() < crackles)
      burst(
        out,
        i,
        Math.round((0.0005 + 0.003 * rng()) * rate),
        0.3 + 1.5 * rng() ** 2,
        onePole(9000, rate),
        onePole(1500, rate),
        rng,
      );
    if (rng() < 1.5 / rate) ping(out, i, 120 + 200 * rng(), 0.03, 0.6 * rng(), rate);
  }
}

/** The firing tone an engine or motor makes at its pitch (Hz), for tests to check. */
export const engineHz = (mod: SoundModifiers): number =>
  mod.frequencyHz ?? 48 * 2 ** (mod.pitch * 0.7 + mod.tempo * 0.4);

function engine({ n, rate, rng, mod, variation }: GenContext, out: Float32Array) {
  const f0 = engineHz(mod);
  const lp = onePole(400, rate);
  let l = 0;
  let phase = 0;
  const wobble = 0.01 + 0.03 * variation;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    phase += (TAU * f0 * (1 + wobble * Math.sin(TAU * 0.3 * t))) / rate;
    let s = 0;
    for (let h = 1; h <= 12; h++) s += Math.sin(h * phase) / h ** 1.2;
    l += lp * (white(rng) - l);
    out[i]! += 0.5 * s * (0.8 + 0.2 * Math.sin(phase / 2)) + 1.5 * l;
  }
}

/** Seconds between steps for the tempo. */
export const stepInterval = (mod: SoundModifiers): number =>
  mod.tempo > 0 ? 0.32 : mod.tempo < 0 ? 0.75 : 0.55;

function footsteps({ n, rate, rng, mod }: GenContext, out: Float32Array) {
  const every = stepInterval(mod) * rate;
  for (let at = Math.round(0.05 * rate); at < n; at += every) {
    const i = Math.round(at + (rng() - 0.5) * 0.02 * rate);
    const amp = 0.7 + 0.3 * rng();
    burst(out, i, Math.round(0.05 * rate), amp, onePole(1800, rate), onePole(60, rate), rng);
    ping(out, i, 70 + 20 * rng(), 0.06, amp * 0.6, rate);
    burst(
      out,
      i + Math.round(0.06 * rate),
      Math.round(0.03 * rate),
      amp * 0.5,
      onePole(3500, rate),
      onePole(200, rate),
      rng,
    );
  }
}

function clicks({ n, rate, rng, mod }: GenContext, out: Float32Array) {
  const typing = mod.variants.includes('typing') || mod.variants.includes('keyboard');
  let at = Math.round(0.02 * rate);
  let k = 0;
  while (at < n) {
    const tock = k++ % 2 === 1 && !typing;
    burst(
      out,
      at,
      Math.round(0.003 * rate),
      1,
      onePole(tock ? 3000 : 7000, rate),
      onePole(tock ? 800 : 2000, rate),
      rng,
    );
    const gap = typing ? 0.07 + 0.2 * rng() : mod.tempo > 0 ? 0.25 : mod.tempo < 0 ? 1 : 0.5;
    at += Math.round(gap * rate);
  }
}

function whoosh({ n, rate, rng, mod }: GenContext, out: Float32Array) {
  const svf = new Svf();
  const lo = 250 * 2 ** mod.pitch;
  const hi = 3500 * 2 ** mod.pitch;
  const reverse = mod.variants.includes('reverse');
  for (let i = 0; i < n; i++) {
    const x = i / n;
    const env = Math.sin(Math.PI * x) ** 2;
    const sweep = reverse ? 1 - x : x;
    const hz = lo * (hi / lo) ** Math.sin((Math.PI * sweep) / 2);
    out[i]! += (0.5 + mod.intensity) * env * svf.step(white(rng), hz, 2, rate).band;
  }
}

/** The tone's pitch (Hz). */
export const toneHz = (mod: SoundModifiers): number =>
  mod.frequencyHz ?? (mod.pitch < 0 ? 440 : mod.pitch > 0 ? 2000 : 1000);

function tone({ n, rate, mod }: GenContext, out: Float32Array) {
  const hz = toneHz(mod);
  const pulses = mod.variants.includes('beeps') || mod.variants.includes('beeping');
  for (let i = 0; i < n; i++) {
    const on = !pulses || (i / rate) % 0.5 < 0.25;
    out[i]! += on ? Math.sin((TAU * hz * i) / rate) : 0;
  }
}

function ui({ n, rate, mod }: GenContext, out: Float32Array) {
  const error = mod.variants.includes('error');
  const base = 880 * 2 ** (mod.pitch * 0.5);
  const notes = error ? [base / 2, base / 2.52] : [base, base * 1.26, base * 1.5];
  const gap = Math.min(0.12, n / rate / (notes.length + 1));
  notes.forEach((hz, k) => {
    const at = Math.round(k * gap * rate);
    const len = Math.max(0.05, n / rate - k * gap);
    ping(out, at, hz, len, 0.8, rate);
    ping(out, at, hz * 2.76, len * 0.4, 0.2, rate);
    if (error) ping(out, at, hz * 1.5, len * 0.6, 0.3, rate);
  });
}

function alarm({ n, rate, mod }: GenContext, out: Float32Array) {
  const siren = mod.variants.some((v) => ['siren', 'police', 'ambulance'].includes(v));
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    if (siren) {
      const hz = 900 * 2 ** (mod.pitch * 0.3) * (1 + 0.35 * Math.sin(TAU * (mod.tempo > 0 ? 1.5 : 0.4) * t));
      phase += (TAU * hz) / rate;
      out[i]! += Math.sin(phase) + 0.3 * Math.sin(3 * phase);
    } else {
      phase += (TAU * 800 * 2 ** (mod.pitch * 0.5)) / rate;
      const on = t % 0.5 < 0.3;
      out[i]! += on ? Math.tanh(3 * Math.sin(phase)) * 0.8 : 0;
    }
  }
}

/** Beats per minute of the heartbeat. */
export const heartBpm = (mod: SoundModifiers): number => (mod.tempo > 0 ? 120 : mod.tempo < 0 ? 55 : 72);

function heartbeat({ n, rate, rng, mod }: GenContext, out: Float32Array) {
  const every = (60 / heartBpm(mod)) * rate;
  for (let at = Math.round(0.05 * rate); at < n; at += every) {
    ping(out, Math.round(at), 55, 0.12, 1, rate, -0.3);
    ping(out, Math.round(at + 0.28 * rate * (72 / heartBpm(mod)) ** 0.5), 65, 0.1, 0.7, rate, -0.3);
    burst(out, Math.round(at), Math.round(0.02 * rate), 0.05, onePole(400, rate), onePole(40, rate), rng);
  }
}

function noise({ n, rate, rng, mod }: GenContext, out: Float32Array) {
  const colour = mod.variants.find((v) => ['brown', 'pink', 'white', 'static'].includes(v)) ?? 'pink';
  let b = 0;
  const p = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const x = white(rng);
    if (colour === 'brown') {
      b = 0.995 * b + 0.05 * x;
      out[i]! += 3 * b;
    } else if (colour === 'pink') {
      // Three one-pole sections approximate a -3 dB/octave slope.
      p[0] = 0.997 * p[0]! + 0.029 * x;
      p[1] = 0.985 * p[1]! + 0.032 * x;
      p[2] = 0.95 * p[2]! + 0.048 * x;
      out[i]! += 2 * (p[0]! + p[1]! + p[2]! + 0.05 * x);
    } else {
      const crackle = colour === 'static' && rng() < 30 / rate ? 3 * white(rng) : 0;
      out[i]! += 0.5 * x + crackle;
    }
  }
  void rate;
}

export const GENERATORS: Record<SoundCategory, (ctx: GenContext, out: Float32Array) => void> = {
  rain,
  thunder,
  wind,
  ocean,
  fire,
  engine,
  footsteps,
  clicks,
  whoosh,
  tone,
  ui,
  alarm,
  heartbeat,
  noise,
};
