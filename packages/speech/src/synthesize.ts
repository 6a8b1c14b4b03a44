/**
 * The text-to-speech pipeline: SSML breaks → sentences → normalisation → pronunciation hook → engine,
 * one sentence at a time so the first audio leaves as soon as the first sentence is ready. Each chunk
 * carries the alignment of its characters in the original text and in the normalised text, with times
 * relative to the start of the whole utterance; joined in order they cover both texts completely.
 */
import { buildAlignment, type Alignment } from './alignment';
import type { Prosody, SpeechEngine, TimingEvent } from './engine';
import { throwIfAborted } from './engine';
import { normalizeLoudness } from './dsp/loudness';
import { highShelf } from './profile/spectrum';
import { identityNormalized, normalizeText, toOriginalSpan } from './text/normalize';
import { nextContext, previousContext } from './text/context';
import { noPronunciationRules, type PronunciationHook } from './text/pronunciation';
import { segmentSentences, type Segment } from './text/segment';
import { parseSsml } from './text/ssml';

/** Everything one utterance needs. */
export interface SynthesizeOptions {
  engine: SpeechEngine;
  voice: string;
  text: string;
  language?: string;
  prosody?: Prosody;
  /** Loudness normalisation of each sentence (ElevenLabs `use_speaker_boost`). */
  speakerBoost?: boolean;
  /** A fitted voice profile's brightness: a high shelf of this many dB (profile/spectrum.ts); 0 or absent: none. */
  brightnessDb?: number;
  /** ElevenLabs `apply_text_normalization`; `auto` normalises English only. */
  normalization?: 'auto' | 'on' | 'off';
  pronunciation?: PronunciationHook;
  seed?: number;
  signal?: AbortSignal;
  /**
   * ElevenLabs `previous_text` / `next_text`: the text around this request. Their nearest words are
   * spoken with the first and last sentence and then cut away, so the boundary gets the intonation and
   * pause of a continuous reading (no final fall before a continuation, no start-of-utterance silence
   * after one). Never part of the audio, the alignment or the bill.
   */
  previousText?: string | null;
  nextText?: string | null;
  /**
   * Raw streams: the first sentence is spoken in two pieces, its first this-many words and the rest, so
   * the first audio needs only a short head. Each piece is spoken with a few words of the other as context
   * (the way `previous_text`/`next_text` work), so the cut keeps one sentence's intonation. A sentence with
   * fewer than QUICK_START_MIN_TAIL words after the head, or no cut between two words, is not split.
   */
  firstPieceWords?: number;
}

/** One sentence of audio with its alignments. */
export interface UtteranceChunk {
  pcm: Int16Array;
  sampleRate: number;
  /** Start time of this chunk in the utterance, seconds. */
  start: number;
  alignment: Alignment;
  normalizedAlignment: Alignment;
}

/** Sentences of the clean text, also cut where a break tag asks for a pause. */
function pieces(text: string, cuts: number[], language: string | undefined): Segment[] {
  const out: Segment[] = [];
  for (const s of segmentSentences(text, language ?? 'en')) {
    let start = s.start;
    for (const at of cuts.filter((c) => c > s.start && c < s.end)) {
      out.push({ text: text.slice(start, at), start, end: at });
      start = at;
    }
    out.push({ text: text.slice(start, s.end), start, end: s.end });
  }
  return out;
}

/** A first piece is split only when at least this many words follow the head. */
export const QUICK_START_MIN_TAIL = 3;
/** Words of the other piece spoken (and cut away) on each side of a quick-start cut. */
const QUICK_START_CONTEXT = 3;

/**
 * The first piece cut after `words` words, at a space between two words that start and end with letters
 * (so a number, a date or an abbreviation is never normalised in halves); `undefined` when it cannot be.
 */
export function quickStartCut(piece: Segment, words: number): number | undefined {
  const wordCount = (t: string) => t.trim().split(/\s+/).length;
  const spaces = piece.text.matchAll(/(?<=\p{L})\s+(?=\p{L})/gu);
  const at = [...spaces].find((m) => wordCount(piece.text.slice(0, m.index)) >= words);
  if (!at) return undefined;
  const cut = at.index + at[0].length;
  return wordCount(piece.text.slice(cut)) >= QUICK_START_MIN_TAIL ? piece.start + cut : undefined;
}

