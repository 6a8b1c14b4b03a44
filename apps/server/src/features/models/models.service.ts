import type { Model } from '@vocalis/contracts/models';
import type { BuiltInModel, ModelCatalogue } from './model-catalogue';

/** Models: the same for every caller (no workspace data); the ElevenLabs aliases after the models. */
export class ModelsService {
  constructor(private readonly catalogue: ModelCatalogue) {}

  async list(): Promise<Model[]> {
    return Promise.all(this.catalogue.listWithAliases().map((m) => this.present(m)));
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
