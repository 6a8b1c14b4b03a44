/**
 * The built-in models and the ids accepted as aliases for them (docs/decisions/008). A model decides
 * which engine speaks; the voice decides how that engine sounds.
 */
import { badRequest } from '../../errors';
import type { EngineId, EngineLanguage, EngineRegistry } from '../../speech/engines';

/** `auto`: the voice's own engine for English Flite voices, eSpeak-NG for everything else. */
export type ModelEngine = EngineId | 'auto';

export interface BuiltInModel {
  modelId: string;
  name: string;
  description: string;
  engine: ModelEngine;
  /** Longest text one request may carry. */
  maxCharacters: number;
}

export const DEFAULT_MODEL_ID = 'vocalis_multilingual_v1';

export const BUILT_IN_MODELS: readonly BuiltInModel[] = [
  {
    modelId: DEFAULT_MODEL_ID,
    name: 'Vocalis Multilingual v1',
    description:
      "The default: each voice on its own engine. English with a Flite voice is spoken by Flite; every other language, and every eSpeak voice, by eSpeak-NG keeping the voice's variant. Parametric and formant synthesis: intelligible and fast, not natural-sounding. Also accepts the ids eleven_multilingual_v2, eleven_multilingual_v1, eleven_v3, eleven_flash_v2_5, eleven_turbo_v2_5 and OpenAI's tts-1, tts-1-hd, gpt-4o-mini-tts.",
    engine: 'auto',
    maxCharacters: 10_000,
  },
  {
    modelId: 'vocalis_flite_v1',
    name: 'Vocalis English (Flite) v1',
    description:
      'English only, on CMU Flite (parametric voices kal16, awb, rms, slt): the most intelligible built-in engine for English. eSpeak voices use a Flite voice of the same gender. Also accepts the ids eleven_monolingual_v1, eleven_turbo_v2 and eleven_flash_v2.',
    engine: 'flite',
    maxCharacters: 10_000,
  },
  {
    modelId: 'vocalis_espeak_v1',
    name: 'Vocalis Multilingual (eSpeak-NG) v1',
    description:
      'Over 100 languages on eSpeak-NG formant synthesis: robotic but intelligible, and the fastest engine. Every voice keeps its variant (timbre) in every language.',
    engine: 'espeak',
    maxCharacters: 10_000,
  },
  {
    modelId: 'vocalis_http_v1',
    name: 'Remote speech server',
    description:
      'The OpenAI-compatible speech server configured by SPEECH_HTTP_URL (for example Kokoro-FastAPI or LocalAI). Voices are sent as OpenAI voice names (nova, onyx …) and the alignment is estimated, because the protocol has no timings.',
    engine: 'http',
    maxCharacters: 5_000,
  },
];

/** Well-known ElevenLabs and OpenAI model ids clients send by default, and the model that serves them. */
export const MODEL_ALIASES: Readonly<Record<string, string>> = {
  eleven_multilingual_v2: DEFAULT_MODEL_ID,
  eleven_multilingual_v1: DEFAULT_MODEL_ID,
  eleven_v3: DEFAULT_MODEL_ID,
  eleven_flash_v2_5: DEFAULT_MODEL_ID,
  eleven_turbo_v2_5: DEFAULT_MODEL_ID,
  eleven_monolingual_v1: 'vocalis_flite_v1',
  eleven_turbo_v2: 'vocalis_flite_v1',
  eleven_flash_v2: 'vocalis_flite_v1',
  'tts-1': DEFAULT_MODEL_ID,
  'tts-1-hd': DEFAULT_MODEL_ID,
  'gpt-4o-mini-tts': DEFAULT_MODEL_ID,
};

/** The models this process offers (the remote one only when it is configured). */
export class ModelCatalogue {
  constructor(private readonly engines: EngineRegistry) {}

  list(): BuiltInModel[] {
    return BUILT_IN_MODELS.filter((m) => m.engine === 'auto' || this.engines.has(m.engine));
  }

  /** The model for a requested id (alias or own id); unknown ids are a 400 naming what exists. */
  resolve(requested: string | null | undefined): BuiltInModel {
    const id = requested ? (MODEL_ALIASES[requested] ?? requested) : DEFAULT_MODEL_ID;
    const model = this.list().find((m) => m.modelId === id);
    if (!model) {
      const own = this.list().map((m) => m.modelId);
      throw badRequest(
        `Model '${requested}' does not exist. Available models: ${own.join(', ')}; accepted aliases: ${Object.keys(MODEL_ALIASES).join(', ')}.`,
        'model_not_found',
      );
    }
    return model;
  }

  /** The languages a model speaks. */
  async languages(model: BuiltInModel): Promise<EngineLanguage[]> {
    return this.engines.languages(model.engine === 'auto' ? 'espeak' : model.engine);
  }
}