/** The first piece as head and rest when `words` asks for a quick start and it can be cut. */
function splitFirstPiece(
  all: Segment[],
  text: string,
  words: number | undefined,
): { pieces: Segment[]; split: boolean } {
  const first = all[0];
  const cut = first && words ? quickStartCut(first, words) : undefined;
  if (!first || cut === undefined) return { pieces: all, split: false };
  return {
    pieces: [
      { text: text.slice(first.start, cut), start: first.start, end: cut },
      { text: text.slice(cut, first.end), start: cut, end: first.end },
      ...all.slice(1),
    ],
    split: true,
  };
}

const edgeWords = (t: string, n: number, side: 'first' | 'last') => {
  const words = t.trim().split(/\s+/);
  return (side === 'first' ? words.slice(0, n) : words.slice(-n)).join(' ');
};

/** Synthesizes an utterance as a stream of per-sentence chunks. */
export async function* synthesizeUtterance(o: SynthesizeOptions): AsyncIterable<UtteranceChunk> {
  const ssml = parseSsml(o.text);
  const mode = o.normalization ?? 'auto';
  const normalize =
    mode === 'on' || (mode === 'auto' && (!o.language || o.language.toLowerCase().startsWith('en')));
  const hook = o.pronunciation ?? noPronunciationRules;
  let time = 0;
  let sampleRate = 0;
  let origCursor = 0;
  const { pieces: all, split } = splitFirstPiece(
    pieces(
      ssml.text,
      ssml.pauses.map((p) => p.at),
      o.language,
    ),
    ssml.text,
    o.firstPieceWords,
  );
  let pauseIndex = 0;
  const prepare = (t: string) => hook(normalize ? normalizeText(t).text : t);
  const before = previousContext(o.previousText, o.language ?? 'en');
  const after = nextContext(o.nextText, o.language ?? 'en');
  // Context words of the piece before and after each piece: the request's neighbours at its ends, and
  // the other half of a quick-start cut on each side of it.
  const contextBefore = (k: number) =>
    k === 0 ? before : split && k === 1 ? edgeWords(all[0]!.text, QUICK_START_CONTEXT, 'last') : '';
  const contextAfter = (k: number) =>
    split && k === 0
      ? edgeWords(all[1]!.text, QUICK_START_CONTEXT, 'first')
      : k === all.length - 1
        ? after
        : '';
  for (const [k, piece] of all.entries()) {
    throwIfAborted(o.signal);
    let pause = 0;
    for (; pauseIndex < ssml.pauses.length && ssml.pauses[pauseIndex]!.at <= piece.start; pauseIndex++)
      pause += ssml.pauses[pauseIndex]!.seconds;
    const n = normalize ? normalizeText(piece.text) : identityNormalized(piece.text);
    const spoken = hook(n.text);
    // A hook that changes the text's length is mapped back proportionally (it works on whole words).
    const scale = spoken.length ? n.text.length / spoken.length : 1;
    let speech: Int16Array = new Int16Array(0);
    let events: TimingEvent[] = [];
    if (/[\p{L}\p{N}]/u.test(spoken)) {
      const out = await speakInContext(o, spoken, {
        before: contextBefore(k) ? `${prepare(contextBefore(k))} ` : '',
        after: contextAfter(k) ? ` ${prepare(contextAfter(k))}` : '',
        timeOffset: time + pause,
      });
      sampleRate ||= out.sampleRate;
      speech = out.pcm;
      events = out.events;
    }
    if (scale !== 1)
      events = events.map((e) => ({
        ...e,
        textStart: Math.round(e.textStart * scale),
        textEnd: Math.round(e.textEnd * scale),
      }));
    const rate = sampleRate || 16000;
    if (o.brightnessDb) speech = highShelf(speech, rate, o.brightnessDb);
    if (o.speakerBoost) speech = normalizeLoudness(speech);
    const pcm = new Int16Array(Math.round(pause * rate) + speech.length);
    pcm.set(speech, pcm.length - speech.length);
    const end = time + pcm.length / rate;
    const normalizedAlignment = buildAlignment(n.text, events, time, end);
    // The original span runs from where the previous chunk stopped, so stripped markup is covered too.
    const origEnd = k === all.length - 1 ? o.text.length : toOriginalSpan(ssml, piece.end - 1, piece.end)[1];
    const origEvents = events.map((e) => {
      const [cs, ce] = toOriginalSpan(n, e.textStart, e.textEnd);
      const [os, oe] = toOriginalSpan(ssml, cs + piece.start, ce + piece.start);
      return { ...e, textStart: os - origCursor, textEnd: oe - origCursor };
    });
    const alignment = buildAlignment(o.text.slice(origCursor, origEnd), origEvents, time, end);
    yield { pcm, sampleRate: rate, start: time, alignment, normalizedAlignment };
    origCursor = origEnd;
    time = end;
  }
  // Breaks after the last sentence still lengthen the audio.
  const tail = ssml.pauses.slice(pauseIndex).reduce((s, p) => s + p.seconds, 0);
  if (tail > 0) {
    const empty: Alignment = {
      characters: [],
      character_start_times_seconds: [],
      character_end_times_seconds: [],
    };
    const rate = sampleRate || 16000;
    yield {
      pcm: new Int16Array(Math.round(tail * rate)),
      sampleRate: rate,
      start: time,
      alignment: empty,
      normalizedAlignment: empty,
    };
  }
}

