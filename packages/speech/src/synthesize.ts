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
import { identityNormalized, normalizeText, toOriginalSpan } from './text/normalize';
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
  /** ElevenLabs `apply_text_normalization`; `auto` normalises English only. */
  normalization?: 'auto' | 'on' | 'off';
  pronunciation?: PronunciationHook;
  seed?: number;
  signal?: AbortSignal;
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
  const all = pieces(
    ssml.text,
    ssml.pauses.map((p) => p.at),
    o.language,
  );
  let pauseIndex = 0;
  for (const [k, piece] of all.entries()) {
    throwIfAborted(o.signal);
    let pause = 0;
    for (; pauseIndex < ssml.pauses.length && ssml.pauses[pauseIndex]!.at <= piece.start; pauseIndex++)
      pause += ssml.pauses[pauseIndex]!.seconds;
    const n = normalize ? normalizeText(piece.text) : identityNormalized(piece.text);
    const spoken = hook(n.text);
    // A hook that changes the text's length is mapped back proportionally (it works on whole words).
    const scale = spoken.length ? n.text.length / spoken.length : 1;
    const blocks: Int16Array[] = [];
    let events: TimingEvent[] = [];
    if (/[\p{L}\p{N}]/u.test(spoken)) {
      for await (const c of o.engine.synthesize(
        {
          text: spoken,
          voice: o.voice,
          language: o.language,
          prosody: o.prosody,
          seed: o.seed,
          timeOffset: time + pause,
        },
        o.signal,
      )) {
        sampleRate ||= c.sampleRate;
        blocks.push(c.pcm);
        events.push(...c.events);
      }
    }
    if (scale !== 1)
      events = events.map((e) => ({
        ...e,
        textStart: Math.round(e.textStart * scale),
        textEnd: Math.round(e.textEnd * scale),
      }));
    const rate = sampleRate || 16000;
    let speech = concat(blocks);
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

function concat(blocks: Int16Array[]): Int16Array {
  const out = new Int16Array(blocks.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of blocks) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
