/**
 * Speaks translated segments and lays them over the background (decision 142): each segment is spoken
 * at its speaker's fitted voice, timed at the voice's pace, then spoken again at the tempo that fits its
 * slot within natural bounds (`fitTempo`, a rule of packages/domain passed in). Speech that still overruns spills into the silence before the
 * next segment and is cut with a short fade only there, so segments never overlap and every one starts
 * where the original did. The mix is loudness-normalised.
 */
import { resample } from '../audio/resample';
import { normalizeLoudness } from '../dsp/loudness';
import type { SpeechEngine } from '../engine';
import { synthesizeToPcm } from '../synthesize';
import { espeakLanguage, type DubVoice } from './dub-voice';

/** The rate of the mixed dub (eSpeak speaks at 22,050 Hz). */
export const MIX_RATE = 22050;
const FADE_SECONDS = 0.03;
const SILENCE = 300;

export interface DubSegmentIn {
  start: number;
  end: number;
  /** The translated text. */
  text: string;
  speaker: number;
}

export interface PlacedSegment {
  start: number;
  end: number;
  tempo: number;
  /** Seconds of speech cut off because it did not fit before the next segment. */
  cut: number;
}

/** Leading and trailing silence removed (engines pad their output). */
export function trimSilence(pcm: Int16Array, threshold = SILENCE): Int16Array {
  let a = 0;
  let b = pcm.length;
  while (a < b && Math.abs(pcm[a]!) < threshold) a++;
  while (b > a && Math.abs(pcm[b - 1]!) < threshold) b--;
  return pcm.subarray(a, b);
}

async function speak(
  engine: SpeechEngine,
  language: string,
  v: DubVoice,
  text: string,
  tempo: number,
): Promise<Int16Array> {
  const { pcm, sampleRate } = await synthesizeToPcm({
    engine,
    voice: v.voice,
    language: espeakLanguage(language),
    text,
    prosody: { ...v.rendering.prosody, rate: v.rendering.prosody.rate * tempo },
    brightnessDb: v.rendering.brightnessDb,
    normalization: 'off',
  });
  return trimSilence(await resample(pcm, sampleRate, MIX_RATE));
}

/** Adds `src` into `out` from sample `at`, with a fade-out over the last FADE_SECONDS when `fade`. */
function addInto(out: Float32Array, src: Int16Array, at: number, fade: boolean): void {
  const fadeLen = fade ? Math.min(src.length, Math.round(FADE_SECONDS * MIX_RATE)) : 0;
  for (let i = 0; i < src.length && at + i < out.length; i++) {
    const g = i >= src.length - fadeLen ? (src.length - i) / fadeLen : 1;
    out[at + i]! += src[i]! * g;
  }
}

/**
 * The dubbed track of `duration` seconds at MIX_RATE: the segments spoken into their slots over
 * `background` (same rate; omitted to drop it), and where each segment landed.
 */
export async function renderDub(o: {
  engine: SpeechEngine;
  language: string;
  segments: DubSegmentIn[];
  voices: Map<number, DubVoice>;
  duration: number;
  /** The tempo (1 = the voice's pace) at which `spoken` seconds of speech fit a slot of `slot` seconds. */
  fitTempo: (spoken: number, slot: number) => number;
  background?: Int16Array;
  signal?: AbortSignal;
  onSegment?: (done: number, total: number) => void;
}): Promise<{ pcm: Int16Array; placed: PlacedSegment[] }> {
  const out = new Float32Array(Math.round(o.duration * MIX_RATE));
  const placed: PlacedSegment[] = [];
  const order = [...o.segments].sort((a, b) => a.start - b.start);
  for (let i = 0; i < order.length; i++) {
    o.signal?.throwIfAborted();
    const s = order[i]!;
    const v = o.voices.get(s.speaker) ?? [...o.voices.values()][0]!;
    const limit = Math.min(order[i + 1]?.start ?? o.duration, o.duration);
    if (!s.text.trim() || s.start >= limit) {
      placed.push({ start: s.start, end: s.start, tempo: 1, cut: 0 });
      continue;
    }
    let pcm = await speak(o.engine, o.language, v, s.text, 1);
    const tempo = o.fitTempo(pcm.length / MIX_RATE, s.end - s.start);
    if (Math.abs(tempo - 1) > 0.02) pcm = await speak(o.engine, o.language, v, s.text, tempo);
    const spoken = pcm.length / MIX_RATE;
    const end = Math.min(s.start + spoken, limit);
    const keep = Math.round((end - s.start) * MIX_RATE);
    addInto(out, pcm.subarray(0, keep), Math.round(s.start * MIX_RATE), keep < pcm.length);
    placed.push({ start: s.start, end, tempo, cut: Math.max(0, spoken - (end - s.start)) });
    o.onSegment?.(i + 1, order.length);
  }
  const speech = Int16Array.from(out, (x) => Math.max(-32768, Math.min(32767, Math.round(x))));
  const voiced = normalizeLoudness(speech);
  if (!o.background) return { pcm: voiced, placed };
  const mix = new Int16Array(voiced.length);
  for (let i = 0; i < mix.length; i++)
    mix[i] = Math.max(-32768, Math.min(32767, voiced[i]! + (o.background[i] ?? 0)));
  return { pcm: mix, placed };
}

/** The background of a recording: what the isolator took away (`original - voice`, both at one rate). */
export function backgroundOf(original: Int16Array, voice: Int16Array): Int16Array {
  const out = new Int16Array(original.length);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.max(-32768, Math.min(32767, original[i]! - (voice[i] ?? 0)));
  return out;
}
