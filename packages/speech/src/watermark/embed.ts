/**
 * Embeds the watermark (scheme.ts) frame by frame into a stream of PCM blocks at any sample rate.
 * The embedder keeps the position and the band filters' state, so blocks may split the audio anywhere
 * and the result is the same as marking the whole at once; it adds no delay.
 *
 * Each band's part of the signal is taken by a band-pass biquad and added back with gain ±strength
 * (the frame's sign for that band); signs cross-fade over RAMP_SECONDS at frame starts so a change of
 * sign never clicks. Two additions (decision 200), set by the profile (scheme.ts):
 * - a floor: white noise through the same bands, at `floor` times the sound's 5 ms RMS, each band's gain
 *   1 ± FLOOR_DEPTH with its sign, so bands where the sound has almost nothing (a pure tone, a low thump)
 *   still change energy with the pattern; it follows the sound's level, so silence stays silent;
 * - a transient boost: in clicks the band gain grows up to `transientBoost` times.
 */
import {
  BANDS,
  FLOOR_DEPTH,
  FRAME_SECONDS,
  PERIOD,
  SPEECH_PROFILE,
  bandEdges,
  patternOf,
  type Pattern,
  type WatermarkProfile,
} from './scheme';

const RAMP_SECONDS = 0.004;
/** Time constant of the level the floor follows. */
const FOLLOW_SECONDS = 0.005;
/** Time constant of the slow level transients are measured against. */
const SETTLE_SECONDS = 0.3;
/** Ratio of the fast level's RMS to the slow one's from which the boost grows (4 = 12 dB). */
const BOOST_KNEE = 4;

interface Biquad {
  b0: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * RBJ band-pass (0 dB peak gain) centred between two edges; two in series make the band (each is
 * WIDEN times wider, so the pair's -3 dB width is about the band's).
 */
const WIDEN = 1.55;
function bandPass(lo: number, hi: number, sampleRate: number): Biquad {
  const f0 = Math.sqrt(lo * hi);
  const q = f0 / ((hi - lo) * WIDEN);
  const w0 = (2 * Math.PI * f0) / sampleRate;
  const alpha = Math.sin(w0) / (2 * q);
  const a0 = 1 + alpha;
  return { b0: alpha / a0, b2: -alpha / a0, a1: (-2 * Math.cos(w0)) / a0, a2: (1 - alpha) / a0 };
}

export class WatermarkEmbedder {
  private readonly pattern: Pattern;
  private readonly filters: Biquad[];
  /** Per band: two signal stages and one floor-noise stage, each x[n-1], x[n-2], y[n-1], y[n-2]. */
  private readonly state: Float64Array;
  private readonly frame: number;
  private readonly ramp: number;
  private readonly strength: number;
  private readonly floor: number;
  /** One-pole smoothing coefficient of the level follower. */
  private readonly follow: number;
  /** Its coefficient when the level falls (the floor's release after a click or a step). */
  private readonly release: number;
  private position = 0;
  /** Smoothed power of the input (the level the floor follows). */
  private power = 0;
  /** Floor-noise generator state (xorshift32). */
  private noise = 0x9e3779b9;
  private fast = 0;
  private slow = 0;
  private readonly attack: number;
  private readonly settle: number;

  private readonly boostMax: number;
  private readonly noiseStrength: number;
  /** Energy of each band's part of the sound in the current frame (its flatness sets the next frame's gain). */
  private readonly bandEnergy: Float64Array;
  /** Gain change of the previous frame and of this one (cross-faded like the signs). */
  private prevGain: number;
  private gain: number;
  private frameIndex = 0;

  constructor(key: string, sampleRate: number, profile: WatermarkProfile = SPEECH_PROFILE) {
    const { strength, floor } = profile;
    this.boostMax = profile.transientBoost;
    this.noiseStrength = profile.noiseStrength;
    this.bandEnergy = new Float64Array(BANDS);
    this.prevGain = strength;
    this.gain = strength;
    this.pattern = patternOf(key);
    this.frame = Math.round(FRAME_SECONDS * sampleRate);
    this.ramp = Math.max(1, Math.round(RAMP_SECONDS * sampleRate));
    // Bands the rate cannot carry (above 0.45 of it, e.g. near 4 kHz at 8 kHz) are left out.
    this.filters = [];
    let used = 0;
    for (let b = 0; b < BANDS; b++) {
      const [lo, hi] = bandEdges(b);
      const ok = hi < 0.45 * sampleRate;
      if (ok) used++;
      this.filters.push(ok ? bandPass(lo, hi, sampleRate) : { b0: 0, b2: 0, a1: 0, a2: 0 });
    }
    this.state = new Float64Array(BANDS * 12);
    this.strength = strength;
    // Unit-variance white noise through one band-pass stage has power ≈ π·width/rate; the bands' noises
    // (independent signs) add up to `used` times that, scaled here to the floor's level.
    const width = ((bandEdges(0)[1] - bandEdges(0)[0]) * WIDEN) / sampleRate;
    this.floor = used > 0 ? floor / Math.sqrt(used * Math.PI * width) : 0;
    this.follow = 1 - Math.exp(-1 / (FOLLOW_SECONDS * sampleRate));
    this.release = 1 - Math.exp(-1 / (Math.max(FOLLOW_SECONDS, profile.floorRelease) * sampleRate));
    this.attack = 1 - Math.exp(-1 / (0.0005 * sampleRate));
    this.settle = 1 - Math.exp(-1 / (SETTLE_SECONDS * sampleRate));
  }

