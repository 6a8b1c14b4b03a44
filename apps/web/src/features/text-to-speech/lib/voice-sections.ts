import type { Voice } from '@vocalis/contracts/voices';

/** "Recent voices limit 4" (§9). */
export const RECENT_VOICES_LIMIT = 4;
/** "voice search list limit 1000 per section" (§9). */
export const SECTION_LIMIT = 1000;

export type VoiceSectionKey = 'recent' | 'professional' | 'cloned' | 'generated' | 'default';
export type VoiceSection = { key: VoiceSectionKey; title: string; voices: Voice[] };

const TITLES: Record<VoiceSectionKey, string> = {
  recent: 'Recent',
  professional: 'Professional voices',
  cloned: 'Cloned voices',
  generated: 'Generated voices',
  default: 'Default voices',
};

/** Which section a voice belongs to; premade and the library categories count as default voices. */
export function sectionOf(voice: Pick<Voice, 'category'>): Exclude<VoiceSectionKey, 'recent'> {
  switch (voice.category) {
    case 'professional':
    case 'cloned':
    case 'generated':
      return voice.category;
    default:
      return 'default';
  }
}

/** Whether the search text matches the voice's name, description or label values (case-insensitive). */
export function matchesVoice(voice: Voice, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const haystack = [voice.name, voice.description ?? '', ...Object.values(voice.labels ?? {})]
    .join(' ')
    .toLowerCase();
  return q.split(/\s+/).every((word) => haystack.includes(word));
}

/**
 * The dropdown's sections in order — Recent, professional, cloned, generated, default — each filtered
 * by `query`; empty sections are left out, so no sections at all means "No Results.".
 */
export function voiceSections(voices: Voice[], recentIds: string[], query: string): VoiceSection[] {
  const byId = new Map(voices.map((v) => [v.voice_id, v]));
  const recent = recentIds
    .map((id) => byId.get(id))
    .filter((v): v is Voice => v !== undefined)
    .slice(0, RECENT_VOICES_LIMIT);
  const groups: Record<VoiceSectionKey, Voice[]> = {
    recent,
    professional: [],
    cloned: [],
    generated: [],
    default: [],
  };
  for (const voice of voices) groups[sectionOf(voice)].push(voice);
  return (Object.keys(TITLES) as VoiceSectionKey[])
    .map((key) => ({
      key,
      title: TITLES[key],
      voices: groups[key].filter((v) => matchesVoice(v, query)).slice(0, SECTION_LIMIT),
    }))
    .filter((section) => section.voices.length > 0);
}

/** Puts `id` first in the recent list, without duplicates, keeping at most 4. */
export function rememberRecent(recentIds: string[], id: string): string[] {
  return [id, ...recentIds.filter((r) => r !== id)].slice(0, RECENT_VOICES_LIMIT);
}
