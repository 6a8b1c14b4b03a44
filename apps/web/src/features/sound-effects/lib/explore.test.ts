import type { SoundCategoryDto } from '@vocalis/contracts/sound-effects';
import { describe, expect, it } from 'vitest';

import { formatSeconds, searchCategories } from './explore';

const cat = (
  id: SoundCategoryDto['category_id'],
  name: string,
  keywords: string[],
  description: string,
  prompts: string[],
) => ({
  category_id: id,
  name,
  description,
  keywords,
  default_duration_seconds: 5,
  examples: prompts.map((prompt) => ({ prompt, preview_url: '' })),
});
const ALL = [
  cat('rain', 'Rain', ['rain', 'drizzle'], 'Rain on a surface.', ['Heavy rain on a roof']),
  cat('wind', 'Wind', ['wind', 'breeze'], 'Wind with gusts on a roof.', ['Howling wind']),
  cat('tone', 'Tones and beeps', ['beep', 'tone'], 'A pure tone.', ['1000 Hz beep']),
];

describe('searchCategories', () => {
  it('finds categories by name, keyword, description or example, best first', () => {
    expect(searchCategories(ALL, 'drizzle').map((c) => c.category_id)).toEqual(['rain']);
    expect(searchCategories(ALL, 'roof').map((c) => c.category_id)).toEqual(['rain', 'wind']);
    expect(searchCategories(ALL, 'BEEP 1000').map((c) => c.category_id)).toEqual(['tone']);
    expect(searchCategories(ALL, 'dog')).toEqual([]);
    expect(searchCategories(ALL, '  ')).toHaveLength(3);
  });
  it('formats seconds', () => {
    expect(formatSeconds(3.25)).toBe('0:03.3');
    expect(formatSeconds(75)).toBe('1:15.0');
  });
});
