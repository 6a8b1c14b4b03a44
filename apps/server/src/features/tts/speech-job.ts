/**
 * A generation as a speech job: what synthesis and encoding need, as plain data a worker thread can
 * receive (engines are named, not passed), and the runner that turns it into encoded parts. The same
 * runner serves the worker threads (speech-worker.ts) and SPEECH_WORKERS=0 (the main thread).
 */
import type { EspeakPhonemeRule } from '@vocalis/domain/pronunciation/espeak-phonemes';
import { concatAlignments, type Alignment } from '@vocalis/speech/alignment';
import type { Prosody } from '@vocalis/speech/engine';
import type { EngineId, EngineRegistry } from '../../speech/engines';
import type { SpeechPlan } from '../../speech/speech-plan';
import { createEncoder, type AudioTarget } from './audio-target';
import { mergeSegments, synthesizeParts, type PlacedChunk } from './speech-parts';
import type { Generation, TimedAudio } from './tts-generation';

/** One part (a dialogue line, or the whole text) with its engine call. */
export interface SpeechJobPart {
  text: string;
  voiceId: string;
  engineId: EngineId;
  /** The engine's voice id (`slt`, `fr-fr+f3`, `nova` …). */
  engineVoice: string;
  language: string;
  prosody: Prosody;
  speakerBoost: boolean;
  /** A fitted voice's brightness shelf, dB (absent: none). */
  brightnessDb?: number;
  /** Phoneme rules eSpeak-NG speaks as `[[mnemonics]]` (decision 210); absent on the other engines. */
  phonemes?: EspeakPhonemeRule[];
}

/** Everything a speech worker needs to make a generation's audio. */
export interface SpeechJob {
  parts: SpeechJobPart[];
  target: AudioTarget;
  normalization: 'auto' | 'on' | 'off';
  seed?: number;
  previousText?: string;
  nextText?: string;
  /**
   * Raw audio streams: this much of the first sentence is encoded and sent on its own, ahead of the
   * rest of it. The first byte leaves sooner, and a worker serving several streams sends each one's
   * first audio before anyone's later audio after a short step rather than after a whole sentence.
   */
  firstChunkSeconds?: number;
  /**
   * Raw audio streams: the first sentence is spoken as its first this-many words and then the rest
   * (synthesize.ts `firstPieceWords`), so the first audio waits for a few words, not a whole sentence.
   */
  firstPieceWords?: number;
}

const EMPTY_ALIGNMENT: Alignment = {
  characters: [],
  character_start_times_seconds: [],
  character_end_times_seconds: [],
};

const noTimings = () => ({ alignment: null, normalizedAlignment: null, voiceSegments: [] });

/** A text spoken as a plan says. */
export function jobPart(
  text: string,
  voiceId: string,
  plan: SpeechPlan,
  phonemes?: EspeakPhonemeRule[],
): SpeechJobPart {
  return {
    text,
    voiceId,
    engineId: plan.engineId,
    engineVoice: plan.engineVoice,
    language: plan.language,
    prosody: plan.params.prosody,
    speakerBoost: plan.params.speakerBoost,
    ...(plan.brightnessDb ? { brightnessDb: plan.brightnessDb } : {}),
    ...(phonemes?.length ? { phonemes } : {}),
  };
}

/** The job of a prepared generation. */
export function speechJobOf(g: Generation): SpeechJob {
  return {
    parts: g.parts.map((p) => jobPart(p.text, p.voice.voiceId, p.plan, p.phonemes)),
    target: g.target,
    normalization: g.normalization,
    seed: g.seed,
    previousText: g.previousText,
    nextText: g.nextText,
  };
}

/**
 * Synthesizes and encodes a job: one item per sentence where the codec can append (mp3, pcm, G.711),
 * else one item at the end (WAV, Opus, AAC, FLAC), each with its alignments and voice segments.
 */
export async function* runSpeechJob(
  job: SpeechJob,
  engines: EngineRegistry,
  signal: AbortSignal,
): AsyncGenerator<TimedAudio> {
  const encoder = createEncoder(job.target, engines.watermarkKey);
  const held: PlacedChunk[] = [];
  let head = job.firstChunkSeconds ? Math.round(job.firstChunkSeconds * job.target.sampleRate) : 0;
  for await (const chunk of synthesizeParts(job, engines, signal)) {
    if (!encoder.incremental) {
      await encoder.push(chunk.pcm, chunk.sampleRate);
      held.push(chunk);
      continue;
    }
    let samples = await encoder.resample(chunk.pcm, chunk.sampleRate);
    if (head > 0 && samples.length > head) {
      // The sentence's alignment and segment go with its remainder (the same text, the same times).
      yield { audio: await encoder.encode(samples.subarray(0, head)), ...noTimings() };
      samples = samples.subarray(head);
    }
    head = 0;
    yield {
      audio: await encoder.encode(samples),
      alignment: chunk.alignment,
      normalizedAlignment: chunk.normalizedAlignment,
      voiceSegments: [chunk.segment],
    };
  }
  const tail = await encoder.end();
  if (encoder.incremental) {
    if (tail.length) yield { audio: tail, ...noTimings() };
    return;
  }
  yield {
    audio: tail,
    alignment: held.map((c) => c.alignment).reduce(concatAlignments, EMPTY_ALIGNMENT),
    normalizedAlignment: held.map((c) => c.normalizedAlignment).reduce(concatAlignments, EMPTY_ALIGNMENT),
    voiceSegments: mergeSegments(held.map((c) => c.segment)),
  };
}
