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

/** A segment spoken into its slot: the speech (MIX_RATE, untrimmed at the end) and the tempo it was spoken at. */
export interface SpokenClip {
  pcm: Int16Array;
  tempo: number;
}

/**
 * Speaks one translated segment at its speaker's voice, timed at the voice's pace, then again at the tempo
 * that fits its slot of `slot` seconds (within the bounds of `fitTempo`).
 */
export async function speakSegment(o: {
  engine: SpeechEngine;
  language: string;
  voice: DubVoice;
  text: string;
  slot: number;
  fitTempo: (spoken: number, slot: number) => number;
}): Promise<SpokenClip> {
  const first = await speak(o.engine, o.language, o.voice, o.text, 1);
  const tempo = o.fitTempo(first.length / MIX_RATE, o.slot);
  if (Math.abs(tempo - 1) <= 0.02) return { pcm: first, tempo };
  return { pcm: await speak(o.engine, o.language, o.voice, o.text, tempo), tempo };
}

/**
 * The dubbed track of `duration` seconds at MIX_RATE from clips already spoken (an empty clip is a silent
 * segment): each starts where its segment starts and is cut with a fade where the next one starts; the speech
 * is loudness-normalised and laid over `background` (same rate; omitted to drop it).
 */
export function mixDub(o: {
  clips: { start: number; clip: SpokenClip }[];
  duration: number;
  background?: Int16Array;
}): { pcm: Int16Array; placed: PlacedSegment[] } {
  const out = new Float32Array(Math.round(o.duration * MIX_RATE));
  const placed: PlacedSegment[] = [];
  const order = o.clips.map((c, i) => ({ ...c, i })).sort((a, b) => a.start - b.start);
  const at = new Array<PlacedSegment>(order.length);
  for (let k = 0; k < order.length; k++) {
    const { start, clip, i } = order[k]!;
    const limit = Math.min(order[k + 1]?.start ?? o.duration, o.duration);
    if (!clip.pcm.length || start >= limit) {
      at[i] = { start, end: start, tempo: 1, cut: 0 };
      continue;
    }
    const spoken = clip.pcm.length / MIX_RATE;
    const end = Math.min(start + spoken, limit);
    const keep = Math.round((end - start) * MIX_RATE);
    addInto(out, clip.pcm.subarray(0, keep), Math.round(start * MIX_RATE), keep < clip.pcm.length);
    at[i] = { start, end, tempo: clip.tempo, cut: Math.max(0, spoken - (end - start)) };
  }
  placed.push(...at);
  const speech = Int16Array.from(out, (x) => Math.max(-32768, Math.min(32767, Math.round(x))));
  const voiced = normalizeLoudness(speech);
  if (!o.background) return { pcm: voiced, placed };
  const mix = new Int16Array(voiced.length);
  for (let i = 0; i < mix.length; i++)
    mix[i] = Math.max(-32768, Math.min(32767, voiced[i]! + (o.background[i] ?? 0)));
  return { pcm: mix, placed };
}

/**
 * The dubbed track of `duration` seconds at MIX_RATE: the segments spoken into their slots over
 * `background` (same rate; omitted to drop it), and where each segment landed (in `segments` order).
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
  const clips: { start: number; clip: SpokenClip }[] = [];
  for (const [i, s] of o.segments.entries()) {
    o.signal?.throwIfAborted();
    const voice = o.voices.get(s.speaker) ?? [...o.voices.values()][0]!;
    const clip =
      s.text.trim() && s.end > s.start
        ? await speakSegment({ ...o, voice, text: s.text, slot: s.end - s.start })
        : { pcm: new Int16Array(0), tempo: 1 };
    clips.push({ start: s.start, clip });
    o.onSegment?.(i + 1, o.segments.length);
  }
  return mixDub({ clips, duration: o.duration, background: o.background });
}

/** The background of a recording: what the isolator took away (`original - voice`, both at one rate). */
export function backgroundOf(original: Int16Array, voice: Int16Array): Int16Array {
  const out = new Int16Array(original.length);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.max(-32768, Math.min(32767, original[i]! - (voice[i] ?? 0)));
  return out;
}
