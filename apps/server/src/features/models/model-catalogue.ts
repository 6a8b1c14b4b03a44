/**
 * The built-in models and the ids accepted as aliases for them (docs/decisions/008). A model decides
 * which engine speaks; the voice decides how that engine sounds.
 */
import { badRequest } from '../../errors';
import type { EngineId, EngineLanguage, EngineRegistry } from '../../speech/engines';

/**
 * `auto`: English on a Flite-designed voice is spoken by RHVoice where it is installed, else by Flite;
 * everything else by eSpeak-NG.
 */
export type ModelEngine = EngineId | 'auto';

export interface BuiltInModel {
  modelId: string;
  name: string;
  description: string;
  engine: ModelEngine;
  /** Longest text one request may carry. */
  maxCharacters: number;
  /** Set on the entries `GET /v1/models` lists for accepted aliases: the built-in model serving them. */
  aliasOf?: string;
}

export const DEFAULT_MODEL_ID = 'vocalis_multilingual_v1';

export const BUILT_IN_MODELS: readonly BuiltInModel[] = [
  {
    modelId: DEFAULT_MODEL_ID,
    name: 'Vocalis Multilingual v1',
    description:
      "The default: each voice on its own engine. English with an English premade voice is spoken by RHVoice where the server has it installed (the most natural built-in engine), else by Flite; every other language, and every eSpeak voice, by eSpeak-NG keeping the voice's variant. Parametric and formant synthesis: intelligible and fast, not a neural voice. Also accepts the ids eleven_multilingual_v2, eleven_multilingual_v1, eleven_v3, eleven_flash_v2_5, eleven_turbo_v2_5 and OpenAI's tts-1, tts-1-hd, gpt-4o-mini-tts.",
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
    modelId: 'vocalis_rhvoice_v1',
    name: 'Vocalis English (RHVoice) v1',
    description:
      'English only, on RHVoice (statistical parametric voices clb, bdl, slt and alan, 24 kHz): the most natural-sounding built-in engine, offered where the server has it installed (npm run setup:voices). Every voice uses the RHVoice voice of its gender and accent. Also accepts eleven_monolingual_v1, eleven_turbo_v2 and eleven_flash_v2 when installed.',
    engine: 'rhvoice',
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

const ENGLISH = ['vocalis_rhvoice_v1', 'vocalis_flite_v1'];

/**
 * Well-known ElevenLabs and OpenAI model ids clients send by default, with their names, and the
 * models that serve them in order of preference (the first this server offers): the English-only
 * ElevenLabs models go to RHVoice where it is installed, else to Flite.
 */
export const MODEL_ALIASES: Readonly<Record<string, { name: string; serves: string[] }>> = {
  eleven_multilingual_v2: { name: 'Eleven Multilingual v2', serves: [DEFAULT_MODEL_ID] },
  eleven_multilingual_v1: { name: 'Eleven Multilingual v1', serves: [DEFAULT_MODEL_ID] },
  eleven_v3: { name: 'Eleven v3', serves: [DEFAULT_MODEL_ID] },
  eleven_flash_v2_5: { name: 'Eleven Flash v2.5', serves: [DEFAULT_MODEL_ID] },
  eleven_turbo_v2_5: { name: 'Eleven Turbo v2.5', serves: [DEFAULT_MODEL_ID] },
  eleven_monolingual_v1: { name: 'Eleven English v1', serves: ENGLISH },
  eleven_turbo_v2: { name: 'Eleven Turbo v2', serves: ENGLISH },
  eleven_flash_v2: { name: 'Eleven Flash v2', serves: ENGLISH },
  'tts-1': { name: 'OpenAI tts-1', serves: [DEFAULT_MODEL_ID] },
  'tts-1-hd': { name: 'OpenAI tts-1-hd', serves: [DEFAULT_MODEL_ID] },
  'gpt-4o-mini-tts': { name: 'OpenAI gpt-4o-mini-tts', serves: [DEFAULT_MODEL_ID] },
};

/** The models this process offers (the remote one only when it is configured). */
export class ModelCatalogue {
  constructor(private readonly engines: EngineRegistry) {}

  list(): BuiltInModel[] {
    return BUILT_IN_MODELS.filter((m) => m.engine === 'auto' || this.engines.has(m.engine));
  }

  /**
   * The models and then the ElevenLabs aliases (`eleven_*`), each marked with the model serving it,
   * as `GET /v1/models` lists them. OpenAI's ids are accepted but not listed (they are not ElevenLabs').
   */
  listWithAliases(): BuiltInModel[] {
    const aliases = Object.entries(MODEL_ALIASES)
      .filter(([id]) => id.startsWith('eleven_'))
      .map(([modelId, alias]) => {
        const target = this.aliasTarget(modelId)!;
        return {
          ...target,
          modelId,
          name: `${alias.name} (alias of ${target.name})`,
          description: `Accepted for ElevenLabs' ${alias.name} so copied code works; served by ${target.modelId}. ${target.description}`,
          aliasOf: target.modelId,
        };
      });
    return [...this.list(), ...aliases];
  }

  /** The built-in model an alias stands for on this server. */
  private aliasTarget(alias: string): BuiltInModel | undefined {
    const offered = this.list();
    for (const id of MODEL_ALIASES[alias]?.serves ?? []) {
      const model = offered.find((m) => m.modelId === id);
      if (model) return model;
    }
    return undefined;
  }

  /** The model for a requested id (alias or own id); unknown ids are a 400 naming what exists. */
  resolve(requested: string | null | undefined): BuiltInModel {
    const id = requested ? (this.aliasTarget(requested)?.modelId ?? requested) : DEFAULT_MODEL_ID;
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