interface Spoken {
  pcm: Int16Array;
  sampleRate: number;
  events: TimingEvent[];
}

async function runEngine(o: SynthesizeOptions, text: string): Promise<Spoken> {
  const blocks: Int16Array[] = [];
  const events: TimingEvent[] = [];
  let sampleRate = 0;
  const request = { text, voice: o.voice, language: o.language, prosody: o.prosody, seed: o.seed };
  for await (const c of o.engine.synthesize(request, o.signal)) {
    sampleRate ||= c.sampleRate;
    blocks.push(c.pcm);
    events.push(...c.events);
  }
  return { pcm: concat(blocks), sampleRate: sampleRate || 16000, events };
}

/** Fade length at a cut, so cutting inside a continuous reading does not click. */
const FADE_SECONDS = 0.005;

/**
 * Speaks `text` with context words around it, then keeps only the audio of `text`: from the start of
 * its first word (when there is context before) to the start of the first context word after it (so
 * the pause the engine makes at that boundary stays). Events come back relative to `text` and shifted
 * by `timeOffset`. Without context, or when the engine reports no word at a boundary, `text` is
 * spoken alone.
 */
export async function speakInContext(
  o: SynthesizeOptions,
  text: string,
  context: { before: string; after: string; timeOffset: number },
): Promise<Spoken> {
  const { before, after, timeOffset } = context;
  const shift = (r: Spoken, from: number, to: number): Spoken => ({
    ...r,
    events: r.events
      .filter((e) => e.start >= from - 1e-6 && e.start < to)
      .map((e) => ({
        ...e,
        start: e.start - from + timeOffset,
        end: Math.min(e.end, to) - from + timeOffset,
        textStart: Math.min(Math.max(e.textStart - before.length, 0), text.length),
        textEnd: Math.min(Math.max(e.textEnd - before.length, 0), text.length),
      })),
  });
  if (before || after) {
    const r = await runEngine(o, before + text + after);
    const words = r.events.filter((e) => e.type === 'word').sort((a, b) => a.start - b.start);
    const first = words.find(
      (w) => w.textStart >= before.length && w.textStart < before.length + text.length,
    );
    const next = words.find((w) => w.textStart >= before.length + text.length);
    const total = r.pcm.length / r.sampleRate;
    const from = before ? first?.start : 0;
    const to = after ? next?.start : total;
    if (from !== undefined && to !== undefined && to > from) {
      const pcm = r.pcm.slice(Math.round(from * r.sampleRate), Math.round(to * r.sampleRate));
      fade(pcm, r.sampleRate, before !== '', after !== '');
      return shift({ ...r, pcm }, from, to);
    }
  }
  const r = await runEngine(o, text);
  return shift(r, 0, Infinity);
}

/** Fades the cut edges in and out over a few milliseconds. */
function fade(pcm: Int16Array, sampleRate: number, head: boolean, tail: boolean): void {
  const n = Math.min(Math.round(FADE_SECONDS * sampleRate), Math.floor(pcm.length / 2));
  for (let i = 0; i < n; i++) {
    const g = i / n;
    if (head) pcm[i] = Math.round(pcm[i]! * g);
    if (tail) pcm[pcm.length - 1 - i] = Math.round(pcm[pcm.length - 1 - i]! * g);
  }
}

/** A whole utterance as one PCM block (previews, tests, measurements); empty text gives no samples. */
export async function synthesizeToPcm(
  o: SynthesizeOptions,
): Promise<{ pcm: Int16Array; sampleRate: number }> {
  const blocks: Int16Array[] = [];
  let sampleRate = 16000;
  for await (const c of synthesizeUtterance(o)) {
    blocks.push(c.pcm);
    sampleRate = c.sampleRate;
  }
  return { pcm: concat(blocks), sampleRate };
}

/** Joins PCM blocks in order. */
export function concat(blocks: Int16Array[]): Int16Array {
  const out = new Int16Array(blocks.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of blocks) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
