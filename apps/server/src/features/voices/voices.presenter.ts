import type { Voice, VoiceSettingsResponse } from '@vocalis/contracts/voices';
import { DEFAULT_MODEL_ID } from '../models/model-catalogue';
import type { CatalogueVoice } from './voice-builders';

const NATIVE_MODEL = { flite: 'vocalis_flite_v1', espeak: 'vocalis_espeak_v1' } as const;

/** The API shape of a premade voice. */
export function presentVoice(
  v: CatalogueVoice,
  o: { previewUrl: string; settings: VoiceSettingsResponse | null },
): Voice {
  const verified = (model_id: string) => ({
    model_id,
    language: v.language.split('-')[0]!,
    accent: v.labels.accent,
    locale: v.locale,
    preview_url: o.previewUrl,
  });
  return {
    voice_id: v.voiceId,
    name: v.name,
    category: 'premade',
    description: v.description,
    labels: { ...v.labels },
    preview_url: o.previewUrl,
    available_for_tiers: [],
    settings: o.settings,
    sharing: null,
    high_quality_base_model_ids: [],
    verified_languages: [verified(DEFAULT_MODEL_ID), verified(NATIVE_MODEL[v.engine])],
    collection_ids: [],
    safety_control: null,
    samples: null,
    voice_profile: null,
    voice_verification: {
      requires_verification: false,
      is_verified: false,
      verification_failures: [],
      verification_attempts_count: 0,
    },
    permission_on_resource: null,
    is_owner: false,
    is_legacy: false,
    is_mixed: false,
    created_at_unix: null,
  };
}
