import type { SoundCategoryDto } from '@vocalis/contracts/sound-effects';

/**
 * The explore search: categories whose name, description, keywords or example prompts contain every word of
 * the query (case-insensitive), best first (name and keyword hits before description hits).
 */
export function searchCategories(categories: readonly SoundCategoryDto[], query: string): SoundCategoryDto[] {
  const words = query.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  if (!words.length) return [...categories];
  const scored = categories.map((c) => {
    const strong = [c.name, ...c.keywords].join(' ').toLowerCase();
    const weak = [c.description, ...c.examples.map((e) => e.prompt)].join(' ').toLowerCase();
    let score = 0;
    for (const w of words) {
      if (strong.includes(w)) score += 2;
      else if (weak.includes(w)) score += 1;
      else return { c, score: 0 };
    }
    return { c, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((s) => s.c);
}

/** Seconds as m:ss.t for short sounds. */
export const formatSeconds = (s: number): string =>
  `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;
