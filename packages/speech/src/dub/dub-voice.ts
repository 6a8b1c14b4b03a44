/**
 * A speaker's dubbing voice: an eSpeak-NG voice of the target language (the only built-in engine that
 * speaks the 29 dubbing languages but Filipino), male or female by the speaker's pitch, fitted to the
 * speaker's own measured speech (pitch, its variation, brightness, pace: profile/clone.ts).
 */
import type { SpeechEngine } from '../engine';
import { fitOnBase, measureSamples } from '../profile/clone';
import { baseGender, IDENTITY, type FittedRendering } from '../profile/fit';

export interface DubVoice {
  /** The engine voice id (`es+f3`). */
  voice: string;
  gender: 'male' | 'female';
  rendering: FittedRendering;
}

/** The eSpeak language id for a dubbing language (Chinese: Mandarin). */
export const espeakLanguage = (code: string) => (code === 'zh' ? 'cmn' : code);

/** The languages the built-in voices speak, among `codes`. */
export async function speakableLanguages(engine: SpeechEngine, codes: readonly string[]): Promise<string[]> {
  const have = new Set(await engine.languages());
  return codes.filter((c) => have.has(espeakLanguage(c)));
}

/**
 * Fits a voice of `language` to a speaker's speech (mono PCM at `sampleRate`); with less than a second of
 * speech the base voice is used as it is.
 */
export async function fitDubVoice(
  engine: SpeechEngine,
  language: string,
  speech: Int16Array,
  sampleRate: number,
): Promise<DubVoice> {
  const measure = await measureSamples([{ pcm: speech, sampleRate }]);
  const gender = baseGender(measure.pitchHz);
  const voice = `${espeakLanguage(language)}+${gender === 'female' ? 'f3' : 'm3'}`;
  if (speech.length < sampleRate) return { voice, gender, rendering: IDENTITY };
  const fit = await fitOnBase(measure, { engine, voice, language: espeakLanguage(language), steps: 0 });
  return { voice, gender, rendering: fit.rendering };
}
