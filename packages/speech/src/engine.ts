/**
 * The engine contract every speech engine implements (built-in Flite and eSpeak-NG today, a remote
 * or neural engine later), so features never depend on a particular engine.
 */

/** One timed span of the input: a word, a phone or a pause. */
export interface TimingEvent {
  type: 'word' | 'phoneme' | 'pause';
  /** Seconds from the start of the whole utterance (not of the chunk). */
  start: number;
  end: number;
  /** UTF-16 offsets into the request text, `[textStart, textEnd)`; equal for pauses between words. */
  textStart: number;
  textEnd: number;
  /** Word text, phone symbol or nothing. */
  value?: string;
}

/** A block of mono 16-bit PCM plus the timing events whose audio lies in it. */
export interface SpeechChunk {
  pcm: Int16Array;
  sampleRate: number;
  events: TimingEvent[];
}

/**
 * Engine-neutral prosody. Every value is a multiplier of the voice's own default (1 = unchanged), so a
 * voice profile means the same thing on every engine.
 */
export interface Prosody {
  /** Speaking rate: 1.2 is 20% faster (Flite: 1/duration_stretch, eSpeak: words per minute). */
  rate?: number;
  /** Mean f0 (Flite: int_f0_target_mean, eSpeak: pitch). */
  pitch?: number;
  /** Intonation variation (Flite: int_f0_target_stddev, eSpeak: range). 0 is a monotone. */
  pitchVariation?: number;
  /** Extra widening of pitch excursions, applied on top of `pitchVariation` (both engines have one knob). */
  range?: number;
}

/** One synthesis call: usually one sentence, never more than a paragraph. */
export interface SynthesisRequest {
  text: string;
  /** The engine's voice id (`slt`, `en-us+f3` …), not a catalogue voice id. */
  voice: string;
  /** BCP-47 language; engines that pick the language from the voice may ignore it. */
  language?: string;
  prosody?: Prosody;
  /**
   * Determinism seed. Both built-in engines are deterministic already; engines with randomness must
   * derive it from this value so the same request gives the same bytes.
   */
  seed?: number;
  /** Seconds added to every event time, so a sentence's events are relative to the whole utterance. */
  timeOffset?: number;
}

/** A voice the engine itself offers. */
export interface EngineVoice {
  id: string;
  name: string;
  languages: string[];
  gender: 'male' | 'female' | 'neutral';
}

/** A speech engine: voices, languages and streaming synthesis. */
export interface SpeechEngine {
  readonly id: string;
  voices(): Promise<EngineVoice[]>;
  languages(): Promise<string[]>;
  synthesize(request: SynthesisRequest, signal?: AbortSignal): AsyncIterable<SpeechChunk>;
}

/** Throws the signal's reason when it was aborted (engines call it between blocks of work). */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}
