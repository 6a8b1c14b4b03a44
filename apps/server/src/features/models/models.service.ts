import type { Model } from '@vocalis/contracts/models';
import { STS_MODEL_ALIASES, STS_MODEL_BUILT_IN } from '@vocalis/contracts/speech-to-speech';
import type { BuiltInModel, ModelCatalogue } from './model-catalogue';

const STS_DESCRIPTION =
  "Speech to speech by signal processing (decision 095), not a neural voice changer: the words, timing and intonation shape stay the speaker's; pitch level and range, formant scale and brightness move to the target voice's measured profile.";

/**
 * The speech-to-speech models as ElevenLabs lists them (can_do_voice_conversion, not text to speech): the
 * built-in DSP conversion and ElevenLabs' two ids it also serves.
 */
const STS_MODELS: readonly { id: string; name: string; english: boolean; aliasOf?: string }[] = [
  { id: STS_MODEL_BUILT_IN, name: 'Vocalis Speech to Speech (DSP) v1', english: false },
  ...STS_MODEL_ALIASES.map((id) => ({
    id,
    name: id === 'eleven_english_sts_v2' ? 'Eleven English v2' : 'Eleven Multilingual v2',
    english: id === 'eleven_english_sts_v2',
    aliasOf: STS_MODEL_BUILT_IN,
  })),
];

/** Models: the same for every caller (no workspace data); the ElevenLabs aliases after the models. */
export class ModelsService {
  constructor(private readonly catalogue: ModelCatalogue) {}

  async list(): Promise<Model[]> {
    const speech = await Promise.all(this.catalogue.listWithAliases().map((m) => this.present(m)));
    const languages = speech.find((m) => m.model_id === 'vocalis_espeak_v1')?.languages ?? [];
    return [...speech, ...STS_MODELS.map((m) => this.presentSts(m, languages))];
  }

  private presentSts(m: (typeof STS_MODELS)[number], languages: Model['languages']): Model {
    return {
      model_id: m.id,
      name: m.aliasOf ? `${m.name} (alias of ${STS_MODEL_BUILT_IN})` : m.name,
      description: m.aliasOf
        ? `Accepted for ElevenLabs' ${m.name} speech-to-speech model; served by ${m.aliasOf}. ${STS_DESCRIPTION}`
        : STS_DESCRIPTION,
      can_be_finetuned: false,
      can_do_text_to_speech: false,
      can_do_voice_conversion: true,
      can_use_style: false,
      can_use_speaker_boost: true,
      serves_pro_voices: false,
      token_cost_factor: 1,
      requires_alpha_access: false,
      max_characters_request_free_user: 0,
      max_characters_request_subscribed_user: 0,
      maximum_text_length_per_request: 0,
      // DSP conversion does not depend on the language; the English id is listed as English as ElevenLabs does.
      languages: m.english ? [{ language_id: 'en', name: 'English' }] : languages,
      model_rates: { character_cost_multiplier: 1 },
      concurrency_group: 'standard',
      ...(m.aliasOf && { alias_of: m.aliasOf }),
    };
  }

  private async present(m: BuiltInModel): Promise<Model> {
    const languages = await this.catalogue.languages(m);
    return {
      model_id: m.modelId,
      name: m.name,
      description: m.description,
      can_be_finetuned: false,
      can_do_text_to_speech: true,
      can_do_voice_conversion: false,
      can_use_style: m.engine !== 'http',
      can_use_speaker_boost: true,
      serves_pro_voices: false,
      token_cost_factor: 1,
      requires_alpha_access: false,
      max_characters_request_free_user: m.maxCharacters,
      max_characters_request_subscribed_user: m.maxCharacters,
      maximum_text_length_per_request: m.maxCharacters,
      languages: languages.map((l) => ({ language_id: l.code, name: l.name })),
      model_rates: { character_cost_multiplier: 1 },
      concurrency_group: 'standard',
      ...(m.aliasOf && { alias_of: m.aliasOf }),
    };
  }
}
