import type {
  LibraryVoice,
  ShareStats,
  VoiceCollection,
  VoiceSharing,
} from '@vocalis/contracts/voice-library';
import { rateMultiplier } from '@vocalis/domain/voices/voice-sharing';
import { DEFAULT_MODEL_ID } from '../models/model-catalogue';
import type { LibraryRow } from './voice-library.repo';
import type { CollectionRow } from './voice-collections.repo';
import type { VoiceRow, VoiceSharingRow } from './voice-sharing.repo';

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The library's labels of a shared voice: the sharing labels over the voice's own. */
export function libraryLabels(voice: VoiceRow, sharing: VoiceSharingRow): Record<string, string> {
  return { gender: voice.profile.gender, ...voice.labels, ...sharing.labels };
}

/** The path of a library voice's preview clip (public). */
export const libraryPreviewPath = (publicOwnerId: string, voiceId: string) =>
  `/v1/shared-voices/${encodeURIComponent(publicOwnerId)}/${encodeURIComponent(voiceId)}/preview`;

/** A voice in the library as others see it: the rate as a multiplier, no notice period. */
export function presentLibraryVoice(row: LibraryRow, publicUrl: string): LibraryVoice {
  const { sharing, voice } = row;
  const labels = libraryLabels(voice, sharing);
  return {
    public_owner_id: sharing.publicOwnerId,
    voice_id: voice.id,
    date_unix: unix(sharing.enabledAt)!,
    name: voice.name,
    accent: labels.accent ?? '',
    gender: labels.gender ?? '',
    age: labels.age ?? '',
    descriptive: labels.descriptive ?? '',
    use_case: labels.use_case ?? '',
    category: voice.category,
    language: voice.language,
    locale: voice.language === 'en' ? 'en-US' : voice.language,
    description: voice.description ?? '',
    preview_url: `${publicUrl}${libraryPreviewPath(sharing.publicOwnerId, voice.id)}`,
    usage_character_count_1y: row.usage1y,
    usage_character_count_7d: row.usage7d,
    play_api_usage_character_count_1y: row.usage1y,
    cloned_by_count: row.clonedBy,
    rate: rateMultiplier(sharing.customRate),
    free_users_allowed: sharing.freeUsersAllowed,
    live_moderation_enabled: sharing.liveModeration,
    featured: sharing.featured,
    is_added_by_user: row.addedVoiceId !== null,
    added_voice_id: row.addedVoiceId,
    verified_languages: [
      { model_id: DEFAULT_MODEL_ID, language: voice.language, locale: 'en-US', preview_url: null },
    ],
  };
}

/** An owner's view of their voice's sharing: notice period and custom rate included. */
export function presentOwnerSharing(
  voice: VoiceRow,
  s: VoiceSharingRow,
  clonedByCount: number,
): VoiceSharing {
  return {
    status: s.status,
    public_owner_id: s.publicOwnerId,
    original_voice_id: voice.id,
    enabled_in_library: s.enableLibrary,
    date_unix: unix(s.enabledAt)!,
    free_users_allowed: s.freeUsersAllowed,
    live_moderation_enabled: s.liveModeration,
    voice_mixing_allowed: s.voiceMixingAllowed,
    reader_app_enabled: s.readerAppEnabled,
    rate: rateMultiplier(s.customRate),
    notice_period: s.noticePeriodDays,
    custom_rate: s.customRate,
    disable_at_unix: null,
    whitelisted_emails: s.whitelistedEmails,
    history_item_sample_id: s.previewHistoryItemId,
    reader_restricted_on: s.readerRestrictedOn,
    labels: libraryLabels(voice, s),
    cloned_by_count: clonedByCount,
    featured: s.featured,
    name: voice.name,
    description: voice.description,
  };
}

/** A copy's view: where it came from, and when it stops working once its owner stopped sharing. */
export function presentCopySharing(copy: VoiceRow): VoiceSharing | null {
  if (!copy.copyStatus || !copy.copyOfVoiceId) return null;
  return {
    status: copy.copyStatus,
    public_owner_id: copy.copyPublicOwnerId ?? '',
    original_voice_id: copy.copyOfVoiceId,
    disable_at_unix: unix(copy.copyDisableAt),
    labels: { ...copy.labels },
    name: copy.name,
    description: copy.description,
  };
}

export function presentCollection(row: CollectionRow, voiceIds: string[]): VoiceCollection {
  return {
    collection_id: row.id,
    title: row.title,
    icon: row.icon,
    permission_on_resource: 'admin',
    voice_ids: voiceIds,
    created_at_unix: unix(row.createdAt)!,
  };
}

/** Share stats with every day of the range present (zeros included), oldest first. */
export function presentShareStats(
  voiceId: string,
  range: ShareStats['range'],
  since: Date,
  now: Date,
  readerApp: boolean,
  byDay: {
    uses: { day: string; uses: number; characters: number }[];
    copies: { day: string; copies: number }[];
  },
): ShareStats {
  const days: ShareStats['days'] = [];
  const uses = new Map(byDay.uses.map((u) => [u.day, u]));
  const copies = new Map(byDay.copies.map((c) => [c.day, c.copies]));
  for (
    let d = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate());
    d <= now.getTime();
    d += 86_400_000
  ) {
    const date = new Date(d).toISOString().slice(0, 10);
    days.push({
      date,
      uses: uses.get(date)?.uses ?? 0,
      characters: uses.get(date)?.characters ?? 0,
      copies: copies.get(date) ?? 0,
    });
  }
  const sum = (k: 'uses' | 'characters' | 'copies') => days.reduce((s, d) => s + d[k], 0);
  return {
    voice_id: voiceId,
    range,
    start_unix: unix(since)!,
    end_unix: unix(now)!,
    reader_app: readerApp,
    uses: sum('uses'),
    characters: sum('characters'),
    copies: sum('copies'),
    days,
  };
}
