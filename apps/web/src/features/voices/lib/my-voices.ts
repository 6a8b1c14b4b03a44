import type { Voice } from '@vocalis/contracts/voices';

export type VoiceSort = 'newest' | 'oldest' | 'name';
export const SORT_LABELS: Record<VoiceSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name',
};

/** The workspace's own voices: cloned, generated, professional (premade ones are the default voices). */
export function isOwnVoice(v: Pick<Voice, 'category'>): boolean {
  return v.category === 'cloned' || v.category === 'generated' || v.category === 'professional';
}

/** Whether every word of `query` is in the voice's name, description or label values (any case). */
export function matchesQuery(v: Voice, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [v.name, v.description ?? '', ...Object.values(v.labels ?? {})].join(' ').toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** The own voices matching `query`, in the chosen order. */
export function myVoices(voices: Voice[], query: string, sort: VoiceSort): Voice[] {
  const list = voices.filter((v) => isOwnVoice(v) && matchesQuery(v, query));
  const created = (v: Voice) => v.created_at_unix ?? 0;
  return list.sort((a, b) =>
    sort === 'name'
      ? a.name.localeCompare(b.name, 'en')
      : sort === 'newest'
        ? created(b) - created(a)
        : created(a) - created(b),
  );
}

const CATEGORY_LABELS: Record<string, string> = {
  cloned: 'Instant clone',
  generated: 'Designed',
  professional: 'Professional',
  premade: 'Default',
};
export const categoryLabel = (category: string) => CATEGORY_LABELS[category] ?? category;

/** What a profile voice was fitted to, in words (decision 060): pitch, pace and brightness, not timbre. */
export function profileSummary(v: Pick<Voice, 'voice_profile'>): string | null {
  const p = v.voice_profile;
  if (!p) return null;
  const bright = p.brightness_db >= 0 ? `+${p.brightness_db.toFixed(1)}` : p.brightness_db.toFixed(1);
  return (
    `A built-in ${p.base_gender} voice fitted to the samples: pitch ${Math.round(p.pitch_median_hz)} Hz ` +
    `(range ${p.pitch_range_semitones.toFixed(1)} semitones), pace ${p.syllables_per_second.toFixed(1)} syllables/s, ` +
    `brightness ${bright} dB. Not a neural clone: the speaker's timbre is not reproduced.`
  );
}

export type PremadeFilters = { gender: string; accent: string; useCase: string };
export const NO_FILTERS: PremadeFilters = { gender: '', accent: '', useCase: '' };

/** The values a label takes among `voices`, sorted, for a filter's options. */
export function labelValues(voices: Voice[], key: string): string[] {
  return [...new Set(voices.map((v) => v.labels?.[key]).filter((x): x is string => !!x))].sort();
}

/** The premade voices matching every chosen filter (gender, accent, use case) and the search. */
export function defaultVoices(voices: Voice[], f: PremadeFilters, query: string): Voice[] {
  return voices.filter(
    (v) =>
      v.category === 'premade' &&
      (!f.gender || v.labels?.gender === f.gender) &&
      (!f.accent || v.labels?.accent === f.accent) &&
      (!f.useCase || v.labels?.use_case === f.useCase) &&
      matchesQuery(v, query),
  );
}
