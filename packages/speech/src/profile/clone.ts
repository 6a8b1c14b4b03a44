/**
 * A "profile clone" of recorded speech: measure the samples, then fit a rendering on an engine voice
 * by speaking a calibration text and measuring it (fit.ts). Base voices' own measures are kept per
 * process, so a clone costs one calibration synthesis per fully fitted engine.
 */
import { resample } from '../audio/resample';
import type { SpeechEngine } from '../engine';
import { concat, synthesizeToPcm } from '../synthesize';
import { storeBaseline, storedBaseline } from './baseline-store';
import { fitRendering, IDENTITY, type FitResult, type FittedRendering } from './fit';
import { measureVoice, type VoiceMeasure } from './measure';

/** The rate every measurement runs at (the pitch tracker's cost grows with it). */
export const MEASURE_RATE = 16000;

/**
 * Harvard sentences (list 2; none of them in the tests' samples), about 12 s of speech: long enough
 * that one sentence's syllable structure does not set the rate.
 */
export const CALIBRATION_TEXT = [
  'The boy was there when the sun rose.',
  'A rod is used to catch pink salmon.',
  'The source of the huge river is the clear spring.',
  'Kick the ball straight and follow through.',
  'Help the woman get back to her feet.',
  'A pot of tea helps to pass the evening.',
  'Smoky fires lack flame and heat.',
  "The soft cushion broke the man's fall.",
].join(' ');

/** Decoded mono audio. */
export interface MonoAudio {
  pcm: Int16Array;
  sampleRate: number;
}

/** Measures clips as one recording (0.5 s of silence between them, which the rate measure skips). */
export async function measureSamples(clips: MonoAudio[]): Promise<VoiceMeasure> {
  const gap = new Int16Array(MEASURE_RATE / 2);
  const parts: Int16Array[] = [];
  for (const c of clips) parts.push(await resample(c.pcm, c.sampleRate, MEASURE_RATE), gap);
  return measureVoice(concat(parts), MEASURE_RATE);
}

/** An engine voice a profile can be fitted on. */
export interface BaseVoice {
  engine: SpeechEngine;
  /** The engine's voice id (`bdl`, `slt`, `en-us+m3` …). */
  voice: string;
  language?: string;
  /** Closed-loop correction steps (each one calibration synthesis); 0 uses the base measure only. */
  steps: number;
}

const baselines = new Map<string, Promise<VoiceMeasure>>();

/** Speaks the calibration text on a base voice with a rendering and measures it. */
export async function speakCalibration(base: BaseVoice, r: FittedRendering): Promise<VoiceMeasure> {
  const audio = await synthesizeToPcm({
    engine: base.engine,
    voice: base.voice,
    language: base.language,
    text: CALIBRATION_TEXT,
    prosody: { ...r.prosody, range: 1 },
    brightnessDb: r.brightnessDb,
    speakerBoost: true,
  });
  return measureSamples([audio]);
}

/**
 * The base voice's own measure on the calibration text, spoken once per process and kept (and shared
 * between processes when VOCALIS_VOICE_BASELINES names a file: baseline-store.ts).
 */
export function baselineOf(base: Pick<BaseVoice, 'engine' | 'voice' | 'language'>): Promise<VoiceMeasure> {
  const key = `${base.engine.id}:${base.voice}:${base.language ?? ''}`;
  let baseline = baselines.get(key);
  if (!baseline) {
    const stored = storedBaseline(key);
    baseline = stored
      ? Promise.resolve(stored)
      : speakCalibration({ ...base, steps: 0 }, IDENTITY).then((m) => (storeBaseline(key, m), m));
    baselines.set(key, baseline);
    baseline.catch(() => baselines.delete(key));
  }
  return baseline;
}

/** Fits a rendering of `target` on a base voice. */
export async function fitOnBase(target: VoiceMeasure, base: BaseVoice): Promise<FitResult> {
  return fitRendering(target, (r) => speakCalibration(base, r), {
    baseline: await baselineOf(base),
    steps: base.steps,
  });
}
