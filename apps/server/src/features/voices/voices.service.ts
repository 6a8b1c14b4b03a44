import type { SearchVoicesQuery, Voice, VoiceSettingsResponse } from '@vocalis/contracts/voices';
import { badRequest, notFound } from '../../errors';
import { effectiveSettings } from '../../speech/speech-plan';
import type { CatalogueVoice } from './voice-builders';
import { OPENAI_VOICE_MAP } from './voice-catalogue';
import type { PreviewFile, VoicePreviews } from './voice-previews';
import { presentVoice } from './voices.presenter';

const voiceNotFound = (id: string) =>
  notFound(`A voice with the voice_id ${id} was not found.`, 'voice_not_found');

/**
 * Voices: today the premade catalogue, the same for every workspace. Workspace voices (cloned,
 * generated) will join it here, with a policy check per workspace.
 */
export class VoicesService {
  private readonly byId: Map<string, CatalogueVoice>;

  constructor(
    private readonly catalogue: readonly CatalogueVoice[],
    private readonly previews: VoicePreviews,
    private readonly publicUrl: string,
  ) {
    this.byId = new Map(catalogue.map((v) => [v.voiceId, v]));
  }

  list(): { voices: Voice[] } {
    return { voices: this.catalogue.map((v) => this.present(v, true)) };
  }

  /** `GET /v2/voices`: filter, sort, page by an opaque offset token. */
  search(q: SearchVoicesQuery) {
    const terms = (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const eq = (a: string, b: string | undefined) => b === undefined || a.toLowerCase() === b.toLowerCase();
    const premadeWanted =
      (!q.voice_type || q.voice_type === 'default') &&
      (!q.category || q.category === 'premade') &&
      !q.collection_id &&
      !q.fine_tuning_state;
    const matches = premadeWanted
      ? this.catalogue.filter((v) => {
          const haystack = [v.name, v.description, ...Object.values(v.labels)].join(' ').toLowerCase();
          const langs = [v.language, v.locale].map((l) => l.toLowerCase());
          return (
            terms.every((t) => haystack.includes(t)) &&
            eq(v.labels.gender, q.gender) &&
            eq(v.labels.age, q.age) &&
            eq(v.labels.accent, q.accent) &&
            (!q.language?.length || q.language.some((l) => langs.includes(l.toLowerCase()))) &&
            (!q.use_cases?.length || q.use_cases.includes(v.labels.use_case)) &&
            (!q.voice_ids?.length || q.voice_ids.includes(v.voiceId))
          );
        })
      : [];
    const sort = q.sort ?? 'name';
    const direction = q.sort_direction ?? (sort === 'name' ? 'asc' : 'desc');
    // Premade voices have no creation date: catalogue order stands in for it.
    const sorted =
      sort === 'name' ? [...matches].sort((a, b) => a.name.localeCompare(b.name, 'en')) : [...matches];
    if (direction === 'desc') sorted.reverse();
    const offset = q.next_page_token ? decodeToken(q.next_page_token) : 0;
    const page = sorted.slice(offset, offset + q.page_size);
    const next = offset + page.length;
    return {
      voices: page.map((v) => this.present(v, true)),
      has_more: next < sorted.length,
      total_count: sorted.length,
      next_page_token: next < sorted.length ? encodeToken(next) : null,
    };
  }

  get(voiceId: string, withSettings = true): Voice {
    return this.present(this.profile(voiceId), withSettings);
  }

  settings(voiceId: string): VoiceSettingsResponse {
    return effectiveSettings(this.profile(voiceId));
  }

  /** The catalogue voice for an id, or a 404 `voice_not_found`. */
  profile(voiceId: string): CatalogueVoice {
    const voice = this.byId.get(voiceId);
    if (!voice) throw voiceNotFound(voiceId);
    return voice;
  }

  /** An OpenAI voice name (alloy, nova …), a voice_id or a voice name (any case) → a voice, or a 404. */
  forOpenAi(name: string): CatalogueVoice {
    const mapped = OPENAI_VOICE_MAP[name.toLowerCase()];
    const voice =
      this.byId.get(mapped ?? name) ??
      this.catalogue.find((v) => v.name.toLowerCase() === name.toLowerCase());
    if (!voice) throw voiceNotFound(name);
    return voice;
  }

  preview(voiceId: string): Promise<PreviewFile> {
    return this.previews.file(this.profile(voiceId));
  }

  /** Generates missing previews in the background (called once the server listens). */
  warmPreviews(signal: AbortSignal): Promise<void> {
    return this.previews.warmAll(this.catalogue, signal);
  }

  private present(v: CatalogueVoice, withSettings: boolean): Voice {
    const previewUrl = `${this.publicUrl}/v1/voices/${v.voiceId}/preview?v=${this.previews.version(v)}`;
    return presentVoice(v, { previewUrl, settings: withSettings ? effectiveSettings(v) : null });
  }
}

const TOKEN_PREFIX = 'o:';
const encodeToken = (offset: number) => Buffer.from(`${TOKEN_PREFIX}${offset}`).toString('base64url');
function decodeToken(token: string): number {
  const raw = Buffer.from(token, 'base64url').toString();
  const offset = raw.startsWith(TOKEN_PREFIX) ? Number(raw.slice(TOKEN_PREFIX.length)) : NaN;
  if (!Number.isInteger(offset) || offset < 0)
    throw badRequest('Invalid next_page_token.', 'invalid_page_token');
  return offset;
}