  /** Starts frame `j`: its gain from the frame just ended. */
  private nextFrame(j: number): void {
    this.prevGain = this.gain;
    this.gain =
      j === this.frameIndex + 1
        ? frameStrength(this.bandEnergy, this.strength, this.noiseStrength)
        : this.strength;
    this.bandEnergy.fill(0);
    this.frameIndex = j;
  }

  /** Marks the next block of the stream (a new array; the input is not changed). */
  push(block: Int16Array): Int16Array {
    const out = new Int16Array(block.length);
    const { pattern, filters, state, frame, ramp, follow, bandEnergy } = this;
    for (let i = 0; i < block.length; i++) {
      const n = this.position + i;
      const j = Math.floor(n / frame);
      if (j !== this.frameIndex) this.nextFrame(j);
      const inFrame = n - j * frame;
      const row = (j % PERIOD) * BANDS;
      const prevRow = ((((j - 1) % PERIOD) + PERIOD) % PERIOD) * BANDS;
      const fade = j > 0 && inFrame < ramp ? 0.5 - 0.5 * Math.cos((Math.PI * inFrame) / ramp) : 1;
      const x = block[i]!;
      this.power += (x * x > this.power ? follow : this.release) * (x * x - this.power);
      const x2 = x * x;
      this.fast += (x2 > this.fast ? this.attack : follow) * (x2 - this.fast);
      this.slow += this.settle * (x2 - this.slow);
      const boost =
        this.boostMax > 1 && this.fast > 0
          ? Math.min(this.boostMax, Math.max(1, Math.sqrt(this.fast / (this.slow + 1)) / BOOST_KNEE))
          : 1;
      // The floor: noise in every band, its gain following the band's sign, under the sound's own level.
      const level = this.floor * Math.sqrt(this.power);
      this.noise ^= this.noise << 13;
      this.noise ^= this.noise >>> 17;
      this.noise ^= this.noise << 5;
      const w = level === 0 ? 0 : (this.noise / 2147483648) * 1.7320508;
      const strength = fade === 1 ? this.gain : this.prevGain + (this.gain - this.prevGain) * fade;
      const g = Math.max(boost * this.strength, strength);
      let mark = 0;
      for (let b = 0; b < BANDS; b++) {
        const f = filters[b]!;
        const y = stage(f, state, b * 12 + 4, stage(f, state, b * 12, x));
        const v = stage(f, state, b * 12 + 8, w);
        bandEnergy[b]! += y * y;
        const sign =
          fade === 1
            ? pattern[row + b]!
            : pattern[prevRow + b]! + (pattern[row + b]! - pattern[prevRow + b]!) * fade;
        mark += sign * (g * y + FLOOR_DEPTH * level * v) + level * v;
      }
      const v = Math.round(x + mark);
      out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
    }
    this.position += block.length;
    return out;
  }
}

/** Spectral flatness (dB) of the band energies from which a frame counts as noise, and as tonal. */
const NOISE_FLATNESS_DB = -3;
const TONAL_FLATNESS_DB = -10;

/**
 * The gain change for a frame whose predecessor's band energies were `energy`: `noiseStrength` when they are as
 * flat as noise, `strength` when one or a few bands hold the sound (a tone, a chord, speech formants) or there
 * was no sound, linear in the flatness (dB) between.
 */
export function frameStrength(energy: Float64Array, strength: number, noiseStrength: number): number {
  if (noiseStrength === strength) return strength;
  let sum = 0;
  let logSum = 0;
  for (const e of energy) sum += e;
  if (sum <= energy.length) return strength;
  for (const e of energy) logSum += Math.log(e + sum * 1e-9);
  const flatnessDb = 10 * Math.log10(Math.exp(logSum / energy.length) / (sum / energy.length));
  const w = Math.min(
    1,
    Math.max(0, (flatnessDb - TONAL_FLATNESS_DB) / (NOISE_FLATNESS_DB - TONAL_FLATNESS_DB)),
  );
  return strength + w * (noiseStrength - strength);
}

/** One biquad step with its state at `s` (x[n-1], x[n-2], y[n-1], y[n-2]). */
function stage(f: Biquad, state: Float64Array, s: number, x: number): number {
  const y = f.b0 * x + f.b2 * state[s + 1]! - f.a1 * state[s + 2]! - f.a2 * state[s + 3]!;
  state[s + 1] = state[s]!;
  state[s] = x;
  state[s + 3] = state[s + 2]!;
  state[s + 2] = y;
  return y;
}

/** Marks a whole clip. */
export function embedWatermark(
  pcm: Int16Array,
  sampleRate: number,
  key: string,
  profile: WatermarkProfile = SPEECH_PROFILE,
): Int16Array {
  return new WatermarkEmbedder(key, sampleRate, profile).push(pcm);
}
